import { GoodsFormPage } from '../../../goodsEditor/GoodsFormPage';
import { SELLER_GOODS_FORM } from '../../../subPages';

/** `/Seller/goods/form/{id?}` (issue 30): the seller's goods editor at its own address. */
export default function SellerGoodsFormPage() {
  return <GoodsFormPage pattern={SELLER_GOODS_FORM} list="/Seller/goods" />;
}
