import { defineMessages } from '../../http/messages';

/** Messages of the payment endpoints (docs/orders-api.md "Payment"). */
export const paymentMessage = defineMessages({
  'payment.nothingToPay': { 'zh-cn': '该订单已支付或已取消', en: 'These orders are already paid or cancelled' },
  'payment.methodInvalid': { 'zh-cn': '支付方式非法', en: 'Unknown payment method' },
  'payment.passwordWrong': { 'zh-cn': '支付密码错误', en: 'Wrong payment password' },
  'payment.passwordUnset': { 'zh-cn': '请先设置支付密码', en: 'Please set a payment password first' },
  'payment.passwordFormat': { 'zh-cn': '支付密码须为 6 位数字', en: 'The payment password must be 6 digits' },
  'payment.passwordLocked': {
    'zh-cn': '支付密码错误次数过多，请 15 分钟后再试',
    en: 'Too many wrong payment passwords, please try again in 15 minutes',
  },
  'payment.passwordSet': { 'zh-cn': '支付密码已设置', en: 'Your payment password is set' },
  'payment.noPhone': { 'zh-cn': '请先绑定手机号', en: 'Please add a phone number to your account first' },
  'payment.gatewayFailed': {
    'zh-cn': '支付渠道暂时不可用，请稍后重试或换一种支付方式',
    en: 'The payment channel is unavailable right now; please try again later or pick another method',
  },
  'payment.payNotFound': { 'zh-cn': '支付单不存在', en: 'No such payment' },
});

/** Messages of refunds (payment/refund.ts). */
export const refundMessage = defineMessages({
  'refund.notPaid': { 'zh-cn': '该订单尚未支付，无法退款', en: 'This order is not paid, so nothing can be refunded' },
  'refund.amountInvalid': { 'zh-cn': '退款金额须大于 0', en: 'The refund amount must be above zero' },
  'refund.exceedsPaid': {
    'zh-cn': '退款金额超过可退金额（最多 ¥{left}）',
    en: 'The refund exceeds what is left to refund (at most ¥{left})',
  },
  'refund.numberReused': { 'zh-cn': '退款单号已被使用', en: 'This refund number is already used' },
});
