import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { chat_conversations, chat_messages, goods, orders, stores, user_menus, user_to_menus, user_to_roles, users } from '../../../server/db/schema';
import { sellerMenus } from '../../../server/db/seed/menus';
import { SEND_LIMIT } from '../../../server/modules/chat/routes';
import { loginAdmin, loginOwner2Seller, loginOwnerSeller, loginShopper, loginStaffSeller, openTestServer, type TestServer } from '../helpers';
import { makeUser } from '../shop/fixtures';
import { chat } from './fixtures';

/**
 * The chat contract (reference api.md §1.8, issue 27): demo shopper `demo` (user 4) and store 1
 * (owner user 1, staff `seller` user 3), store 2 (owner user 2).
 */
const OWNER = 1;
const SHOPPER = 4;
let s: TestServer;
let shopper: string;
let owner: string;
let owner2: string;

const count = async () => (await s.db.select({ n: sql<number>`count(*)::int` }).from(chat_messages))[0].n;

beforeAll(async () => {
  s = await openTestServer();
  [shopper, owner, owner2] = [await loginShopper(s), await loginOwnerSeller(s), await loginOwner2Seller(s)];
});
afterAll(async () => {
  await s.close();
});

describe('identity and auth', () => {
  it('add without rid answers my identity: a shopper is itself, a store its owner', async () => {
    expect((await chat(s, 'add', shopper)).data).toEqual({ sid: SHOPPER, stype: 'users' });
    expect((await chat(s, 'add', owner)).data).toEqual({ sid: OWNER, stype: 'users' });
  });

  it('takes the token from the form body as the reference clients send it', async () => {
    const res = await chat(s, 'add', shopper, {}, true);
    expect(res.code).toBe(200);
    expect(res.data.sid).toBe(SHOPPER);
  });

  it('no token, a forged one or an admin token: 401 on every route, nothing written', async () => {
    const admin = await loginAdmin(s);
    const before = await count();
    for (const route of ['add', 'friends', 'friend_content', 'send', 'read', 'unread']) {
      for (const token of [null, 'not-a-token', admin]) {
        const res = await chat(s, route, token, { rid: OWNER, rtype: 'users', content_type: 'text', content: 'hi' });
        expect(res.code, `${route} ${String(token).slice(0, 8)}`).toBe(401);
      }
      expect((await chat(s, route, null, { rid: OWNER, content_type: 'text', content: 'hi' }, true)).code).toBe(401);
    }
    expect(await count()).toBe(before);
  });

  it('staff answer for the store only with a role that grants the chats page', async () => {
    const staff = await loginStaffSeller(s);
    expect((await chat(s, 'friends', staff)).code).toBe(403);
    const [link] = await s.db.select({ role_id: user_to_roles.role_id }).from(user_to_roles).where(eq(user_to_roles.user_id, 3));
    await s.db.insert(user_to_menus).values({ role_id: link.role_id, menu_id: 38 });
    const granted = await loginStaffSeller(s);
    expect((await chat(s, 'add', granted)).data).toEqual({ sid: OWNER, stype: 'users' });
    // the shopper writes, the staff member sees it in the store's inbox and answers as the store
    const sent = await chat(s, 'send', shopper, { rid: OWNER, rtype: 'users', content_type: 'text', content: '店员在吗' });
    expect(sent.code, sent.msg).toBe(200);
    const inbox = await chat(s, 'friends', granted);
    expect(inbox.data.find((f: { rid: number }) => f.rid === SHOPPER)).toMatchObject({ as: 'store', sid: OWNER, store_id: 1 });
    const reply = await chat(s, 'send', granted, { rid: SHOPPER, rtype: 'users', content_type: 'text', content: '在的' });
    expect(reply.data).toMatchObject({ sid: OWNER, rid: SHOPPER, from_store: 1 });
    const [row] = await s.db.select().from(chat_messages).where(eq(chat_messages.id, reply.data.id));
    expect(row.sender_id).toBe(3);
    await s.db.delete(user_to_menus).where(and(eq(user_to_menus.role_id, link.role_id), eq(user_to_menus.menu_id, 38)));
  });
});

