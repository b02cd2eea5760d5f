import { defineMessages } from '../../http/messages';

export const oauthMessages = defineMessages({
  'oauth.unknownApp': { 'zh-cn': '不支持该登录方式。', en: 'This login method is not supported.' },
  'oauth.notConfigured': { 'zh-cn': '微信登录尚未开通。', en: 'WeChat login is not available on this site.' },
  'oauth.badState': { 'zh-cn': '登录请求已失效，请重新发起微信登录。', en: 'This login request has expired; please start the WeChat login again.' },
  'oauth.badCode': { 'zh-cn': '微信授权已失效，请重新扫码。', en: 'The WeChat authorisation has expired; please scan again.' },
  'oauth.rejected': { 'zh-cn': '微信登录暂不可用，请稍后再试或使用其他方式登录。', en: 'WeChat login is not available right now; please try later or log in another way.' },
  'oauth.unreachable': { 'zh-cn': '微信服务暂时无法连接，请稍后再试。', en: 'WeChat could not be reached; please try again in a moment.' },
  'oauth.badTicket': { 'zh-cn': '绑定已超时，请重新发起微信登录。', en: 'The binding has timed out; please start the WeChat login again.' },
  'oauth.takenByOther': { 'zh-cn': '该微信已绑定其他账号。', en: 'This WeChat account is bound to another account.' },
  'oauth.alreadyBound': { 'zh-cn': '您的账号已绑定了一个微信，请先解绑。', en: 'Your account is already bound to a WeChat account; unbind it first.' },
  'oauth.notBound': { 'zh-cn': '您的账号未绑定该登录方式。', en: 'Your account is not bound to this login method.' },
  'oauth.unbound': { 'zh-cn': '已解除绑定。', en: 'Unbound.' },
  'oauth.app.weixin': { 'zh-cn': '微信（公众号）', en: 'WeChat (official account)' },
  'oauth.app.weixinweb': { 'zh-cn': '微信（网站扫码）', en: 'WeChat (QR code on PC)' },
  'oauth.bound': { 'zh-cn': '绑定成功。', en: 'Bound.' },
});
