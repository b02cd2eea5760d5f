import { defineMessages } from '../../http/messages';

export const authMessages = defineMessages({
  loginFailed: { 'zh-cn': '账号或密码错误。', en: 'Wrong account or password.' },
  loginOk: { 'zh-cn': '登录成功。', en: 'Logged in.' },
  accountDisabled: { 'zh-cn': '该账号已被禁用。', en: 'This account is disabled.' },
  notLoggedIn: { 'zh-cn': '账号异常。', en: 'Not logged in.' },
  passwordsDiffer: { 'zh-cn': '两次输入的密码不一致。', en: 'The two passwords do not match.' },
  areaMismatch: { 'zh-cn': '登录入口与账号类型不符。', en: 'This login page does not accept this kind of account.' },
});
