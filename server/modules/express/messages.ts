import { defineMessages } from '../../http/messages';

export const expressMessages = defineMessages({
  'express.notShipped': { 'zh-cn': '该订单尚未发货，暂无物流信息。', en: 'This order has not been shipped yet, so there is no tracking.' },
  'express.notFound': { 'zh-cn': '快递公司暂未查到该运单的物流信息，请稍后再查。', en: 'The courier has no tracking for this waybill yet; please look again later.' },
  'express.rejected': { 'zh-cn': '物流查询服务暂不可用，请稍后再试或联系客服。', en: 'Parcel tracking is not available right now; please try later or contact us.' },
  'express.unreachable': { 'zh-cn': '物流查询服务暂时无法连接，请稍后再试。', en: 'The tracking service could not be reached; please try again in a moment.' },
});
