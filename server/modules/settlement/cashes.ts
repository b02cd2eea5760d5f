import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { fromCents, toCents } from '../../db/money';
import { cashes, stores, users } from '../../db/schema';
import { ApiError, fail } from '../../http/envelope';
import { applyLedger, type LedgerOwner } from '../money/ledger';
import { CASH_STATES } from './messages';
import { bpToPercent, percentOfCents, readMoneyRates } from './rates';

/**
 * Withdrawals (reference §6.10 with B2 fixed; docs/settlement.md). The requested amount R moves
 * balance → frozen when applied (two money logs), then leaves frozen when paid out, or goes back
 * frozen → balance when refused by an operator or cancelled by the applicant. The fee is
 * `store.cash` percent of R to the nearest cent, halves up (rates.ts); the row keeps the net
 * amount (`money` = R − fee, paid to the card) and the fee (`commission`), R = money + commission.
 * Every step is one transaction: a conditional UPDATE of cash_status from 0 (applied) and its
 * ledger moves, so a second pay-out, refusal or cancel of the same withdrawal changes nothing and
 * answers 422 naming the state it is in.
 */
export interface CashAccount {
  owner: LedgerOwner;
  /** users.id or stores.id. */
  id: number;
}

export interface CashApplication extends CashAccount {
  /** Requested amount, cents (> 0). */
  cents: number;
  name: string;
  bank_name: string;
  card_no: string;
  remark?: string;
  /** Who applied when it is not the holder itself (a store's staff member), for the log's info. */
  actor?: string;
}

/** The fee and the net amount of a requested amount at a rate (pure). */
export function cashFee(cents: number, cashBp: number): { fee: number; net: number } {
  const fee = percentOfCents(cents, cashBp);
  return { fee, net: cents - fee };
}

const LOG_NAME = { user: '资金提现', store: '商家提现' } as const;

async function balanceOf(tx: Tx | Db, account: CashAccount): Promise<string> {
  if (account.owner === 'user') {
    const [row] = await tx.select({ v: users.money }).from(users).where(and(eq(users.id, account.id), isNull(users.deleted_at)));
    return row?.v ?? '0.00';
  }
  const [row] = await tx.select({ v: stores.store_money }).from(stores).where(and(eq(stores.id, account.id), isNull(stores.deleted_at)));
  return row?.v ?? '0.00';
}

/** Applies for a withdrawal → the new cashes row. 422 (field money) when the balance is short or the net amount would be 0. */
export async function applyCash(db: Db, input: CashApplication) {
  const { cashBp } = await readMoneyRates(db);
  const { fee, net } = cashFee(input.cents, cashBp);
  if (net <= 0) throw fail('cash.tooSmall', { fee: fromCents(fee) }, 422, { field: 'money' });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(cashes)
      .values({
        user_id: input.owner === 'user' ? input.id : 0,
        store_id: input.owner === 'store' ? input.id : 0,
        money: fromCents(net),
        commission: fromCents(fee),
        commission_rate: bpToPercent(cashBp),
        cash_status: 0,
        name: input.name,
        bank_name: input.bank_name,
        card_no: input.card_no,
        remark: input.remark ?? '',
      })
      .returning();
    const info = `提现申请 #${row.id}${input.actor ? ` ${input.actor}` : ''}`.slice(0, 200);
    try {
      await applyLedger(tx, { owner: input.owner, id: input.id, type: 0, cents: -input.cents, name: LOG_NAME[input.owner], info });
    } catch (err) {
      if (err instanceof ApiError && err.key === 'ledger.insufficient')
        throw fail('cash.insufficient', { balance: await balanceOf(tx, input) }, 422, { field: 'money' });
      if (err instanceof ApiError && err.key === 'ledger.noAccount') throw fail('cash.noAccount', undefined, 404);
      throw err;
    }
    await applyLedger(tx, { owner: input.owner, id: input.id, type: 1, cents: input.cents, name: LOG_NAME[input.owner], info });
    return row;
  });
}

export type CashDecision = 1 | 2 | 3;

export interface CashStep {
  id: number;
  /** 1 pay out, 2 refuse (operator), 3 cancel (applicant). */
  to: CashDecision;
  /** Refusal reason (required for 2). */
  refuseInfo?: string;
  remark?: string;
  /** Who may touch the row (the applicant's own rows); none for operators. */
  scope?: SQL;
  /** The operator or applicant, for the log's info. */
  actor?: string;
}

const STEP_LOG = { 1: '提现成功', 2: '拒绝提现', 3: '取消提现' } as const;

/**
 * One step of a pending withdrawal in the caller's transaction → the updated row. A row that is
 * not pending any more is a 422 naming its state (nothing moves); a row outside `scope` is a 404.
 */
export async function decideCash(tx: Tx, step: CashStep) {
  const where = and(eq(cashes.id, step.id), isNull(cashes.deleted_at), step.scope);
  const [row] = await tx
    .update(cashes)
    .set({
      cash_status: step.to,
      audit_time: sql`now()`,
      ...(step.to === 2 ? { refuse_info: step.refuseInfo ?? '' } : {}),
      ...(step.remark !== undefined ? { remark: step.remark } : {}),
    })
    .where(and(where, eq(cashes.cash_status, 0)))
    .returning();
  if (!row) {
    const [found] = await tx.select({ cash_status: cashes.cash_status }).from(cashes).where(where);
    if (!found) throw fail('cash.notFound', undefined, 404);
    const state = CASH_STATES[found.cash_status] ?? CASH_STATES[0];
    throw fail('cash.state', { zh: state['zh-cn'], en: state.en }, 422, { field: 'cash_status', cash_status: found.cash_status });
  }
  const account: CashAccount = row.store_id > 0 ? { owner: 'store', id: row.store_id } : { owner: 'user', id: row.user_id };
  const cents = toCents(row.money) + toCents(row.commission);
  const info = `提现 #${row.id}${step.actor ? ` ${step.actor}` : ''}${step.to === 2 && step.refuseInfo ? `：${step.refuseInfo}` : ''}`.slice(0, 200);
  await applyLedger(tx, { ...account, type: 1, cents: -cents, name: STEP_LOG[step.to], info });
  if (step.to !== 1) await applyLedger(tx, { ...account, type: 0, cents, name: STEP_LOG[step.to], info });
  return row;
}
