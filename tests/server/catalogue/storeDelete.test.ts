import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file_spaces, goods, goods_attrs, money_logs, order_comments, store_classes, stores, users } from '../../../server/db/schema';
import { limitedAdmin } from '../admin-system/setup';
import { freshIp, loginAdmin, openTestServer, type TestServer } from '../helpers';

/**
 * DELETE /api/Admin/stores/:ids (QA 2026-11-25: the page's Delete answered 404 "No such API
 * route."): only an empty application goes — never an approved store, never one with goods,
 * staff, money, reviews, attributes or images — and its owner can apply again.
 */

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await openTestServer();
  admin = await loginAdmin(s);
});
afterAll(() => s.close());

let n = 0;
async function application(verify: number, values: Partial<typeof stores.$inferInsert> = {}) {
  const username = `del_${++n}_${Date.now() % 10000}`;
  const [user] = await s.db.insert(users).values({ username, nickname: 'u' }).returning({ id: users.id });
  const [row] = await s.db
    .insert(stores)
    .values({ user_id: user.id, store_name: verify === 1 ? '' : `申请${n}`, store_verify: verify, store_status: 0, ...values })
    .returning({ id: stores.id });
  await s.db.insert(store_classes).values({ store_id: row.id, class_id: '[]' });
  return { id: row.id, userId: user.id, username };
}

const isLive = async (id: number) => (await s.db.select({ id: stores.id }).from(stores).where(and(eq(stores.id, id), isNull(stores.deleted_at)))).length === 1;
const del = (ids: number[], token = admin, lang: 'zh-cn' | 'en' = 'zh-cn') => s.call('DELETE', `/api/Admin/stores/${ids.join(',')}`, { token, lang });

describe('DELETE /api/Admin/stores', () => {
  it('deletes a refused application with its class list; the owner has no application and may apply again', async () => {
    const refused = await application(3);
    const res = await del([refused.id]);
    expect(res, res.msg).toMatchObject({ code: 200, data: 1 });
    expect(await isLive(refused.id)).toBe(false);
    const classes = await s.db.select({ id: store_classes.id }).from(store_classes).where(and(eq(store_classes.store_id, refused.id), isNull(store_classes.deleted_at)));
    expect(classes).toEqual([]);

    await s.db.update(users).set({ password: (await s.db.select({ p: users.password }).from(users).where(eq(users.username, 'demo')))[0].p }).where(eq(users.id, refused.userId));
    const token = await s.login(refused.username, '123456', 'users');
    const mine = await s.call('GET', '/api/store', { token });
    expect(mine).toMatchObject({ code: 200, data: null });
    const again = await s.call<{ id: number; store_verify: number }>('POST', '/api/store/join', { token, ip: freshIp() });
    expect(again.code, again.msg).toBe(200);
    expect(again.data.id).not.toBe(refused.id);
    expect(again.data.store_verify).toBe(1);
  });

  it('deletes drafts and applications in review, several at once', async () => {
    const draft = await application(1);
    const waiting = await application(2);
    expect(await del([draft.id, waiting.id])).toMatchObject({ code: 200, data: 2 });
    expect(await isLive(draft.id)).toBe(false);
    expect(await isLive(waiting.id)).toBe(false);
  });

  it('never deletes an approved store (close it instead); a batch with one is refused whole', async () => {
    const draft = await application(1);
    const approved = await application(4, { store_status: 1 });
    const res = await del([draft.id, approved.id]);
    expect(res.code).toBe(422);
    expect(res.msg).toContain(`申请${n}`);
    expect(res.msg).toContain('关闭');
    expect(res.data).toMatchObject({ field: 'ids' });
    expect(await isLive(draft.id)).toBe(true);
    expect(await isLive(approved.id)).toBe(true);
    expect((await del([1])).code).toBe(422);
    expect(await isLive(1)).toBe(true);
  });

  it.each([
    ['goods', async (id: number) => void (await s.db.insert(goods).values({ store_id: id, goods_name: '样品' })), '1 件商品（样品）'],
    ['staff', async (_id: number, userId: number) => void (await s.db.insert(users).values({ username: `staff_${++n}`, belong_id: userId })), '1 个子账号'],
    ['money', async (id: number) => void (await s.db.update(stores).set({ store_frozen_money: '5.00' }).where(eq(stores.id, id))), '冻结资金 5.00'],
    ['money logs', async (id: number) => void (await s.db.insert(money_logs).values({ user_id: id, is_belong: 1, money: '1.00' })), '1 条资金记录'],
    ['reviews', async (id: number) => void (await s.db.insert(order_comments).values({ store_id: id, goods_id: 1, user_id: 1 })), '1 条商品评价'],
    ['attributes', async (id: number) => void (await s.db.insert(goods_attrs).values({ store_id: id, name: '颜色' })), '1 个商品属性（颜色）'],
    ['images', async (id: number) => void (await s.db.insert(file_spaces).values({ belong_id: id, name: 'a.jpg', url: '/uploads/a.jpg' })), '1 张图片'],
  ] as const)('refuses a store that still has %s, naming it; nothing is written', async (_what, add, says) => {
    const store = await application(2);
    await add(store.id, store.userId);
    const res = await del([store.id]);
    expect(res.code).toBe(422);
    expect(res.msg).toContain(says);
    expect(res.data).toMatchObject({ field: 'ids', blocked: [{ id: store.id }] });
    expect(await isLive(store.id)).toBe(true);
  });

  it('names a draft without a name by its id, in either language', async () => {
    const draft = await application(1);
    await s.db.insert(goods).values({ store_id: draft.id, goods_name: '草稿商品' });
    const res = await del([draft.id], admin, 'en');
    expect(res.code).toBe(422);
    expect(res.msg).toBe(`The store "#${draft.id}" still has 1 goods (草稿商品) and cannot be deleted`);
  });

  it('needs the admin.stores.destroy permission', async () => {
    const draft = await application(1);
    const reader = await limitedAdmin(s, ['admin.stores.index']);
    expect((await del([draft.id], reader.token)).code).toBe(403);
    const deleter = await limitedAdmin(s, ['admin.stores.destroy']);
    expect((await del([draft.id], deleter.token)).code).toBe(200);
  });
});
