import { defineMessages } from '../../http/messages';

/** Messages of the order state table and the order endpoints (docs/orders-api.md). */
export const ordersMessage = defineMessages({
  'orders.notFound': { 'zh-cn': '订单不存在', en: 'No such order' },
  'orders.illegalState': {
    'zh-cn': '订单当前状态为「{stateZh}」，不能执行此操作',
    en: 'The order is now "{stateEn}": this cannot be done',
  },
  'orders.actionNotAllowed': { 'zh-cn': '无权执行此订单操作', en: 'You may not do this to the order' },
});
