import { definePage } from '../../../../table/definePage';
import type { FormField, PageConfig } from '../../../../table/types';
import { createdAtColumn, createdAtView } from '../../shared/columns';

/**
 * Menu view `Admin/exts/integral_orders/index` — points orders (screens §4.5): read-only but for
 * shipping: an order awaiting shipment gets a "Ship" button that opens the courier and waybill
 * form (PUT /Admin/integral_orders/{id}); the server ships it once.
 */
const WAYBILL = { pattern: /^[A-Za-z0-9-]{4,30}$/, message: 'page.orders.waybillRule' };

const shipFields: FormField[] = [
  { label: 'page.orders.express', value: 'delivery_code', type: 'select', dict: 'delivery_code', filterable: true },
  { label: 'page.orders.waybillNo', value: 'delivery_no', maxLength: 30, hint: 'page.orders.waybillRule' },
];

export const integralOrdersPage: PageConfig = {
  url: '/Admin/integral_orders',
  columns: [
    { label: 'page.integralOrders.image', value: 'order_image', type: 'image', width: 90 },
    { label: 'page.integralOrders.orderNo', value: 'order_no', width: 200 },
    { label: 'page.integralOrders.name', value: 'order_name' },
    { label: 'page.integralOrders.buyer', value: 'user_id', type: 'dict' },
    { label: 'page.integralOrders.qty', value: 'buy_num', width: 80 },
    { label: 'page.integralOrders.total', value: 'total_price', type: 'tags' },
    { label: 'page.integralOrders.status', value: 'order_status', type: 'dict_tags', translate: true },
    createdAtColumn,
  ],
  search: [
    { label: 'page.integralOrders.orderNo', value: 'order_no', where: 'likeRight' },
    { label: 'page.integralOrders.name', value: 'order_name', where: 'like' },
    { label: 'page.integralOrders.status', value: 'order_status', type: 'select', dict: 'order_status', translate: true },
  ],
  dicts: [
    { name: 'user_id', url: '/Admin/users', selectByColumnIds: true, labelName: 'nickname', valueName: 'id' },
    { name: 'delivery_code', url: '/expresses', labelName: 'name', valueName: 'code' },
  ],
  dictData: {
    order_status: [
      { label: 'page.integralOrders.status.paid', value: 2 },
      { label: 'page.integralOrders.status.shipped', value: 3 },
      { label: 'page.integralOrders.status.cancelled', value: 0 },
    ],
  },
  form: {
    add: [],
    edit: shipFields,
    view: [
      { label: 'page.integralOrders.orderNo', value: 'order_no' },
      { label: 'page.integralOrders.image', value: 'order_image', viewType: 'image' },
      { label: 'page.integralOrders.name', value: 'order_name' },
      { label: 'page.integralOrders.buyer', value: 'user_id', viewType: 'dict' },
      { label: 'page.integralOrders.price', value: 'goods_price' },
      { label: 'page.integralOrders.qty', value: 'buy_num' },
      { label: 'page.integralOrders.total', value: 'total_price' },
      { label: 'page.integralOrders.status', value: 'order_status', viewType: 'dict_tags', translate: true },
      { label: 'page.integralOrders.receiver', value: 'receive_name' },
      { label: 'page.integralOrders.tel', value: 'receive_tel' },
      { label: 'page.integralOrders.address', value: 'receive_area' },
      { label: 'page.integralOrders.street', value: 'receive_address' },
      { label: 'page.integralOrders.remark', value: 'remark' },
      { label: 'page.orders.express', value: 'delivery_code', viewType: 'dict' },
      { label: 'page.orders.waybillNo', value: 'delivery_no' },
      { label: 'page.integralOrders.deliveryTime', value: 'delivery_time' },
      createdAtView,
    ],
    toForm: () => ({ delivery_code: '', delivery_no: '' }),
    rules: { delivery_code: [{ required: true }], delivery_no: [{ required: true }, WAYBILL] },
    width: 'min(520px, 92vw)',
    // the only edit is shipping: the dialog says so
    editLabels: { button: 'page.integralOrders.ship', title: 'page.integralOrders.shipTitle' },
  },
  buttons: { store: false, update: false, deletes: false, destroy: false },
  rowActions: [
    { label: 'page.integralOrders.ship', show: (row) => Number(row.order_status) === 2, onClick: (row, api) => api.openEdit(row.id as number), permission: 'update' },
  ],
};

export default definePage(integralOrdersPage);
