import { defineMessages } from '../../http/messages';

export const authMessages = defineMessages({
  loginFailed: { 'zh-cn': '账号或密码错误。', en: 'Wrong account or password.' },
  loginOk: { 'zh-cn': '登录成功。', en: 'Logged in.' },
  accountDisabled: { 'zh-cn': '该账号已被禁用。', en: 'This account is disabled.' },
  notLoggedIn: { 'zh-cn': '账号异常。', en: 'Not logged in.' },
  passwordsDiffer: { 'zh-cn': '两次输入的密码不一致。', en: 'The two passwords do not match.' },
  currentPasswordRequired: {
    'zh-cn': '修改密码需要输入当前密码或短信验证码。',
    en: 'Changing the password needs the current password or an SMS code.',
  },
  currentPasswordWrong: { 'zh-cn': '当前密码不正确。', en: 'The current password is wrong.' },
  areaMismatch: { 'zh-cn': '登录入口与账号类型不符。', en: 'This login page does not accept this kind of account.' },
});
