import { defineMessages } from '../../http/messages';

/** Messages of after-sales (docs/refunds.md). */
export const refundsMessage = defineMessages({
  'refunds.notFound': { 'zh-cn': '该订单没有售后申请', en: 'This order has no after-sale request' },
  'refunds.illegalStep': {
    'zh-cn': '售后当前为「{stageZh}」，不能进行此操作',
    en: 'The after-sale is at “{stageEn}”; this step does not apply now',
  },
  'refunds.stepNotAllowed': { 'zh-cn': '您不能进行此售后操作', en: 'You may not take this after-sale step' },
  'refunds.orderNotAllowed': {
    'zh-cn': '订单当前为「{stateZh}」，不能申请售后',
    en: 'The order is “{stateEn}”; no after-sale can be requested now',
  },
  'refunds.returnNeedsShipping': { 'zh-cn': '订单尚未发货，只能申请退款', en: 'The order has not shipped yet: only a refund can be requested' },
  'refunds.windowClosed': {
    'zh-cn': '已超过收货后 {days} 天的售后期限',
    en: 'The after-sale period of {days} days after receipt is over',
  },
  'refunds.settled': { 'zh-cn': '订单已结算，不能申请售后', en: 'The order is settled; no after-sale can be requested' },
  'refunds.nothingToRefund': { 'zh-cn': '订单没有可退的金额', en: 'Nothing is left to refund on this order' },
  'refunds.openExists': { 'zh-cn': '该订单已有进行中的售后申请', en: 'This order already has an open after-sale request' },
  'refunds.badAction': { 'zh-cn': '未知的售后操作', en: 'Unknown after-sale step' },
  'refunds.issue.express': { 'zh-cn': '请选择快递公司', en: 'Pick an express company from the list' },
  'refunds.issue.waybill': { 'zh-cn': '快递单号为 4–30 位字母、数字或短横线', en: 'A waybill number is 4–30 letters, digits or dashes' },
  'refunds.issue.image': { 'zh-cn': '图片地址无效', en: 'Not an image address' },
});

/** The stage names in both languages (422 messages, admin lists). */
export const STAGE_LABELS = {
  pending: { 'zh-cn': '等待商家审核', en: 'Waiting for the store' },
  awaitingReturn: { 'zh-cn': '等待买家寄回', en: 'Waiting for the buyer to send the goods back' },
  returning: { 'zh-cn': '等待商家收货', en: 'Goods on their way back to the store' },
  arrived: { 'zh-cn': '商家已收货', en: 'The store received the goods' },
  reshipped: { 'zh-cn': '商家已重新发货，等待买家确认收货', en: 'Re-shipped, waiting for the buyer to confirm receipt' },
  done: { 'zh-cn': '售后完成', en: 'After-sale finished' },
  refused: { 'zh-cn': '商家已拒绝', en: 'Refused by the store' },
  withdrawn: { 'zh-cn': '买家已撤销', en: 'Withdrawn by the buyer' },
} as const;