describe('a conversation between a shopper and a store', () => {
  it('the shopper opens it with the store owner\'s id; both sides list it with the other side\'s name', async () => {
    const u = await makeUser(s);
    const added = await chat(s, 'add', u.token, { rid: OWNER, rtype: 'users' });
    expect(added.data).toMatchObject({ sid: u.id, stype: 'users', store_id: 1, user_id: u.id });
    const mine = await chat(s, 'friends', u.token);
    const [store] = await s.db.select({ name: stores.store_name }).from(stores).where(eq(stores.id, 1));
    expect(mine.data[0]).toMatchObject({ as: 'user', sid: u.id, rid: OWNER, rinfo: { nickname: store.name }, unread: 0, lastMsg: null });
    const theirs = await chat(s, 'friends', owner);
    expect(theirs.data.find((f: { rid: number }) => f.rid === u.id)).toMatchObject({ as: 'store', sid: OWNER, rinfo: { nickname: expect.stringMatching(/^测试用户/) } });
  });

  it('send, unread on the other side, friend_content newest first marks read; markup is stored as text', async () => {
    const u = await makeUser(s);
    const texts = ['你好', '<b>bold</b><script>alert(1)</script>', '还在吗？'];
    for (const content of texts) {
      const res = await chat(s, 'send', u.token, { rid: OWNER, rtype: 'users', content_type: 'text', content });
      expect(res.code, res.msg).toBe(200);
      expect(res.data).toMatchObject({ sid: u.id, stype: 'users', rid: OWNER, rtype: 'users', content_type: 'text', content, from_store: 0 });
    }
    const unread = await chat(s, 'unread', owner);
    expect(unread.data.unread).toBeGreaterThanOrEqual(3);
    const row = (await chat(s, 'friends', owner)).data.find((f: { rid: number }) => f.rid === u.id);
    expect(row).toMatchObject({ unread: 3, lastMsg: { content: '还在吗？', content_type: 'text', r_read: 0 } });
    const page = await chat(s, 'friend_content', owner, { rid: u.id, rtype: 'users', per_page: 2 });
    expect(page.data).toMatchObject({ total: 3, per_page: 2, current_page: 1, last_page: 2 });
    expect(page.data.data.map((m: { content: string }) => m.content)).toEqual([texts[2], texts[1]]);
    const after = (await chat(s, 'friends', owner)).data.find((f: { rid: number }) => f.rid === u.id);
    expect(after.unread).toBe(0);
    // the shopper sees its messages read by the store
    const seen = await chat(s, 'friend_content', u.token, { rid: OWNER, rtype: 'users' });
    expect(seen.data.data.every((m: { r_read: number }) => m.r_read === 1)).toBe(true);
    // older pages by id: stable while new messages arrive
    await chat(s, 'send', u.token, { rid: OWNER, content_type: 'text', content: '新消息' });
    const older = await chat(s, 'friend_content', owner, { rid: u.id, per_page: 2, before_id: page.data.data[1].id });
    expect(older.data.data.map((m: { content: string }) => m.content)).toEqual([texts[0]]);
    // the store replies; the shopper's unread count and read route
    const reply = await chat(s, 'send', owner, { rid: u.id, content_type: 'text', content: '您好' });
    expect(reply.data).toMatchObject({ sid: OWNER, rid: u.id, from_store: 1 });
    expect((await chat(s, 'unread', u.token)).data.unread).toBe(1);
    expect((await chat(s, 'read', u.token, { rid: OWNER, id: reply.data.id })).data.unread).toBe(0);
    expect((await chat(s, 'unread', u.token)).data.unread).toBe(0);
  });

  it('a retried send with the same client_id is stored once', async () => {
    const u = await makeUser(s);
    const body = { rid: OWNER, rtype: 'users', content_type: 'text', content: '只存一次', client_id: 'c-123_abc' };
    const first = await chat(s, 'send', u.token, body);
    const again = await chat(s, 'send', u.token, body);
    expect(again.data.id).toBe(first.data.id);
    expect(again.data.client_id).toBe('c-123_abc');
    const rows = await s.db.select().from(chat_messages).where(eq(chat_messages.sender_id, u.id));
    expect(rows).toHaveLength(1);
    const [conv] = await s.db.select().from(chat_conversations).where(eq(chat_conversations.user_id, u.id));
    expect(conv.store_unread).toBe(1);
  });

  it('search finds conversations by the other side\'s name', async () => {
    const u = await makeUser(s);
    await s.db.update(users).set({ nickname: '独一无二的买家' }).where(eq(users.id, u.id));
    await chat(s, 'send', u.token, { rid: OWNER, content_type: 'text', content: 'hi' });
    const found = await chat(s, 'friends', owner, { keyword: '独一无二' });
    expect(found.data.map((f: { rid: number }) => f.rid)).toEqual([u.id]);
    expect((await chat(s, 'friends', owner, { keyword: '100%_没有' })).data).toEqual([]);
  });
});

