import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { admins, order_comments, order_logs, orders, users } from '../../../server/db/schema';
import { hashPassword } from '../../../server/http/password';
import { reviewReceivedOrders } from '../../../server/jobs/reviewTasks';
import { loginAdmin, loginOwnerSeller, loginShopper, loginStaffSeller, openTestServer, type TestServer } from '../helpers';
import { makeOwnedStore } from '../orders/fixtures';
import { makeGoods, makeUser } from '../shop/fixtures';
import { linesBody, makeReceivedOrder, ratingOf } from './fixtures';

/** Reviews: the shopper writes them, the store replies, the operator hides and deletes; the goods' counts follow. */
let s: TestServer;
let store: Awaited<ReturnType<typeof makeOwnedStore>>;
let buyer: Awaited<ReturnType<typeof makeUser>>;
let other: Awaited<ReturnType<typeof makeUser>>;
let admin: string;

const PHOTO = '/uploads/comment/2026-11-26/abc123.jpg';
type Row = Record<string, any>;

beforeAll(async () => {
  s = await openTestServer();
  store = await makeOwnedStore(s, '评论测试店');
  const [owner] = await s.db.select({ username: users.username }).from(users).where(eq(users.id, store.ownerId));
  store.token = await s.login(owner.username, '123456', 'users', 'seller');
  buyer = await makeUser(s);
  other = await makeUser(s);
  admin = await loginAdmin(s);
});
afterAll(() => s.close());

const goodsOfStore = (name: string) => makeGoods(s, { store_id: store.store, goods_name: name });
const commentsOf = (orderId: number) => s.db.select().from(order_comments).where(eq(order_comments.order_id, orderId)).orderBy(order_comments.id);
const orderOf = async (id: number) => (await s.db.select().from(orders).where(eq(orders.id, id)))[0];
const add = (token: string | null, body: Record<string, string | number>, lang: 'zh-cn' | 'en' = 'zh-cn') => s.call('POST', '/api/user/comments', { token, body, lang });

