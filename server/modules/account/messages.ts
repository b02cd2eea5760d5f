import { defineMessages } from '../../http/messages';

/** Messages of the shopper's own account endpoints (user centre /user/safe, /user/oauth). */
export const accountMessage = defineMessages({
  'account.passwordChanged': { 'zh-cn': '登录密码已修改，其他设备需重新登录。', en: 'Your password is changed; other devices must log in again.' },
  'account.phoneChanged': { 'zh-cn': '手机号已更换。', en: 'Your phone number is changed.' },
  'account.samePhone': { 'zh-cn': '新手机号与当前手机号相同。', en: 'The new phone number is the one you have.' },
});