describe('cards and images', () => {
  it('a goods card of this store (on sale for a shopper), an order card of the shopper\'s own order with this store', async () => {
    const u = await makeUser(s);
    const [onSale] = await s.db.select({ id: goods.id, name: goods.goods_name }).from(goods).where(and(eq(goods.store_id, 1), eq(goods.goods_status, 1), eq(goods.goods_verify, 1))).limit(1);
    const res = await chat(s, 'send', u.token, { rid: OWNER, content_type: 'goods', content: String(onSale.id) });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ content_type: 'goods', content: String(onSale.id), card: { id: onSale.id, name: onSale.name } });
    const [other] = await s.db.select({ id: goods.id }).from(goods).where(eq(goods.store_id, 2)).limit(1);
    const [offShelf] = await s.db.select({ id: goods.id }).from(goods).where(and(eq(goods.store_id, 1), eq(goods.goods_status, 0))).limit(1);
    const before = await count();
    for (const id of [other.id, offShelf.id, 99999999, 'abc']) {
      const bad = await chat(s, 'send', u.token, { rid: OWNER, content_type: 'goods', content: String(id) });
      expect(bad.code).toBe(422);
      expect(bad.data.field).toBe('content');
    }
    // the store may show its own goods off the shelf
    expect((await chat(s, 'send', owner, { rid: u.id, content_type: 'goods', content: String(offShelf.id) })).code).toBe(200);

    const [mine] = await s.db.insert(orders).values({ user_id: u.id, store_id: 1, order_no: `CHAT${u.id}`, order_name: '聊天订单', total_price: '12.30' }).returning({ id: orders.id });
    const [notMine] = await s.db.insert(orders).values({ user_id: SHOPPER, store_id: 1, order_no: `CHATX${u.id}` }).returning({ id: orders.id });
    const [otherStore] = await s.db.insert(orders).values({ user_id: u.id, store_id: 2, order_no: `CHATY${u.id}` }).returning({ id: orders.id });
    const card = await chat(s, 'send', u.token, { rid: OWNER, content_type: 'order', content: String(mine.id) });
    expect(card.data).toMatchObject({ content_type: 'order', card: { id: mine.id, order_no: `CHAT${u.id}`, name: '聊天订单', total: '12.30', status: 1 } });
    for (const id of [notMine.id, otherStore.id]) {
      const bad = await chat(s, 'send', u.token, { rid: OWNER, content_type: 'order', content: String(id) });
      expect(bad.code).toBe(422);
    }
    expect(await count()).toBe(before + 2);
  });

  it('cards lists what the caller may send: the store\'s goods (on sale for a shopper), the shopper\'s orders with the store', async () => {
    const u = await makeUser(s);
    const [mine] = await s.db.insert(orders).values({ user_id: u.id, store_id: 1, order_no: `CARDS${u.id}`, order_name: '卡片订单' }).returning({ id: orders.id });
    await s.db.insert(orders).values({ user_id: u.id, store_id: 2, order_no: `CARDX${u.id}` });
    const ordersOfMine = await chat(s, 'cards', u.token, { rid: OWNER, type: 'order' });
    expect(ordersOfMine.data.map((o: { id: number }) => o.id)).toEqual([mine.id]);
    expect((await chat(s, 'cards', owner, { rid: u.id, type: 'order' })).data.map((o: { order_no: string }) => o.order_no)).toEqual([`CARDS${u.id}`]);
    const shown = await chat(s, 'cards', u.token, { rid: OWNER, type: 'goods' });
    const ids = shown.data.map((g: { id: number }) => g.id);
    const rows = await s.db.select({ id: goods.id, store_id: goods.store_id, status: goods.goods_status }).from(goods).where(inArray(goods.id, ids));
    expect(rows.length).toBe(ids.length);
    expect(rows.every((g) => g.store_id === 1 && g.status === 1)).toBe(true);
    expect((await chat(s, 'cards', u.token, { rid: OWNER, type: 'video' })).data.field).toBe('type');
    expect((await chat(s, 'cards', null, { rid: OWNER, type: 'goods' })).code).toBe(401);
  });

  it('an image must be one uploaded here', async () => {
    const u = await makeUser(s);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#36c' } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'x.png');
    form.append('name', 'chat');
    const up = await s.call('POST', '/api/uploads', { token: u.token, body: form });
    expect(up.code, up.msg).toBe(200);
    const ok = await chat(s, 'send', u.token, { rid: OWNER, content_type: 'image', content: up.data });
    expect(ok.data).toMatchObject({ content_type: 'image', content: up.data });
    for (const content of ['https://evil.example/x.png', '/uploads/chat/2026-01-01/00000000000000000000000000000000.png', 'javascript:alert(1)']) {
      const bad = await chat(s, 'send', u.token, { rid: OWNER, content_type: 'image', content });
      expect(bad.code, content).toBe(422);
    }
  });
});

