import { defineMessages } from '../../http/messages';

export const smsMessages = defineMessages({
  smsSent: { 'zh-cn': '短信发送成功。', en: 'The code has been sent.' },
  smsTooFrequent: { 'zh-cn': '请勿频繁发送短信，请 30 秒后再试。', en: 'Please wait 30 seconds before asking for another code.' },
  smsTemplateUnknown: { 'zh-cn': '短信模板不存在。', en: 'No such SMS template.' },
  smsCodeInvalid: { 'zh-cn': '验证码错误或已过期。', en: 'The verification code is wrong or has expired.' },
  smsCodeLocked: { 'zh-cn': '验证码错误次数过多，请重新获取。', en: 'Too many wrong codes, please ask for a new one.' },
  phoneTaken: { 'zh-cn': '该手机号已注册。', en: 'This phone number is already registered.' },
  smsProviderThrottled: { 'zh-cn': '该手机号获取验证码过于频繁，请稍后再试。', en: 'Too many codes have been sent to this phone; please try again later.' },
  smsPhoneRefused: { 'zh-cn': '短信无法发送到该手机号，请检查号码。', en: 'Codes cannot be sent to this phone number; please check it.' },
  smsProviderRejected: { 'zh-cn': '短信服务暂不可用，请稍后再试或联系客服。', en: 'The SMS service is not available right now; please try again later or contact us.' },
  smsProviderUnreachable: { 'zh-cn': '短信服务暂时无法连接，请稍后再试。', en: 'The SMS service could not be reached; please try again in a moment.' },
  phoneUnknown: { 'zh-cn': '该手机号未注册。', en: 'This phone number is not registered.' },
});
