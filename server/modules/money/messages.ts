import { defineMessages } from '../../http/messages';

/** Messages of the money ledger. */
export const moneyMessage = defineMessages({
  'ledger.noAccount': { 'zh-cn': '账户不存在', en: 'No such account' },
  'ledger.insufficient': { 'zh-cn': '余额不足', en: 'Insufficient balance' },
});
