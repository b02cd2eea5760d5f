import { defineMessages } from '../../http/messages';

/** Messages of settlement and withdrawals. */
export const settleMessage = defineMessages({
  'settle.none': { 'zh-cn': '没有待结算的订单。', en: 'No orders waiting for settlement.' },
  'settle.done': { 'zh-cn': '已结算 {count} 笔订单，共 {amount} 元。', en: 'Settled {count} order(s), {amount} in all.' },
  'cash.notFound': { 'zh-cn': '提现记录不存在', en: 'No such withdrawal' },
  'cash.state': { 'zh-cn': '该提现已是「{zh}」状态，不能再处理。', en: 'This withdrawal is already "{en}"; it cannot be handled again.' },
  'cash.insufficient': { 'zh-cn': '可提现余额不足（当前 {balance} 元）', en: 'Not enough balance to withdraw (you have {balance})' },
  'cash.tooSmall': { 'zh-cn': '扣除手续费 {fee} 元后到账金额须大于 0', en: 'After the fee of {fee} the amount paid out must be above 0' },
  'cash.refuseInfo': { 'zh-cn': '拒绝提现时请填写拒绝原因', en: 'Give a reason when refusing a withdrawal' },
  'cash.badStatus': { 'zh-cn': '审核结果只能是 1（打款）或 2（拒绝）', en: 'The decision must be 1 (pay out) or 2 (refuse)' },
  'cash.badCard': { 'zh-cn': '银行卡号应为 8–30 位数字', en: 'A card number has 8 to 30 digits' },
  'cash.checkRequired': { 'zh-cn': '请先完成实名认证（姓名、银行名称与银行卡号），再申请提现', en: 'Complete your real-name verification (name, bank and card number) before withdrawing' },
  'cash.storeCheckRequired': { 'zh-cn': '店主需先在个人中心完成实名认证，店铺才能提现', en: "The store owner must first complete real-name verification in the user centre before the store can withdraw" },
  'cash.subAccount': { 'zh-cn': '子账号不能提现', en: 'Sub-accounts cannot withdraw' },
  'cash.noAccount': { 'zh-cn': '账户不存在', en: 'No such account' },
});

/** zh-cn / en names of cashes.cash_status (messages and the ledger's log labels). */
export const CASH_STATES: Record<number, { 'zh-cn': string; en: string }> = {
  0: { 'zh-cn': '审核中', en: 'Pending' },
  1: { 'zh-cn': '提现成功', en: 'Paid out' },
  2: { 'zh-cn': '拒绝提现', en: 'Refused' },
  3: { 'zh-cn': '已取消', en: 'Cancelled' },
};
