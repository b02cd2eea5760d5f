import { definePage } from '../../../table/definePage';
import type { FormField, PageConfig } from '../../../table/types';
import { createdAtColumn } from '../../Admin/shared/columns';
import { LIVE_STOPPED, SALE_STATES, discountField, goodsPicker, saleColumns, saleView } from '../../Admin/shared/promotionColumns';

/** Menu view `Seller/seckills/index` (menu 53): the store's flash sales — goods, percent off, an optional cap on units, start and end. */
const fields: FormField[] = [
  goodsPicker,
  discountField,
  { label: 'page.promo.stock', value: 'stock', type: 'number', min: 1, max: 999999, hint: 'page.promo.stockHint', span: 12 },
  { label: 'page.promo.startTime', value: 'start_time', type: 'datetime', span: 12 },
  { label: 'page.promo.endTime', value: 'end_time', type: 'datetime', span: 12 },
];

export const sellerSeckillsPage: PageConfig = {
  url: '/Seller/seckills',
  buttons: { destroy: true },
  columns: [...saleColumns, createdAtColumn],
  search: [{ label: 'page.promo.state', value: 'status', type: 'select', translate: true }],
  dictData: { state: SALE_STATES, status: LIVE_STOPPED },
  form: {
    add: fields,
    edit: fields,
    view: saleView,
    rules: {
      goods_id: [{ required: true }],
      discount: [{ required: true }, { number: { min: 0.01, max: 99.99 } }],
      stock: [{ number: { min: 1, max: 999999, integer: true } }],
      start_time: [{ required: true }],
      end_time: [{ required: true }],
    },
  },
};

export default definePage(sellerSeckillsPage);