describe('POST /api/user/comments', () => {
  it('reviews each line of a received order with scores, text and photos; the last review completes the order', async () => {
    const [a, b] = [await goodsOfStore('评论商品A'), await goodsOfStore('评论商品B')];
    const order = await makeReceivedOrder(s, { userId: buyer.id, storeId: store.store, goodsIds: [a, b] });
    const first = await add(buyer.token, { order_id: order.id, ...linesBody([{ order_goods_id: order.lines[0], score: 5, agree: 5, service: 4, speed: 5, content: '很好用', image: [PHOTO] }]) });
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ order_id: order.id, order_status: 4 });
    expect((await orderOf(order.id)).order_status).toBe(4);
    expect(await ratingOf(s, a)).toEqual({ all: 1, good: 1, medium: 0, bad: 0 });

    const second = await add(buyer.token, { order_id: order.id, ...linesBody([{ order_goods_id: order.lines[1], score: 2, agree: 2, service: 2, speed: 2, content: '一般般' }]) });
    expect(second.data.order_status).toBe(6);
    const row = await orderOf(order.id);
    expect(row.order_status).toBe(6);
    expect(row.comment_time).toBeTruthy();
    const logs = await s.db.select().from(order_logs).where(and(eq(order_logs.order_id, order.id), eq(order_logs.action, 'comment')));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ from_status: 4, to_status: 6, actor: 'user', actor_id: buyer.id });
    expect(await ratingOf(s, b)).toEqual({ all: 1, good: 0, medium: 0, bad: 1 });

    // shown on the goods page: the list with its photo, and the statistics
    const list = await s.call('GET', `/api/goods_comments/${a}`);
    expect(list.data.data[0]).toMatchObject({ content: '很好用', image: [PHOTO], score: 5, service: 4 });
    const detail = await s.call('GET', `/api/goods/${b}`);
    expect(detail.data.comment_statistics).toEqual({ all: 1, good: 0, commonly: 0, bad: 1, rate: 0 });
  });

  it('takes the reference shape too: one set of scores for every line not yet reviewed', async () => {
    const [a, b] = [await goodsOfStore('评论商品C'), await goodsOfStore('评论商品D')];
    const order = await makeReceivedOrder(s, { userId: buyer.id, storeId: store.store, goodsIds: [a, b] });
    const res = await add(buyer.token, { order_id: order.id, score: 3, agree: 3, service: 3, speed: 3, content: '还行', 'image[0]': PHOTO });
    expect(res.code).toBe(200);
    const rows = await commentsOf(order.id);
    expect(rows.map((r) => [r.order_goods_id, r.score, r.image])).toEqual([
      [order.lines[0], '3.00', PHOTO],
      [order.lines[1], '3.00', PHOTO],
    ]);
    expect((await orderOf(order.id)).order_status).toBe(6);
    expect(await ratingOf(s, a)).toEqual({ all: 1, good: 0, medium: 1, bad: 0 });
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const g = await goodsOfStore('评论商品E');
    const order = await makeReceivedOrder(s, { userId: buyer.id, storeId: store.store, goodsIds: [g] });
    const line = order.lines[0];
    const cases: [Record<string, string | number>, string][] = [
      [{ ...linesBody([{ order_goods_id: line }]) }, 'order_id'],
      [{ order_id: 'abc' }, 'order_id'],
      [{ order_id: order.id, ...linesBody([{ order_goods_id: line, score: 6 }]) }, 'lines.0.score'],
      [{ order_id: order.id, ...linesBody([{ order_goods_id: line, agree: 0 }]) }, 'lines.0.agree'],
      [{ order_id: order.id, ...linesBody([{ order_goods_id: line, speed: '4.5' }]) }, 'lines.0.speed'],
      [{ order_id: order.id, ...linesBody([{ order_goods_id: line, image: ['https://evil.example/x.jpg'] }]) }, 'lines.0.image.0'],
      [{ order_id: order.id, ...linesBody([{ order_goods_id: line, image: ['/uploads/../etc/passwd.jpg'] }]) }, 'lines.0.image.0'],
      [{ order_id: order.id, ...linesBody([{ order_goods_id: line, image: Array.from({ length: 6 }, () => PHOTO) }]) }, 'lines.0.image'],
      [{ order_id: order.id, ...linesBody([{ order_goods_id: line, content: 'x'.repeat(501) }]) }, 'lines.0.content'],
      [{ order_id: order.id, ...linesBody([{ order_goods_id: 999999 }]) }, 'lines.0.order_goods_id'],
      [{ order_id: order.id, ...linesBody([{ order_goods_id: line }, { order_goods_id: line }]) }, 'lines.1.order_goods_id'],
    ];
    for (const [body, field] of cases) {
      const res = await add(buyer.token, body, 'en');
      expect(res.code, field).toBe(422);
      expect(res.data.field, JSON.stringify(body)).toBe(field);
      expect(res.msg).not.toMatch(/undefined|Error/);
    }
    expect(await commentsOf(order.id)).toHaveLength(0);
    expect((await orderOf(order.id)).order_status).toBe(4);
  });

  it('reviews a line once: a second review of it is a 409 naming the line', async () => {
    const [a, b] = [await goodsOfStore('评论商品F'), await goodsOfStore('评论商品G')];
    const order = await makeReceivedOrder(s, { userId: buyer.id, storeId: store.store, goodsIds: [a, b] });
    expect((await add(buyer.token, { order_id: order.id, ...linesBody([{ order_goods_id: order.lines[0] }]) })).code).toBe(200);
    const again = await add(buyer.token, { order_id: order.id, ...linesBody([{ order_goods_id: order.lines[0] }]) });
    expect(again.code).toBe(409);
    expect(again.data.field).toBe('lines.0.order_goods_id');
    expect(await commentsOf(order.id)).toHaveLength(1);
  });

  it('only for a received order: another state is a 422 naming it, nothing written', async () => {
    const g = await goodsOfStore('评论商品H');
    for (const status of [2, 3, 6]) {
      const order = await makeReceivedOrder(s, { userId: buyer.id, storeId: store.store, goodsIds: [g], status });
      const res = await add(buyer.token, { order_id: order.id, ...linesBody([{ order_goods_id: order.lines[0] }]) }, 'en');
      expect(res.code).toBe(422);
      expect(res.data).toMatchObject({ field: 'order_status', order_status: status });
      expect(await commentsOf(order.id)).toHaveLength(0);
    }
  });

  it("another shopper's order is a 404, no token a 401; nothing written", async () => {
    const g = await goodsOfStore('评论商品I');
    const order = await makeReceivedOrder(s, { userId: buyer.id, storeId: store.store, goodsIds: [g] });
    const res = await add(other.token, { order_id: order.id, ...linesBody([{ order_goods_id: order.lines[0] }]) });
    expect(res.code).toBe(404);
    expect(JSON.stringify(res.data)).not.toContain(String(order.lines[0]));
    expect((await add(null, { order_id: order.id })).code).toBe(401);
    expect(await commentsOf(order.id)).toHaveLength(0);
    expect(await ratingOf(s, g)).toEqual({ all: 0, good: 0, medium: 0, bad: 0 });
  });
});

