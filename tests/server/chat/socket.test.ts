import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth_sessions, orders } from '../../../server/db/schema';
import { signAccess } from '../../../server/http/auth';
import { changeOrderState } from '../../../server/modules/orders/states';
import { CLOSE } from '../../../server/live/socket';
import { applyForAfterSale } from '../../../server/modules/refunds/apply';
import { takeStep } from '../../../server/modules/refunds/steps';
import { loginAdmin, loginOwner2Seller, loginOwnerSeller, openTestServer, TEST_SECRET, type TestServer } from '../helpers';
import { makeUser } from '../shop/fixtures';
import { authedSocket, chat, listenTestServer, openSocket, type Frame } from './fixtures';

/** The `/ws` contract (issue 27): first-frame auth, replay above `since`, live pushes, isolation, closes. */
const OWNER = 1;
let s: TestServer;
let server: Awaited<ReturnType<typeof listenTestServer>>;
let owner: string;
let owner2: string;
const isChat = (content: string) => (f: Frame) => f.type === 'chat' && f.data.content === content;

beforeAll(async () => {
  s = await openTestServer();
  server = await listenTestServer(s);
  [owner, owner2] = [await loginOwnerSeller(s), await loginOwner2Seller(s)];
});
afterAll(async () => {
  await server?.close();
  await s?.close();
});

describe('authentication', () => {
  it('a socket that does not authenticate within 5 s is closed and gets nothing', async () => {
    const socket = await openSocket(server.ws);
    const { code, reason } = await socket.closed;
    expect([code, reason]).toEqual([...CLOSE.authTimeout]);
    expect(socket.frames).toEqual([]);
  }, 10_000);

  it('a bad, forged or admin token is refused with 4001; anything but auth first too; garbage is 4000', async () => {
    const admin = await loginAdmin(s);
    for (const frame of [{ type: 'auth', token: 'x.y.z' }, { type: 'auth' }, { type: 'auth', token: admin }, { type: 'chat', data: {} }]) {
      const socket = await openSocket(server.ws);
      socket.send(frame);
      expect(await socket.closed).toEqual({ code: CLOSE.unauthorized[0], reason: CLOSE.unauthorized[1] });
      expect(socket.frames).toEqual([]);
    }
    for (const frame of ['not json', '[1,2]', JSON.stringify({ type: 'auth', token: owner, since: -1 })]) {
      const socket = await openSocket(server.ws);
      socket.send(frame);
      expect((await socket.closed).code).toBe(CLOSE.badFrame[0]);
    }
  });

  it('answers ready and pong; the reference heart is echoed', async () => {
    const socket = await authedSocket(server.ws, owner);
    socket.send({ type: 'ping' });
    await socket.next((f) => f.type === 'pong');
    socket.send({ type: 'heart', data: { sid: 1 } });
    await socket.next((f) => f.type === 'heart');
    socket.close();
  });

  it('closes with token_expired when the token runs out (the client then connects with a fresh one)', async () => {
    const u = await makeUser(s);
    const [session] = await s.db.select({ id: auth_sessions.id }).from(auth_sessions).where(eq(auth_sessions.account_id, u.id));
    const short = signAccess(TEST_SECRET, { sub: String(u.id), area: 'users', provider: 'users', sid: session.id }, Math.floor(Date.now() / 1000), 1);
    const socket = await authedSocket(server.ws, short);
    expect(await socket.closed).toEqual({ code: CLOSE.tokenExpired[0], reason: CLOSE.tokenExpired[1] });
    // an expired token cannot open another one
    const again = await openSocket(server.ws);
    again.send({ type: 'auth', token: short });
    expect((await again.closed).code).toBe(CLOSE.unauthorized[0]);
  });
});

