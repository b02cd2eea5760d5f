/**
 * A money log's `name` is stored by the server in Chinese when the ledger writes the row (the
 * reference contract keeps it as text). The kinds the server writes are a closed list: each gets a
 * message key so the English UI says "Order payment", not "订单支付". A name outside the list
 * (an older or hand-written row) is shown as stored.
 */
export const LEDGER_NAME_KEYS: Record<string, string> = {
  订单支付: 'orderPay',
  售后退款: 'refund',
  重复支付退款: 'duplicateRefund',
  系统处理: 'system',
  订单积分: 'orderPoints',
  积分兑换: 'pointsRedeem',
  分销佣金: 'commission',
  订单结算: 'settlement',
  资金提现: 'withdraw',
  商家提现: 'storeWithdraw',
  提现成功: 'withdrawDone',
  拒绝提现: 'withdrawRefused',
  取消提现: 'withdrawCancelled',
};

/**
 * The message id of a stored log name, or null when it is not one the server writes. The user
 * centre's keys (`ucentre.…`) load with its pages; the back office has its own (`page.moneyLogs.kind.…`).
 */
export const ledgerNameKey = (name: string, prefix: 'ucentre.mlog.kind' | 'page.moneyLogs.kind' = 'ucentre.mlog.kind'): string | null => {
  const key = LEDGER_NAME_KEYS[name];
  return key ? `${prefix}.${key}` : null;
};
