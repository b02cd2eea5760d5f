import { GoodsFormPage } from '../../../../goodsEditor/GoodsFormPage';
import { ADMIN_GOODS_FORM } from '../../../../subPages';

/** `/Admin/goods/form/{id}` (issue 30): the operator's goods form at its own address. */
export default function AdminGoodsFormPage() {
  return <GoodsFormPage admin pattern={ADMIN_GOODS_FORM} list="/Admin/goods" />;
}
