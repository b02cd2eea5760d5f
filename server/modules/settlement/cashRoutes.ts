import { eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { toCents } from '../../db/money';
import { admins, cashes, stores, users } from '../../db/schema';
import { authenticate, callerOf } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { defineResource, formInt, formMoney, formText, mountResource, type Guard } from '../../http/crud';
import { adminGuard, sellerGuard, storeIdOf } from '../../http/crud-guards';
import { guardWrite } from '../../http/crud/dbErrors';
import { validateIn } from '../../http/crud/validate';
import { fail, langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { payeeOf } from '../account/realName';
import { pathIds } from '../shop/shared';
import { applyCash, decideCash, type CashAccount } from './cashes';
import './messages';
import { bpToPercent, readMoneyRates } from './rates';

/**
 * Withdrawal routes (reference §1.5–1.7, §6.10; docs/settlement.md):
 * - shopper `/api/user/cashes`: list own, apply {money, remark} — paid to the holder, bank and card
 *   of the shopper's real-name check (account/realName.ts; none → 422 `field: 'check'`), cancel
 *   pending (DELETE /:ids), `GET /api/user/cashes/account` (balance, fee rate, payee, `checked`);
 * - seller `/api/Seller/cashes`: the same for the store's balance, paid to the store owner's
 *   real-name check (page /Seller/cashes);
 * - admin `/api/Admin/cashes`: list every withdrawal, show, `PUT /:id {cash_status: 1 pay out |
 *   2 refuse, refuse_info, remark}`.
 */
const READABLE = ['id', 'user_id', 'store_id', 'money', 'commission', 'commission_rate', 'cash_status', 'refuse_info', 'name', 'bank_name', 'card_no', 'remark', 'audit_time', 'created_at'] as const;
const FILTERABLE = ['id', 'user_id', 'store_id', 'money', 'cash_status', 'name', 'bank_name', 'card_no', 'created_at'] as const;

const dbOf = (c: Context<AppEnv>): Db => c.get('services').db;

/** A logged-in shopper (a users token of the shop area). */
const shopperGuard: Guard = async (c) => {
  await authenticate(c, 'user');
};

const userCashes = defineResource({
  table: cashes,
  area: 'user',
  name: 'cashes',
  columns: { readable: READABLE, writable: {}, filterable: FILTERABLE },
  scope: ({ caller }) => {
    if (!caller || caller.area !== 'user') throw fail('unauthorized', undefined, 401);
    return { values: { user_id: caller.accountId } };
  },
  softDelete: true,
});

const sellerCashes = defineResource({
  table: cashes,
  area: 'seller',
  name: 'cashes',
  columns: { readable: READABLE, writable: {}, filterable: FILTERABLE },
  scope: (ctx) => ({ values: { store_id: storeIdOf(ctx) } }),
  softDelete: true,
});

export const adminCashes = defineResource({
  table: cashes,
  area: 'admin',
  name: 'cashes',
  columns: { readable: READABLE, writable: {}, filterable: FILTERABLE },
  softDelete: true,
});

/** What an application says: the amount and a remark. Who is paid comes from the real-name check (a name, bank or card sent is not read). */
const applySchema = z.object({
  money: formMoney({ minCents: 1, maxCents: 99_999_999_999 }),
  remark: formText({ max: 100 }).optional(),
});

const decideSchema = z
  .object({
    cash_status: z
      .unknown()
      .refine((v) => ['1', '2', 1, 2].includes(v as never), { params: { messageKey: 'cash.badStatus' } })
      .transform((v) => Number(v) as 1 | 2),
    refuse_info: formText({ max: 200 }).optional(),
    remark: formText({ max: 100 }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.cash_status === 2 && !v.refuse_info) ctx.addIssue({ code: 'custom', path: ['refuse_info'], params: { messageKey: 'cash.refuseInfo' } });
  });

/**
 * The account a seller or shopper withdraws from, and who acts on it when that is not the
 * holder. Seller centre: the session's store; its owner, and staff holding the withdrawals page
 * (the page is the owner's grant, docs/decisions.md), named in the logs. Shop: the caller's own
 * balance; a sub-account has none to withdraw (403).
 */
async function accountOf(c: Context<AppEnv>, area: 'user' | 'seller'): Promise<CashAccount & { actor?: string }> {
  const caller = callerOf(c);
  const [me] = await dbOf(c).select({ belong_id: users.belong_id, username: users.username }).from(users).where(eq(users.id, caller.accountId));
  if (!me) throw fail('unauthorized', undefined, 401);
  if (area === 'seller') return { owner: 'store', id: storeIdOf({ caller }), actor: caller.staff ? `员工 ${me.username}` : undefined };
  if (me.belong_id > 0) throw fail('cash.subAccount', undefined, 403);
  return { owner: 'user', id: caller.accountId };
}

/** The user whose real-name check a withdrawal of this account is paid to: the shopper, or the store's owner. */
async function checkHolderOf(db: Db, account: CashAccount): Promise<number> {
  if (account.owner === 'user') return account.id;
  const [store] = await db.select({ owner: stores.user_id }).from(stores).where(eq(stores.id, account.id));
  return store?.owner ?? 0;
}

const createHandler = (area: 'user' | 'seller') => async (c: Context<AppEnv>) => {
  const account = await accountOf(c, area);
  const raw = await readInput(c);
  const input = validateIn(applySchema, raw, langOf(c));
  const db = dbOf(c);
  const payee = await payeeOf(db, await checkHolderOf(db, account));
  // spec §5: "authentication information must be filled first"
  if (!payee) throw fail(account.owner === 'user' ? 'cash.checkRequired' : 'cash.storeCheckRequired', undefined, 422, { field: 'check' });
  const row = await guardWrite(() => applyCash(db, { ...account, cents: toCents(input.money), ...payee, remark: input.remark }));
  return ok(c, row);
};

/** DELETE /:ids — cancel own pending withdrawals (all or none). */
const cancelHandler = (area: 'user' | 'seller') => async (c: Context<AppEnv>) => {
  const account = await accountOf(c, area);
  const ids = pathIds(c.req.param('ids') ?? '');
  const scope = account.owner === 'store' ? eq(cashes.store_id, account.id) : eq(cashes.user_id, account.id);
  const rows = await guardWrite(() =>
    dbOf(c).transaction(async (tx) => {
      const out = [];
      for (const id of ids) out.push(await decideCash(tx, { id, to: 3, scope, actor: area === 'seller' ? `商家取消${account.actor ? `（${account.actor}）` : ''}` : '用户取消' }));
      return out;
    }),
  );
  return ok(c, rows.map((r) => r.id));
};

/** GET …/cashes/account — what the withdrawal form shows first: balance, frozen, fee rate, the payee (real-name check) and whether there is one. */
const accountHandler = (area: 'user' | 'seller') => async (c: Context<AppEnv>) => {
  const account = await accountOf(c, area);
  const db = dbOf(c);
  const { cashBp } = await readMoneyRates(db);
  let balance = '0.00';
  let frozen = '0.00';
  if (account.owner === 'user') {
    const [u] = await db.select({ money: users.money, frozen: users.frozen_money }).from(users).where(eq(users.id, account.id));
    balance = u?.money ?? balance;
    frozen = u?.frozen ?? frozen;
  } else {
    const [s] = await db.select({ money: stores.store_money, frozen: stores.store_frozen_money }).from(stores).where(eq(stores.id, account.id));
    balance = s?.money ?? balance;
    frozen = s?.frozen ?? frozen;
  }
  const payee = await payeeOf(db, await checkHolderOf(db, account));
  return ok(c, { balance, frozen, rate: bpToPercent(cashBp), details: payee ?? { name: '', bank_name: '', card_no: '' }, checked: payee !== null });
};

/** PUT /Admin/cashes/:id {cash_status 1|2, refuse_info, remark}: pay out or refuse a pending withdrawal, once. */
async function decideHandler(c: Context<AppEnv>) {
  const raw = c.req.param('id') ?? '';
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw fail('cash.notFound', undefined, 404);
  const input = validateIn(decideSchema, await readInput(c), langOf(c));
  const db = dbOf(c);
  const me = callerOf(c);
  const row = await guardWrite(() =>
    db.transaction(async (tx) => {
      const [operator] = await tx.select({ username: admins.username }).from(admins).where(eq(admins.id, me.accountId));
      return decideCash(tx, { id: Number(raw), to: input.cash_status, refuseInfo: input.refuse_info, remark: input.remark, actor: `操作员 ${operator?.username ?? me.accountId}` });
    }),
  );
  return ok(c, row);
}

export function mountCashes(api: Hono<AppEnv>): void {
  // fixed paths before the resources' /:id
  api.get('/user/cashes/account', async (c) => {
    await shopperGuard(c, 'index', '');
    return accountHandler('user')(c);
  });
  const sellerPage = sellerGuard('/Seller/cashes');
  api.get('/Seller/cashes/account', async (c) => {
    await sellerPage(c, 'index', '');
    return accountHandler('seller')(c);
  });
  mountResource(api, '/user/cashes', userCashes, shopperGuard, {
    only: ['index', 'show', 'store', 'destroy'],
    handlers: { store: createHandler('user'), destroy: cancelHandler('user') },
  });
  mountResource(api, '/Seller/cashes', sellerCashes, sellerPage, {
    only: ['index', 'show', 'store', 'destroy'],
    handlers: { store: createHandler('seller'), destroy: cancelHandler('seller') },
  });
  mountResource(api, '/Admin/cashes', adminCashes, adminGuard(['admin.cashes.index', 'admin.cashes.show', 'admin.cashes.update']), {
    only: ['index', 'show', 'update'],
    handlers: { update: decideHandler },
  });
}
