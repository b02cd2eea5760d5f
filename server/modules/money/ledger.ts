import { and, eq, isNull, sql } from 'drizzle-orm';
import { money_logs, stores, users } from '../../db/schema';
import type { Db } from '../../db/client';
import { fromCents } from '../../db/money';
import { fail } from '../../http/envelope';
import './messages';

/**
 * The one way a balance changes (reference §6.10, DESIGN §5): a conditional UPDATE that can never
 * take the column below zero, and its `money_logs` row, in the caller's transaction. So for every
 * account, balance = opening + Σ logs (`npm run ledger:check`).
 *
 * owner 'user' → users.money / frozen_money / integral (is_belong 0);
 * owner 'store' → stores.store_money / store_frozen_money (is_belong 1).
 */
export type LedgerOwner = 'user' | 'store';
/** 0 balance, 1 frozen, 2 points (users only). */
export type LedgerType = 0 | 1 | 2;

export interface LedgerEntry {
  owner: LedgerOwner;
  id: number;
  type: LedgerType;
  /** Signed change in cents (points are stored the same way, 2 decimals). */
  cents: number;
  /** The log's label, e.g. 订单支付, 售后退款, 系统处理 (≤ 20 characters). */
  name: string;
  /** A reference a person can follow: order number, trade number, operator. */
  info?: string;
}

const USER_COLUMNS = { 0: users.money, 1: users.frozen_money, 2: users.integral } as const;
const STORE_COLUMNS = { 0: stores.store_money, 1: stores.store_frozen_money } as const;

type Tx = Pick<Db, 'select' | 'update' | 'insert'>;

/**
 * Applies one signed change and writes its log. Throws `ledger.insufficient` (422, field `money`)
 * when the column would go below zero, `ledger.noAccount` (404) when the account does not exist.
 * Returns the new balance (string, 2 decimals) and the log id.
 */
export async function applyLedger(tx: Tx, entry: LedgerEntry): Promise<{ balance: string; logId: number }> {
  if (!Number.isSafeInteger(entry.cents) || entry.cents === 0) throw new Error(`ledger: not a non-zero whole cent amount: ${entry.cents}`);
  const delta = sql`${fromCents(entry.cents)}::numeric`;
  let balance: string | undefined;
  if (entry.owner === 'user') {
    const column = USER_COLUMNS[entry.type];
    const [row] = await tx
      .update(users)
      .set({ [column.name]: sql`${column} + ${delta}` })
      .where(and(eq(users.id, entry.id), isNull(users.deleted_at), sql`${column} + ${delta} >= 0`))
      .returning({ balance: column });
    balance = row?.balance;
    if (balance === undefined) await explainMiss(tx, users, users.id, entry);
  } else {
    if (entry.type === 2) throw new Error('ledger: stores have no points');
    const column = STORE_COLUMNS[entry.type];
    const [row] = await tx
      .update(stores)
      .set({ [column.name]: sql`${column} + ${delta}` })
      .where(and(eq(stores.id, entry.id), isNull(stores.deleted_at), sql`${column} + ${delta} >= 0`))
      .returning({ balance: column });
    balance = row?.balance;
    if (balance === undefined) await explainMiss(tx, stores, stores.id, entry);
  }
  const [log] = await tx
    .insert(money_logs)
    .values({
      user_id: entry.id,
      name: entry.name.slice(0, 20),
      money: fromCents(entry.cents),
      is_type: entry.type,
      is_belong: entry.owner === 'store' ? 1 : 0,
      info: entry.info ?? '',
    })
    .returning({ id: money_logs.id });
  return { balance: balance as string, logId: log.id };
}

async function explainMiss(tx: Tx, table: typeof users | typeof stores, idColumn: typeof users.id | typeof stores.id, entry: LedgerEntry): Promise<never> {
  const [found] = await tx
    .select({ id: idColumn })
    .from(table)
    .where(and(eq(idColumn, entry.id), isNull(table.deleted_at)));
  if (!found) throw fail('ledger.noAccount', undefined, 404, { field: 'id' });
  throw fail('ledger.insufficient', undefined, 422, { field: 'money' });
}