describe('GET /api/user/comments and /api/user/comments/order/:id', () => {
  it("lists the caller's own reviews with the goods line; another's review or order is a 404", async () => {
    const g = await goodsOfStore('评论商品J');
    const order = await makeReceivedOrder(s, { userId: other.id, storeId: store.store, goodsIds: [g] });
    await add(other.token, { order_id: order.id, ...linesBody([{ order_goods_id: order.lines[0], content: '别人的评论' }]) });
    const mine = await s.call('GET', '/api/user/comments', { token: other.token });
    expect(mine.code).toBe(200);
    expect(mine.data.data).toHaveLength(1);
    expect(mine.data.data[0]).toMatchObject({ content: '别人的评论', goods_name: `商品${g}`, order_id: order.id, is_show: 1 });
    const theirs = await s.call('GET', '/api/user/comments', { token: buyer.token });
    expect(theirs.data.data.every((r: Row) => r.user_id === buyer.id)).toBe(true);
    expect(theirs.data.data.some((r: Row) => r.content === '别人的评论')).toBe(false);

    const id = mine.data.data[0].id;
    expect((await s.call('GET', `/api/user/comments/${id}`, { token: other.token })).data.id).toBe(id);
    expect((await s.call('GET', `/api/user/comments/${id}`, { token: buyer.token })).code).toBe(404);
    expect((await s.call('GET', '/api/user/comments/abc', { token: buyer.token })).code).toBe(404);

    const lines = await s.call('GET', `/api/user/comments/order/${order.id}`, { token: other.token });
    expect(lines.data).toMatchObject({ id: order.id, order_status: 6 });
    expect(lines.data.lines[0]).toMatchObject({ id: order.lines[0], goods_id: g, comment: { content: '别人的评论' } });
    expect((await s.call('GET', `/api/user/comments/order/${order.id}`, { token: buyer.token })).code).toBe(404);
    expect((await s.call('GET', '/api/user/comments', {})).code).toBe(401);
    expect((await s.call('GET', '/api/user/comments', { token: buyer.token, body: { goods_id: 'abc' } })).code).toBe(422);
  });
});

