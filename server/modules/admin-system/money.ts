import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { admins, money_logs, stores, users } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { formInt, formMoney } from '../../http/crud';
import { guardWrite } from '../../http/crud/dbErrors';
import { validateIn } from '../../http/crud/validate';
import { fail, langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { t } from '../../http/messages';
import { adminRoutes } from '../../http/routes';
import { adminOf, dbOf, failField, ours } from './shared';

/**
 * `POST /api/Admin/users/money/handle {id, money, is_type, is_belong}` (reference §6.10): adds a
 * signed amount to one balance of a user (is_belong 0: money / frozen_money / integral) or a
 * store (is_belong 1: store_money / store_frozen_money) and writes a 系统处理 money log, in one
 * transaction. The UPDATE itself refuses to go below 0, so concurrent adjustments can neither
 * overdraw nor lose one another.
 */
const MAX_CENTS = 99_999_999_999;

const schema = z.object({
  id: formInt({ min: 1 }),
  money: formMoney({ minCents: -MAX_CENTS, maxCents: MAX_CENTS }).refine((v) => Number(v) !== 0, ours('moneyZero')),
  is_type: z.preprocess((v) => (v === '' || v === undefined ? 0 : v), formInt({ min: 0, max: 2 })),
  is_belong: z.preprocess((v) => (v === '' || v === undefined ? 0 : v), formInt({ min: 0, max: 1 })),
});

const USER_COLUMNS = { 0: users.money, 1: users.frozen_money, 2: users.integral } as const;
const STORE_COLUMNS = { 0: stores.store_money, 1: stores.store_frozen_money } as const;

async function handle(c: Context<AppEnv>): Promise<Response> {
  const db = dbOf(c);
  const me = adminOf(c);
  const input = validateIn(schema, await readInput(c), langOf(c));
  if (input.is_belong === 1 && input.is_type === 2) throw failField('storeNoIntegral', 'is_type');
  const delta = sql`${input.money}::numeric`;

  const result = await guardWrite(() =>
    db.transaction(async (tx) => {
      const [operator] = await tx.select({ username: admins.username }).from(admins).where(eq(admins.id, me.accountId));
      let balance: string | undefined;
      if (input.is_belong === 0) {
        const column = USER_COLUMNS[input.is_type as 0 | 1 | 2];
        const [row] = await tx
          .update(users)
          .set({ [column.name]: sql`${column} + ${delta}` })
          .where(and(eq(users.id, input.id), isNull(users.deleted_at), sql`${column} + ${delta} >= 0`))
          .returning({ balance: column });
        balance = row?.balance;
        if (balance === undefined) {
          const [current] = await tx.select({ balance: column }).from(users).where(and(eq(users.id, input.id), isNull(users.deleted_at)));
          if (!current) throw fail('notFound', undefined, 404, { field: 'id' });
          throw failField('moneyOverdraw', 'money', { balance: current.balance });
        }
      } else {
        const column = STORE_COLUMNS[input.is_type as 0 | 1];
        const [row] = await tx
          .update(stores)
          .set({ [column.name]: sql`${column} + ${delta}` })
          .where(and(eq(stores.id, input.id), isNull(stores.deleted_at), sql`${column} + ${delta} >= 0`))
          .returning({ balance: column });
        balance = row?.balance;
        if (balance === undefined) {
          const [current] = await tx.select({ balance: column }).from(stores).where(and(eq(stores.id, input.id), isNull(stores.deleted_at)));
          if (!current) throw fail('notFound', undefined, 404, { field: 'id' });
          throw failField('moneyOverdraw', 'money', { balance: current.balance });
        }
      }
      const info = t('moneyLogInfo', 'zh-cn', { username: operator?.username ?? '', id: me.accountId });
      const [log] = await tx
        .insert(money_logs)
        .values({ user_id: input.id, name: '系统处理', money: input.money, is_type: input.is_type, is_belong: input.is_belong, info })
        .returning({ id: money_logs.id });
      return { id: input.id, is_type: input.is_type, is_belong: input.is_belong, money: input.money, balance, log_id: log.id };
    }),
  );
  return ok(c, result);
}

export function mountMoneyHandle(api: Hono<AppEnv>): void {
  adminRoutes(api).post('/users/money/handle', 'admin.users.money.handle', handle);
}