describe('bad input: a clear 4xx naming the field, nothing stored', () => {
  it('empty or blank text, too long, unknown type, missing fields, a missing or closed account, oneself', async () => {
    const u = await makeUser(s);
    const before = await count();
    const cases: [Record<string, string | number>, number, string][] = [
      [{ rid: OWNER, content_type: 'text', content: '' }, 422, 'content'],
      [{ rid: OWNER, content_type: 'text', content: '   \n ' }, 422, 'content'],
      [{ rid: OWNER, content_type: 'text', content: 'x'.repeat(10_001) }, 422, 'content'],
      [{ rid: OWNER, content_type: 'video', content: 'x' }, 422, 'content_type'],
      [{ rid: OWNER, content: 'x' }, 422, 'content_type'],
      [{ content_type: 'text', content: 'x' }, 422, 'rid'],
      [{ rid: 'abc', content_type: 'text', content: 'x' }, 422, 'rid'],
      [{ rid: OWNER, rtype: 'admins', content_type: 'text', content: 'x' }, 422, 'rtype'],
      [{ rid: 99999999, content_type: 'text', content: 'x' }, 404, 'rid'],
      [{ rid: u.id, content_type: 'text', content: 'x' }, 422, 'rid'],
      [{ rid: OWNER, content_type: 'text', content: 'x', client_id: 'has space' }, 422, 'client_id'],
    ];
    for (const [body, code, field] of cases) {
      const res = await chat(s, 'send', u.token, body);
      expect(res.code, JSON.stringify(body).slice(0, 60)).toBe(code);
      expect(res.data.field).toBe(field);
      expect(res.msg).not.toMatch(/error|stack/i);
    }
    expect((await chat(s, 'send', u.token, { rid: OWNER, content_type: 'text', content: 'x'.repeat(10_000) })).code).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('a disabled account, a closed store; a store cannot open a conversation with a stranger', async () => {
    const u = await makeUser(s);
    const stranger = await makeUser(s);
    await s.db.update(users).set({ status: 0 }).where(eq(users.id, stranger.id));
    expect((await chat(s, 'send', owner, { rid: stranger.id, content_type: 'text', content: 'x' })).code).toBe(404);
    const fresh = await makeUser(s);
    const res = await chat(s, 'add', owner, { rid: fresh.id });
    expect(res.code).toBe(404);
    expect((await chat(s, 'send', owner, { rid: fresh.id, content_type: 'text', content: '推销' })).code).toBe(404);
    await s.db.update(stores).set({ store_status: 0 }).where(eq(stores.id, 2));
    try {
      const closed = await chat(s, 'send', u.token, { rid: 2, content_type: 'text', content: 'x' });
      expect(closed.code).toBe(422);
      expect((await chat(s, 'add', u.token, { rid: 2 })).code).toBe(422);
    } finally {
      await s.db.update(stores).set({ store_status: 1 }).where(eq(stores.id, 2));
    }
  });

  it('bad paging values are 422s naming the field', async () => {
    for (const [body, field] of [[{ rid: OWNER, per_page: 0 }, 'per_page'], [{ rid: OWNER, page: -1 }, 'page'], [{ rid: OWNER, before_id: 'x' }, 'before_id']] as const) {
      const res = await chat(s, 'friend_content', shopper, body);
      expect(res.code).toBe(422);
      expect(res.data.field).toBe(field);
    }
  });

  it('a sender past the limit gets 429 and nothing is stored', async () => {
    const u = await makeUser(s);
    for (let i = 0; i < SEND_LIMIT; i++) expect((await chat(s, 'send', u.token, { rid: OWNER, content_type: 'text', content: `#${i}` })).code).toBe(200);
    const before = await count();
    expect((await chat(s, 'send', u.token, { rid: OWNER, content_type: 'text', content: 'one too many' })).code).toBe(429);
    expect(await count()).toBe(before);
  });
});

describe('isolation', () => {
  it('another store neither lists nor reads the conversation; another shopper cannot read it', async () => {
    const u = await makeUser(s);
    await chat(s, 'send', u.token, { rid: OWNER, content_type: 'text', content: '秘密' });
    const theirs = await chat(s, 'friends', owner2);
    expect(theirs.data.some((f: { rid: number }) => f.rid === u.id)).toBe(false);
    const read = await chat(s, 'friend_content', owner2, { rid: u.id });
    expect(read.data.data).toEqual([]);
    const other = await makeUser(s);
    const peek = await chat(s, 'friend_content', other.token, { rid: OWNER });
    expect(peek.data.data).toEqual([]);
    // store 2's owner cannot send into store 1's conversation: it is its own store's (no order: 404)
    expect((await chat(s, 'send', owner2, { rid: u.id, content_type: 'text', content: 'x' })).code).toBe(404);
  });
});

describe('migration 0034_chat on a database seeded before it', () => {
  it('adds the seller menu 客服聊天 as a fresh seed has it, once', async () => {
    const text = readFileSync(new URL('../../../server/db/migrations/0034_chat.sql', import.meta.url), 'utf8');
    const menuInsert = text.split('--> statement-breakpoint').map((x) => x.trim()).find((x) => x.includes('INSERT INTO "user_menus"'))!;
    const seeded = sellerMenus.find((m) => m.id === 38)!;
    await s.db.delete(user_menus).where(eq(user_menus.id, 38));
    await s.db.execute(sql.raw(menuInsert));
    await s.db.execute(sql.raw(menuInsert));
    const rows = await s.db.select().from(user_menus).where(eq(user_menus.id, 38));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ pid: seeded.pid, name: seeded.name, ename: seeded.ename, icon: seeded.icon, apis: seeded.apis, view: seeded.view, is_open: seeded.is_open, is_sort: seeded.is_sort });
  });
});
