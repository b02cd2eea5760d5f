/**
 * An order history row's `note` is written by the server in Chinese (the reference contract keeps
 * it as text). The notes the server writes follow a closed list of patterns (refunds/apply.ts,
 * refunds/steps.ts, payment/refund.ts, reviews/add.ts, jobs/orderTasks.ts, jobs/groupTasks.ts):
 * each gets a message with the variable parts as values, so the English UI does not show
 * "申请退款：…". Any other note (a seller's words, an older row) is shown as stored. The same
 * patterns serve the back office's order detail, with its own keys (as money log names do,
 * user/money/logName.ts): the user centre's `ucentre.note.…` load with its pages, the store's
 * and the operator's `page.orders.note.…` with the back office.
 */
export interface LogNoteMessage {
  id: string;
  values: Record<string, string>;
}

const PATTERNS: [RegExp, string, string[]][] = [
  [/^申请退款：([\s\S]*)$/, 'refundAsked', ['text']],
  [/^申请退货：([\s\S]*)$/, 'returnAsked', ['text']],
  [/^同意退款 ¥([\d.]+)$/, 'refundAgreed', ['amount']],
  [/^退货退款 ¥([\d.]+)$/, 'returnRefunded', ['amount']],
  [/^同意退货，等待买家寄回$/, 'returnAgreed', []],
  [/^拒绝售后：([\s\S]*)$/, 'refused', ['text']],
  [/^买家撤销售后$/, 'withdrawn', []],
  [/^商家确认收到退货$/, 'returnArrived', []],
  [/^换货重新发货 (.*)$/, 'reshipped', ['waybill']],
  [/^换货发出后超时，系统自动确认收货 (.*)$/, 'exchangeAutoReceived', ['waybill']],
  [/^买家确认收到换货 (.*)$/, 'exchangeReceived', ['waybill']],
  [/^([\d.]+) → (\w+) \(([^)]+)\) 售后退款$/, 'moneyBack', ['amount', 'method', 'no']],
  [/^超时未评，系统默认好评$/, 'autoReview', []],
  [/^超过 (\d+) 分钟未支付，自动取消$/, 'autoCancel', ['minutes']],
  [/^发货 (\d+) 天后自动确认收货$/, 'autoReceive', ['days']],
  [/^拼团未在时限内成团，自动取消$/, 'groupCancelled', []],
  [/^拼团未在时限内成团，已退款$/, 'groupRefunded', []],
];

/** The message of a note the server writes, or null (show the note as stored). */
export function logNoteMessage(note: string, prefix: 'ucentre.note' | 'page.orders.note' = 'ucentre.note'): LogNoteMessage | null {
  for (const [pattern, key, names] of PATTERNS) {
    const match = pattern.exec(note);
    if (match) return { id: `${prefix}.${key}`, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1].trim()])) };
  }
  return null;
}
