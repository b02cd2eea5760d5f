import { definePage } from '../../../table/definePage';
import type { FormField, PageConfig } from '../../../table/types';
import { createdAtColumn } from '../../Admin/shared/columns';
import { LIVE_STOPPED, discountField, goodsPicker, offerColumns } from '../../Admin/shared/promotionColumns';

/** Menu view `Seller/collectives/index` (menu 54): the store's group buys — goods, percent off, group size, hours to fill. */
const fields: FormField[] = [
  goodsPicker,
  discountField,
  { label: 'page.promo.need', value: 'need', type: 'number', min: 2, max: 50, span: 12 },
  { label: 'page.promo.fillHours', value: 'fill_hours', type: 'number', min: 1, max: 720, span: 12 },
];

export const sellerCollectivesPage: PageConfig = {
  url: '/Seller/collectives',
  buttons: { destroy: true },
  columns: [...offerColumns, createdAtColumn],
  search: [{ label: 'page.promo.status', value: 'status', type: 'select', translate: true }],
  dictData: { status: LIVE_STOPPED },
  form: {
    add: fields,
    edit: fields,
    view: [
      { label: 'page.promo.goodsName', value: 'goods_name' },
      { label: 'page.promo.discount', value: 'discount' },
      { label: 'page.promo.need', value: 'need' },
      { label: 'page.promo.fillHours', value: 'fill_hours' },
    ],
    rules: {
      goods_id: [{ required: true }],
      discount: [{ required: true }, { number: { min: 0.01, max: 99.99 } }],
      need: [{ required: true }, { number: { min: 2, max: 50, integer: true } }],
      fill_hours: [{ required: true }, { number: { min: 1, max: 720, integer: true } }],
    },
  },
};

export default definePage(sellerCollectivesPage);
