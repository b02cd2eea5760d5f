import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstances } from '../../e2e/instances';
import { authedSocket, loginAt, openSocket, post, type Frame } from './fixtures';

/**
 * Two real server processes on one PostgreSQL (issue 27): a message sent through instance A
 * reaches the seller's socket on instance B (pg_notify on commit, B's one LISTEN connection,
 * B reads the table); a socket that reconnects with `since` gets exactly what it missed.
 */
const url = process.env.TEST_DATABASE_URL;
const OWNER = 1;

describe.skipIf(!url)('chat across two instances on one PostgreSQL', () => {
  let run: Awaited<ReturnType<typeof startInstances>>;
  let a: string;
  let b: string;
  let shopper: string;
  let seller: string;
  const wsOf = (base: string) => `${base.replace('http', 'ws')}/ws`;
  const chats = (frames: Frame[]) => frames.filter((f) => f.type === 'chat').map((f) => f.data);

  beforeAll(async () => {
    run = await startInstances({ databaseUrl: url!, suffix: 'chat2', env: { JOBS: 'off' } });
    [a, b] = run.instances.map((i) => i.url);
    shopper = await loginAt(a, 'demo', 'user');
    seller = await loginAt(b, '18888888888', 'seller');
  }, 240_000);
  afterAll(async () => {
    await run?.stop();
  });

  it('a message sent through A reaches the seller\'s socket on B, and the reply through B the shopper\'s on A', async () => {
    const store = await authedSocket(wsOf(b), seller);
    const buyer = await authedSocket(wsOf(a), shopper);
    const sent = await post(a, '/api/Chat/send', { rid: OWNER, rtype: 'users', content_type: 'text', content: '从 A 发出' }, shopper);
    expect(sent.code, sent.msg).toBe(200);
    const got = await store.next((f) => f.type === 'chat' && f.data.id === sent.data.id);
    expect(got.data).toMatchObject({ sid: 4, rid: OWNER, content: '从 A 发出', store_id: 1 });
    const reply = await post(b, '/api/Chat/send', { rid: 4, content_type: 'text', content: '从 B 回复' }, seller);
    await buyer.next((f) => f.type === 'chat' && f.data.id === reply.data.id);
    await store.next((f) => f.type === 'chat' && f.data.id === reply.data.id);
    // each socket got each message once
    expect(chats(store.frames).map((m) => m.id)).toEqual([sent.data.id, reply.data.id]);
    expect(chats(buyer.frames).map((m) => m.id)).toEqual([sent.data.id, reply.data.id]);
    store.close();
    buyer.close();
  });

  it('a seller socket that reconnects to B with since gets exactly the messages it missed', async () => {
    const first = await authedSocket(wsOf(b), seller);
    const seen = await post(a, '/api/Chat/send', { rid: OWNER, content_type: 'text', content: '断线前' }, shopper);
    await first.next((f) => f.type === 'chat' && f.data.id === seen.data.id);
    first.close();
    await first.closed;
    const missed: number[] = [];
    for (const content of ['断线中 1', '断线中 2', '断线中 3']) missed.push((await post(a, '/api/Chat/send', { rid: OWNER, content_type: 'text', content }, shopper)).data.id);
    const again = await openSocket(wsOf(b));
    again.send({ type: 'auth', token: seller, since: seen.data.id });
    await again.next((f) => f.type === 'chat' && f.data.id === missed[2]);
    const live = await post(a, '/api/Chat/send', { rid: OWNER, content_type: 'text', content: '重连后' }, shopper);
    await again.next((f) => f.type === 'chat' && f.data.id === live.data.id);
    expect(again.frames[0]).toEqual({ type: 'ready', last_id: missed[2] });
    expect(chats(again.frames).map((m) => m.id)).toEqual([...missed, live.data.id]);
    again.close();
  });
});