describe('delivery', () => {
  it('a message reaches the store\'s sockets and the sender\'s own, never another store\'s or shopper\'s', async () => {
    const u = await makeUser(s);
    const bystander = await makeUser(s);
    const store = await authedSocket(server.ws, owner);
    const other = await authedSocket(server.ws, owner2);
    const me = await authedSocket(server.ws, u.token);
    const them = await authedSocket(server.ws, bystander.token);
    const sent = await chat(s, 'send', u.token, { rid: OWNER, content_type: 'text', content: '实时消息' });
    const got = await store.next(isChat('实时消息'));
    expect(got.data).toEqual({
      id: sent.data.id,
      conversation_id: sent.data.conversation_id,
      sid: u.id,
      stype: 'users',
      rid: OWNER,
      rtype: 'users',
      from_store: 0,
      user_id: u.id,
      store_id: 1,
      content_type: 'text',
      content: '实时消息',
      card: null,
      client_id: null,
      s_read: 1,
      r_read: 0,
      created_at: sent.data.created_at,
    });
    await me.next(isChat('实时消息'));
    const reply = await chat(s, 'send', owner, { rid: u.id, content_type: 'text', content: '收到' });
    expect((await me.next(isChat('收到'))).data).toMatchObject({ id: reply.data.id, sid: OWNER, rid: u.id, from_store: 1 });
    await store.next(isChat('收到'));
    // a frame after both shows that nothing else came before it
    const marker = await makeUser(s);
    const markerSocket = await authedSocket(server.ws, marker.token);
    await chat(s, 'send', marker.token, { rid: 2, content_type: 'text', content: '给二号店' });
    await other.next(isChat('给二号店'));
    await markerSocket.next(isChat('给二号店'));
    expect(other.frames.filter((f) => f.type === 'chat').map((f) => f.data.content)).toEqual(['给二号店']);
    expect(them.frames.filter((f) => f.type === 'chat')).toEqual([]);
    expect(me.frames.filter((f) => f.type === 'chat').map((f) => f.data.content)).toEqual(['实时消息', '收到']);
    for (const socket of [store, other, me, them, markerSocket]) socket.close();
  });

  it('replays every message of the caller\'s conversations above since, in order, after ready; then live, none twice', async () => {
    const u = await makeUser(s);
    const ids: number[] = [];
    for (const content of ['一', '二', '三']) ids.push((await chat(s, 'send', u.token, { rid: OWNER, content_type: 'text', content })).data.id);
    const other = await makeUser(s);
    await chat(s, 'send', other.token, { rid: OWNER, content_type: 'text', content: '别人的' });
    const socket = await openSocket(server.ws);
    socket.send({ type: 'auth', token: u.token, since: ids[0] });
    await socket.next(isChat('三'));
    expect(socket.frames[0]).toEqual({ type: 'ready', last_id: ids[2] });
    expect(socket.frames.slice(1).map((f) => f.data.id)).toEqual([ids[1], ids[2]]);
    const live = await chat(s, 'send', owner, { rid: u.id, content_type: 'text', content: '四' });
    await socket.next(isChat('四'));
    expect(socket.frames.slice(1).map((f) => f.data.id)).toEqual([ids[1], ids[2], live.data.id]);
    socket.close();
    // since = the newest id: nothing replayed
    const quiet = await authedSocket(server.ws, u.token, live.data.id);
    await chat(s, 'send', u.token, { rid: OWNER, content_type: 'text', content: '五' });
    await quiet.next(isChat('五'));
    expect(quiet.frames.filter((f) => f.type === 'chat').map((f) => f.data.content)).toEqual(['五']);
    quiet.close();
  });

  it('a store hears of a paid order and an after-sale request; the shopper of shipment and the store\'s answer', async () => {
    const u = await makeUser(s);
    const store = await authedSocket(server.ws, owner);
    const other = await authedSocket(server.ws, owner2);
    const buyer = await authedSocket(server.ws, u.token);
    const [order] = await s.db.insert(orders).values({ user_id: u.id, store_id: 1, order_no: `LIVE${u.id}`, total_price: '1.00' }).returning({ id: orders.id });
    await s.db.transaction((tx) => changeOrderState(tx, { orderId: order.id, action: 'pay', actor: 'system' }));
    expect((await store.next((f) => f.type === 'notice')).data).toEqual({ kind: 'order_paid', order_id: order.id, order_no: `LIVE${u.id}` });
    await s.db.transaction((tx) => changeOrderState(tx, { orderId: order.id, action: 'ship', actor: 'seller', set: { delivery_no: 'SF1', delivery_code: 'SF' } }));
    expect((await buyer.next((f) => f.type === 'notice')).data).toEqual({ kind: 'shipped', order_id: order.id, order_no: `LIVE${u.id}` });
    // a change rolled back is never announced
    await s.db
      .transaction(async (tx) => {
        await changeOrderState(tx, { orderId: order.id, action: 'receive', actor: 'user' });
        await changeOrderState(tx, { orderId: order.id, action: 'afterSale', actor: 'user' });
        tx.rollback();
      })
      .catch(() => {});
    await s.db.transaction((tx) => applyForAfterSale(tx, { orderId: order.id, userId: u.id, userName: u.username, refundType: 0, remark: '不想要了', images: [], timeZone: 'Asia/Shanghai' }));
    const notices = () => store.frames.filter((f) => f.type === 'notice').map((f) => f.data.kind);
    await store.next((f) => f.type === 'notice' && f.data.kind === 'after_sale');
    expect(notices()).toEqual(['order_paid', 'after_sale']);
    await s.db.transaction((tx) => takeStep(tx, { orderId: order.id, step: 'refuse', actor: 'seller', actorId: OWNER, actorName: 'owner', refuseRemark: '已发货' }));
    await buyer.next((f) => f.type === 'notice' && f.data.kind === 'refund_refused');
    expect(other.frames.filter((f) => f.type === 'notice')).toEqual([]);
    expect(buyer.frames.filter((f) => f.type === 'notice').map((f) => f.data.kind)).toEqual(['shipped', 'refund_refused']);
    for (const socket of [store, other, buyer]) socket.close();
  });
});
