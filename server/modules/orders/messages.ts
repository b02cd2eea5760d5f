import { defineMessages } from '../../http/messages';

/** Messages of the order state table and the order endpoints (docs/orders-api.md). */
export const ordersMessage = defineMessages({
  'orders.notFound': { 'zh-cn': '订单不存在', en: 'No such order' },
  'orders.illegalState': {
    'zh-cn': '订单当前状态为「{stateZh}」，不能执行此操作',
    en: 'The order is now "{stateEn}": this cannot be done',
  },
  'orders.actionNotAllowed': { 'zh-cn': '无权执行此订单操作', en: 'You may not do this to the order' },
  // checkout (preview and create)
  'orders.badParams': { 'zh-cn': '下单参数不正确（{detail}）', en: 'The order parameters are invalid ({detail})' },
  'orders.tooManyLines': { 'zh-cn': '一次最多结算 {max} 件商品', en: 'At most {max} lines can be checked out at once' },
  'orders.addressRequired': { 'zh-cn': '请选择收货地址', en: 'Choose a delivery address' },
  'orders.addressNotFound': { 'zh-cn': '收货地址不存在', en: 'No such delivery address' },
  'orders.badIdemKey': { 'zh-cn': 'idem_key 必须是 8 到 64 位字母、数字、下划线或短横线', en: 'idem_key must be 8 to 64 letters, digits, underscores or dashes' },
  'orders.repeatRefused': { 'zh-cn': '重复下单已拒绝，请耐心等待', en: 'Repeated order placing refused: please wait patiently' },
  'orders.subAccount': { 'zh-cn': '子账号不能下单', en: 'Sub-accounts cannot place orders' },
  'orders.linesRefused': { 'zh-cn': '有商品无法购买，请返回修改', en: 'Some goods cannot be bought: go back and change the order' },
  'orders.refusal.gone': { 'zh-cn': '商品已不存在', en: 'This goods no longer exists' },
  'orders.refusal.offShelf': { 'zh-cn': '商品已下架', en: 'This goods is off the shelf' },
  'orders.refusal.notApproved': { 'zh-cn': '商品未通过审核', en: 'This goods is not approved' },
  'orders.refusal.storeClosed': { 'zh-cn': '店铺已关闭', en: 'The store is closed' },
  'orders.refusal.skuRequired': { 'zh-cn': '请选择商品规格', en: 'Choose the goods specification' },
  'orders.refusal.badSku': { 'zh-cn': '该规格不存在或不属于此商品', en: 'This specification does not exist or does not belong to the goods' },
  'orders.refusal.overStock': { 'zh-cn': '库存不足（剩余 {stock}）', en: 'Not enough stock ({stock} left)' },
  'orders.refusal.buyNum': { 'zh-cn': '购买数量必须是 1 到 9999 之间的整数', en: 'The quantity must be a whole number from 1 to 9,999' },
  'orders.refusal.ownStore': { 'zh-cn': '不能购买自己店铺的商品', en: 'You cannot buy from your own store' },
  // the shopper's orders
  'orders.badStatus': { 'zh-cn': 'order_status 只能是 0（取消订单）或 4（确认收货）', en: 'order_status must be 0 (cancel) or 4 (confirm receipt)' },
});
