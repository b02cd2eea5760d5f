import { defineMessages } from '../../http/messages';

/** Messages of the store's and the operator's order pages (docs/orders-api.md "Store", "Operator"). */
export const officeOrdersMessage = defineMessages({
  'officeOrders.issue.express': { 'zh-cn': '不是平台的物流公司', en: 'is not one of the platform\'s express companies' },
  'officeOrders.issue.waybill': {
    'zh-cn': '必须是 4–30 位字母、数字或短横线',
    en: 'must be 4–30 letters, digits or dashes',
  },
  'officeOrders.payment.balance': { 'zh-cn': '余额支付', en: 'Balance' },
  'officeOrders.payment.wechat': { 'zh-cn': '微信支付', en: 'WeChat Pay' },
  'officeOrders.payment.alipay': { 'zh-cn': '支付宝支付', en: 'Alipay' },
});