describe('/api/Seller/comments', () => {
  it("lists the store's reviews only; the owner replies once and may edit the reply", async () => {
    const g = await goodsOfStore('评论商品K');
    const order = await makeReceivedOrder(s, { userId: buyer.id, storeId: store.store, goodsIds: [g] });
    const added = await add(buyer.token, { order_id: order.id, ...linesBody([{ order_goods_id: order.lines[0], content: '等回复' }]) });
    const id = added.data.comments[0];
    const list = await s.call('GET', '/api/Seller/comments', { token: store.token });
    expect(list.code).toBe(200);
    expect(list.data.data.every((r: Row) => r.store_id === store.store)).toBe(true);
    expect(list.data.data.some((r: Row) => r.id === id)).toBe(true);
    const open = await s.call('GET', '/api/Seller/comments', { token: store.token, body: { replied: '0' } });
    expect(open.data.data.some((r: Row) => r.id === id)).toBe(true);

    const reply = await s.call('PUT', `/api/Seller/comments/${id}`, { token: store.token, body: { reply: '感谢支持' } });
    expect(reply.code).toBe(200);
    expect(reply.data).toMatchObject({ id, reply: '感谢支持' });
    expect(reply.data.reply_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const edited = await s.call('PUT', `/api/Seller/comments/${id}`, { token: store.token, body: { reply: '感谢支持，欢迎再来' } });
    expect(edited.data.reply).toBe('感谢支持，欢迎再来');
    const replied = await s.call('GET', '/api/Seller/comments', { token: store.token, body: { replied: '1' } });
    expect(replied.data.data.map((r: Row) => r.id)).toContain(id);
    expect((await s.call('GET', `/api/goods_comments/${g}`)).data.data[0].reply).toBe('感谢支持，欢迎再来');
  });

  it('refuses an empty reply naming the field; another store, staff without the menu and shoppers get nothing', async () => {
    const g = await goodsOfStore('评论商品L');
    const order = await makeReceivedOrder(s, { userId: buyer.id, storeId: store.store, goodsIds: [g] });
    const id = (await add(buyer.token, { order_id: order.id, ...linesBody([{ order_goods_id: order.lines[0] }]) })).data.comments[0];
    const empty = await s.call('PUT', `/api/Seller/comments/${id}`, { token: store.token, body: { reply: '  ' } });
    expect(empty.code).toBe(422);
    expect(empty.data.field).toBe('reply');
    const long = await s.call('PUT', `/api/Seller/comments/${id}`, { token: store.token, body: { reply: 'x'.repeat(501) } });
    expect(long.data.field).toBe('reply');

    const otherOwner = await loginOwnerSeller(s);
    expect((await s.call('PUT', `/api/Seller/comments/${id}`, { token: otherOwner, body: { reply: '抢答' } })).code).toBe(404);
    expect((await s.call('GET', `/api/Seller/comments/${id}`, { token: otherOwner })).code).toBe(404);
    const seen = await s.call('GET', '/api/Seller/comments', { token: otherOwner, body: { isAll: 1 } });
    expect(seen.data.some((r: Row) => r.id === id)).toBe(false);
    expect((await s.call('GET', '/api/Seller/comments', { token: await loginStaffSeller(s) })).code).toBe(403);
    expect((await s.call('GET', '/api/Seller/comments', { token: buyer.token })).code).toBe(403); // a shopper's token reaches the seller centre (no area) and has no store
    const [row] = await s.db.select().from(order_comments).where(eq(order_comments.id, id));
    expect(row.reply).toBe('');
  });
});

describe('/api/Admin/comments', () => {
  it('lists every review; hiding, showing again and deleting keep the goods statistics exact', async () => {
    const g = await goodsOfStore('评论商品M');
    const order = await makeReceivedOrder(s, { userId: buyer.id, storeId: store.store, goodsIds: [g, g] });
    const added = await add(buyer.token, {
      order_id: order.id,
      ...linesBody([
        { order_goods_id: order.lines[0], score: 1, agree: 1, service: 1, speed: 1, content: '辱骂内容' },
        { order_goods_id: order.lines[1], content: '好评' },
      ]),
    });
    const [abusive, good] = added.data.comments;
    expect(await ratingOf(s, g)).toEqual({ all: 2, good: 1, medium: 0, bad: 1 });

    const list = await s.call('GET', '/api/Admin/comments', { token: admin, body: { store_name: '评论测试店', is_type: '3' } });
    expect(list.data.data.map((r: Row) => r.id)).toContain(abusive);
    expect(list.data.data.every((r: Row) => r.is_type === 3 && r.store_name === '评论测试店')).toBe(true);

    const hidden = await s.call('PUT', `/api/Admin/comments/${abusive}`, { token: admin, body: { is_show: 0 } });
    expect(hidden.data.is_show).toBe(0);
    expect(await ratingOf(s, g)).toEqual({ all: 1, good: 1, medium: 0, bad: 0 });
    expect((await s.call('GET', `/api/goods_comments/${g}`)).data.data.map((r: Row) => r.id)).toEqual([good]);
    // hiding twice changes nothing
    await s.call('PUT', `/api/Admin/comments/${abusive}`, { token: admin, body: { is_show: 0 } });
    expect(await ratingOf(s, g)).toEqual({ all: 1, good: 1, medium: 0, bad: 0 });
    await s.call('PUT', `/api/Admin/comments/${abusive}`, { token: admin, body: { is_show: 1 } });
    expect(await ratingOf(s, g)).toEqual({ all: 2, good: 1, medium: 0, bad: 1 });

    const deleted = await s.call('DELETE', `/api/Admin/comments/${abusive}`, { token: admin });
    expect(deleted.code).toBe(200);
    expect(await ratingOf(s, g)).toEqual({ all: 1, good: 1, medium: 0, bad: 0 });
    expect((await s.call('GET', `/api/goods/${g}`)).data.comment_statistics).toEqual({ all: 1, good: 1, commonly: 0, bad: 0, rate: 100 });
    expect((await s.call('GET', `/api/Admin/comments/${abusive}`, { token: admin })).code).toBe(404);
    expect((await s.call('DELETE', `/api/Admin/comments/${abusive}`, { token: admin })).code).toBe(404);
    // the deleted review still holds its line: the order is not reviewable again
    expect((await orderOf(order.id)).order_status).toBe(6);
  });

  it('refuses bad input naming the field; shoppers, sellers and admins without the permission get nothing', async () => {
    const g = await goodsOfStore('评论商品N');
    const order = await makeReceivedOrder(s, { userId: buyer.id, storeId: store.store, goodsIds: [g] });
    const id = (await add(buyer.token, { order_id: order.id, ...linesBody([{ order_goods_id: order.lines[0] }]) })).data.comments[0];
    const bad = await s.call('PUT', `/api/Admin/comments/${id}`, { token: admin, body: { is_show: 5 } });
    expect(bad.code).toBe(422);
    expect(bad.data.field).toBe('is_show');
    expect((await s.call('PUT', `/api/Admin/comments/${id}`, { token: admin, body: {} })).data.field).toBe('is_show');
    expect((await s.call('DELETE', '/api/Admin/comments/1,x', { token: admin })).code).toBe(422);
    expect((await s.call('DELETE', `/api/Admin/comments/${id},99999999`, { token: admin })).code).toBe(404);
    expect((await s.call('GET', '/api/Admin/comments', { token: admin, body: { is_type: '7' } })).data.field).toBe('is_type');

    const [nobody] = await s.db.insert(admins).values({ username: 'noreviews', password: await hashPassword('123456'), nickname: '无权限' }).returning({ id: admins.id });
    const weak = await s.login('noreviews', '123456', 'admins');
    expect((await s.call('GET', '/api/Admin/comments', { token: weak })).code).toBe(403);
    expect((await s.call('PUT', `/api/Admin/comments/${id}`, { token: weak, body: { is_show: 0 } })).code).toBe(403);
    expect((await s.call('DELETE', `/api/Admin/comments/${id}`, { token: weak })).code).toBe(403);
    expect((await s.call('GET', '/api/Admin/comments', { token: await loginShopper(s) })).code).toBe(401);
    expect((await s.call('DELETE', `/api/Admin/comments/${id}`, { token: store.token })).code).toBe(401);
    const [row] = await s.db.select().from(order_comments).where(eq(order_comments.id, id));
    expect(row).toMatchObject({ is_show: 1, deleted_at: null });
    expect(nobody.id).toBeGreaterThan(0);
  });
});

describe('the default-review task', () => {
  it('reviews the unreviewed lines of orders received more than task.comment days ago, as the system', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const [a, b] = [await goodsOfStore('评论商品O'), await goodsOfStore('评论商品P')];
    const old = await makeReceivedOrder(s, { userId: buyer.id, storeId: store.store, goodsIds: [a, b], receivedDaysAgo: 10 });
    const fresh = await makeReceivedOrder(s, { userId: buyer.id, storeId: store.store, goodsIds: [a], receivedDaysAgo: 2 });
    await add(buyer.token, { order_id: old.id, ...linesBody([{ order_goods_id: old.lines[0], score: 3, agree: 3, service: 3, speed: 3 }]) });

    const result = await reviewReceivedOrders(s.db);
    expect(result.failed).toBe(0);
    expect(result.done).toBeGreaterThanOrEqual(1);
    const rows = await commentsOf(old.id);
    expect(rows.map((r) => [r.order_goods_id, r.score, r.speed, r.is_system])).toEqual([
      [old.lines[0], '3.00', '3.00', 0],
      [old.lines[1], '5.00', '5.00', 1],
    ]);
    expect((await orderOf(old.id)).order_status).toBe(6);
    const [log] = await s.db.select().from(order_logs).where(and(eq(order_logs.order_id, old.id), eq(order_logs.action, 'comment')));
    expect(log).toMatchObject({ actor: 'system', from_status: 4, to_status: 6 });
    expect((await orderOf(fresh.id)).order_status).toBe(4);
    expect(await commentsOf(fresh.id)).toHaveLength(0);
    expect(await ratingOf(s, b)).toEqual({ all: 1, good: 1, medium: 0, bad: 0 });
    // a system review reads in the reader's language
    const en = await s.call('GET', `/api/goods_comments/${b}`, { lang: 'en' });
    expect(en.data.data[0].content).toBe('');
    const mine = await s.call('GET', '/api/user/comments', { token: buyer.token, lang: 'en', body: { goods_id: String(b) } });
    expect(mine.data.data[0]).toMatchObject({ is_system: 1, content: 'Default good review given by the system' });
    // a second run finds nothing more to do
    expect((await reviewReceivedOrders(s.db)).done).toBe(0);
    vi.restoreAllMocks();
  });
});

