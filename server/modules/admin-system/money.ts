import { and, eq, isNull } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { toCents } from '../../db/money';
import { admins, stores, users } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { formInt, formMoney, formText } from '../../http/crud';
import { guardWrite } from '../../http/crud/dbErrors';
import { validateIn } from '../../http/crud/validate';
import { ApiError, fail, langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { t } from '../../http/messages';
import { adminRoutes } from '../../http/routes';
import { applyLedger, type LedgerOwner, type LedgerType } from '../money/ledger';
import { adminOf, dbOf, failField, ours } from './shared';

/**
 * `POST /api/Admin/users/money/handle {id, money, is_type, is_belong, reason}` (reference §6.10; the
 * reason, required, is Souk's: it is written into the log's info beside the operator): adds a
 * signed amount to one balance of a user (is_belong 0: money / frozen_money / integral) or a
 * store (is_belong 1: store_money / store_frozen_money) with a 系统处理 money log, through the
 * ledger (modules/money/ledger.ts), in one transaction. Its conditional UPDATE refuses to go below
 * 0, so concurrent adjustments can neither overdraw nor lose one another.
 */
const MAX_CENTS = 99_999_999_999;

const schema = z.object({
  id: formInt({ min: 1 }),
  money: formMoney({ minCents: -MAX_CENTS, maxCents: MAX_CENTS }).refine((v) => Number(v) !== 0, ours('moneyZero')),
  is_type: z.preprocess((v) => (v === '' || v === undefined ? 0 : v), formInt({ min: 0, max: 2 })),
  is_belong: z.preprocess((v) => (v === '' || v === undefined ? 0 : v), formInt({ min: 0, max: 1 })),
  /** Why (required): it goes into the money log's info, so every manual change explains itself. */
  reason: formText({ min: 1, max: 100 }),
});

const USER_COLUMNS = { 0: users.money, 1: users.frozen_money, 2: users.integral } as const;
const STORE_COLUMNS = { 0: stores.store_money, 1: stores.store_frozen_money } as const;

async function handle(c: Context<AppEnv>): Promise<Response> {
  const db = dbOf(c);
  const me = adminOf(c);
  const input = validateIn(schema, await readInput(c), langOf(c));
  if (input.is_belong === 1 && input.is_type === 2) throw failField('storeNoIntegral', 'is_type');
  const owner: LedgerOwner = input.is_belong === 1 ? 'store' : 'user';
  const type = input.is_type as LedgerType;

  const result = await guardWrite(() =>
    db.transaction(async (tx) => {
      const [operator] = await tx.select({ username: admins.username }).from(admins).where(eq(admins.id, me.accountId));
      const info = `${t('moneyLogInfo', 'zh-cn', { username: operator?.username ?? '', id: me.accountId })}：${input.reason}`;
      try {
        const { balance, logId } = await applyLedger(tx, { owner, id: input.id, type, cents: toCents(input.money), name: '系统处理', info });
        return { id: input.id, is_type: input.is_type, is_belong: input.is_belong, money: input.money, balance, log_id: logId };
      } catch (err) {
        if (err instanceof ApiError && err.key === 'ledger.noAccount') throw fail('notFound', undefined, 404, { field: 'id' });
        if (err instanceof ApiError && err.key === 'ledger.insufficient') throw failField('moneyOverdraw', 'money', { balance: await currentBalance(tx, owner, type, input.id) });
        throw err;
      }
    }),
  );
  return ok(c, result);
}

/** The balance the refused change would have taken below zero (for the message). */
async function currentBalance(tx: Tx, owner: LedgerOwner, type: LedgerType, id: number): Promise<string> {
  if (owner === 'user') {
    const column = USER_COLUMNS[type];
    const [row] = await tx.select({ balance: column }).from(users).where(and(eq(users.id, id), isNull(users.deleted_at)));
    return row?.balance ?? '0.00';
  }
  const column = STORE_COLUMNS[type as 0 | 1];
  const [row] = await tx.select({ balance: column }).from(stores).where(and(eq(stores.id, id), isNull(stores.deleted_at)));
  return row?.balance ?? '0.00';
}

export function mountMoneyHandle(api: Hono<AppEnv>): void {
  adminRoutes(api).post('/users/money/handle', 'admin.users.money.handle', handle);
}