describe('demo reviews in the seed', () => {
  it("the demo shopper's completed order carries a review per line, one with a photo and the store's reply; counts match a recount", async () => {
    const [completed] = await s.db.select().from(orders).where(and(eq(orders.user_id, 4), eq(orders.order_status, 6)));
    const rows = await commentsOf(completed.id);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.every((r) => r.order_goods_id > 0 && r.user_id === 4)).toBe(true);
    const withPhoto = rows.find((r) => r.image !== '')!;
    expect(withPhoto.image).toMatch(/^\/uploads\//);
    expect(withPhoto.reply).not.toBe('');
    const page = await s.call('GET', `/api/goods_comments/${withPhoto.goods_id}`);
    expect(page.data.data.some((r: Row) => r.id === withPhoto.id && r.image.length === 1)).toBe(true);
    const before = await ratingOf(s, withPhoto.goods_id);
    const { refreshGoodsRating } = await import('../../../server/modules/reviews/rating');
    await refreshGoodsRating(s.db);
    expect(await ratingOf(s, withPhoto.goods_id)).toEqual(before);
    // the received demo order is there to be reviewed
    const [received] = await s.db.select().from(orders).where(and(eq(orders.user_id, 4), eq(orders.order_status, 4)));
    expect(await commentsOf(received.id)).toHaveLength(0);
  });
});
