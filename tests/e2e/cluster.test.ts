import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstances, type Cluster } from './instances';
import type { RunningServer } from './harness';
import { startS3Standin, type S3Standin } from './s3Standin';
import { authedSocket } from '../server/chat/fixtures';

/**
 * Two real server processes on one PostgreSQL and an S3 stand-in (DESIGN §10): what one instance
 * does, the other sees. One pair of processes for every check of this file, their timed tasks
 * running every second. Needs TEST_DATABASE_URL (CI sets it).
 */
const PG_URL = process.env.TEST_DATABASE_URL;
const METRICS_TOKEN = 'cluster-metrics-token';

let cluster: Cluster;
let standin: S3Standin;
let sql: pg.Client;
let a: RunningServer;
let b: RunningServer;

interface Answer<T = any> {
  status: number;
  code: number;
  msg: string;
  data: T;
  headers: Headers;
}

async function call<T = any>(server: RunningServer, method: string, path: string, options: { body?: Record<string, string> | FormData; token?: string; ip?: string } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'accept-language': 'en', 'x-forwarded-for': options.ip ?? '10.9.0.1' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body) {
    body = new URLSearchParams(options.body).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  const res = await fetch(`${server.url}${path}`, { method, headers, body });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  return { status: res.status, ...json, headers: res.headers };
}

async function login(server: RunningServer, username: string, provider: 'admins' | 'users' = 'users', ip = '10.9.1.1', area?: 'seller'): Promise<string> {
  const res = await call<{ access_token: string }>(server, 'POST', '/api/login', { body: { username, password: '123456', provider, ...(area ? { area } : {}) }, ip });
  if (res.code !== 200) throw new Error(`login ${username}: ${res.code} ${res.msg}`);
  return res.data.access_token;
}

describe.skipIf(!PG_URL)('two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    standin = await startS3Standin('souk-cluster');
    cluster = await startInstances({ databaseUrl: PG_URL!, suffix: 'cluster', env: { ...standin.env(), JOBS_SCHEDULE: '* * * * * *', METRICS_TOKEN } });
    [a, b] = cluster.instances;
    sql = new pg.Client({ connectionString: cluster.databaseUrl });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await cluster?.stop();
    await standin?.stop();
  });

  it('a login on A is a session on B', async () => {
    const token = await login(a, 'demo');
    const me = await call(b, 'GET', '/api/auth/info', { token });
    expect(me.code).toBe(200);
    expect(me.data.username).toBe('demo');
  });

  it('login attempts count across both instances', async () => {
    const ip = '10.9.2.1';
    const wrong = (server: RunningServer) => call(server, 'POST', '/api/login', { body: { username: 'demo', password: 'wrong-password', provider: 'users' }, ip });
    // five wrong passwords for one username from one address are allowed, spread over A and B
    const codes = [];
    for (const server of [a, b, a, b, a]) codes.push((await wrong(server)).code);
    expect(codes.every((code) => code !== 429)).toBe(true);
    expect((await wrong(b)).code).toBe(429);
    expect((await wrong(a)).code).toBe(429);
  });

  it('an upload through A is in the bucket, served by B, and not on A\'s disk', async () => {
    const seller = await login(a, '18888888888', 'users', '10.9.3.1');
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#28c' } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)]), 'photo.png');
    form.append('name', 'goods');
    const up = await call<string>(a, 'POST', '/api/Seller/uploads', { body: form, token: seller });
    expect(up.code).toBe(200);
    expect(standin.sent.some((r) => r.method === 'PUT' && r.path === `/souk-cluster${up.data}`)).toBe(true);
    const served = await fetch(`${b.url}${up.data}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(300);
    expect((await fetch(`${b.url}${up.data.replace('.png', '_400.png')}`)).status).toBe(200);
    // nothing of it on either instance's disk
    for (const server of [a, b]) expect(filesUnder(server.dataDir)).toEqual([]);
  });

  it('upload and SMS limits count across both instances', async () => {
    const token = await login(a, 'demo', 'users', '10.9.4.1');
    const tiny = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } }).png().toBuffer();
    const upload = (server: RunningServer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(tiny)]), 'dot.png');
      form.append('name', 'avatar');
      return call(server, 'POST', '/api/uploads', { body: form, token });
    };
    // a shopper's 20 uploads a minute, half through each instance
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) codes.push((await upload(i % 2 ? b : a)).code);
    expect(codes.filter((code) => code !== 200)).toEqual([]);
    expect((await upload(b)).code).toBe(429);
    expect((await upload(a)).code).toBe(429);
    // a code for one phone, then the same phone on the other instance within the resend time
    const phone = '13912345678';
    expect((await call(a, 'POST', '/api/sms', { body: { phone, name: 'register' }, ip: '10.9.4.2' })).code).toBe(200);
    const again = await call(b, 'POST', '/api/sms', { body: { phone, name: 'register' }, ip: '10.9.4.3' });
    expect(again.code).toBe(429);
  });

  it('a goods change through A reaches B\'s cached search within about a second', async () => {
    const seller = await login(a, '18888888888', 'users', '10.9.5.1');
    const own = await call<{ data: { id: number; store_id: number; goods_status: number; goods_verify: number }[] }>(a, 'GET', '/api/Seller/goods?per_page=100', { token: seller });
    const onSale = own.data.data.find((g) => g.goods_status === 1 && g.goods_verify === 1)!;
    const goodsId = onSale.id;
    const search = async () => (await call<{ data: { id: number }[] }>(b, 'GET', `/api/goods?store_id=${onSale.store_id}&per_page=100`)).data.data.map((g) => g.id);
    expect(await search()).toContain(goodsId);
    // B now serves that answer from its cache (SEARCH_CACHE_MS, 30 s by default)
    expect(await search()).toContain(goodsId);
    const off = await call(a, 'PUT', `/api/Seller/goods/${goodsId}`, { body: { goods_status: '0' }, token: seller });
    expect(off.code).toBe(200);
    const changed = Date.now();
    let elapsed = -1;
    while (Date.now() - changed < 5000) {
      if (!(await search()).includes(goodsId)) {
        elapsed = Date.now() - changed;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    console.log(`[cluster] goods taken off the shelf on A: gone from B's search after ${elapsed} ms`);
    expect(elapsed).toBeGreaterThanOrEqual(0);
    expect(elapsed).toBeLessThan(2000);
    await call(a, 'PUT', `/api/Seller/goods/${goodsId}`, { body: { goods_status: '1' }, token: seller });
  });

  it('timed tasks on both instances handle each row once', async () => {
    // twelve unpaid orders (copies of the seeded one, with their lines) past a one-minute limit
    const [seed] = (await sql.query(`select id from orders where order_status = 1 and deleted_at is null order by id limit 1`)).rows;
    const copies = await sql.query(
      `insert into orders select (jsonb_populate_record(null::orders, to_jsonb(o) || jsonb_build_object(
         'id', nextval(pg_get_serial_sequence('orders', 'id')),
         'order_no', 'C' || lpad(g::text, 3, '0') || right(o.order_no, length(o.order_no) - 4)))).*
       from orders o, generate_series(1, 12) g where o.id = $1 returning id`,
      [seed.id],
    );
    const ids: number[] = [seed.id, ...copies.rows.map((r: { id: number }) => r.id)];
    await sql.query(
      `insert into order_goods select (jsonb_populate_record(null::order_goods, to_jsonb(l) || jsonb_build_object(
         'id', nextval(pg_get_serial_sequence('order_goods', 'id')), 'order_id', n.id))).*
       from order_goods l, unnest($2::int[]) n(id) where l.order_id = $1`,
      [seed.id, ids.slice(1)],
    );
    const stockOf = async () => (await sql.query(`select coalesce(sum(g.goods_stock), 0)::int as n from goods g where g.id in (select goods_id from order_goods where order_id = $1)`, [seed.id])).rows[0].n as number;
    const lineUnits = (await sql.query(`select coalesce(sum(buy_num), 0)::int as n from order_goods where order_id = $1`, [seed.id])).rows[0].n as number;
    const stockBefore = await stockOf();
    await sql.query(`update orders set created_at = now() - interval '10 minutes' where id = any($1::int[])`, [ids]);
    const admin = await login(a, 'admin', 'admins', '10.9.6.1');
    expect((await call(a, 'PUT', '/api/Admin/configs/update', { body: { 'task[cancel_minutes]': '1' }, token: admin })).code).toBe(200);
    await expect
      .poll(async () => Number((await sql.query(`select count(*) from orders where id = any($1::int[]) and order_status = 1`, [ids])).rows[0].count), { timeout: 20_000, interval: 250 })
      .toBe(0);
    const logs = await sql.query(`select order_id, count(*)::int as n from order_logs where order_id = any($1::int[]) and action = 'cancel' group by order_id`, [ids]);
    expect(logs.rows).toHaveLength(ids.length);
    expect(logs.rows.every((r: { n: number }) => r.n === 1)).toBe(true);
    // the stock came back once per order, not twice
    expect(await stockOf()).toBe(stockBefore + lineUnits * ids.length);
    // both instances ran the task meanwhile (each claimed what the other had not)
    for (const server of [a, b]) {
      const metrics = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      expect(metrics).toMatch(/souk_job_runs_total\{job="orders\.cancelUnpaid",outcome="ok"\} [1-9]/);
    }
  });

  it('a socket on B receives what was sent through A, and B\'s metrics count it', async () => {
    const [shopper, seller] = [await login(a, 'demo', 'users', '10.9.7.1'), await login(b, '18888888888', 'users', '10.9.7.2', 'seller')];
    const store = await authedSocket(`${b.url.replace('http', 'ws')}/ws`, seller);
    const metricsOf = async (server: RunningServer) => (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(await metricsOf(b)).toContain('souk_websocket_authenticated{area="seller"} 1');
    expect(await metricsOf(b)).toContain('souk_live_listening 1');
    const sent = await call(a, 'POST', '/api/Chat/send', { body: { rid: '1', rtype: 'users', content_type: 'text', content: 'through A' }, token: shopper });
    expect(sent.code, sent.msg).toBe(200);
    const got = await store.next((f) => f.type === 'chat' && f.data.id === sent.data.id);
    expect(got.data).toMatchObject({ content: 'through A', store_id: 1 });
    expect(await metricsOf(b)).toMatch(/souk_live_frames_pushed_total\{type="chat"\} [1-9]/);
    store.close();
    await store.closed;
  });

  it('B shuts down gracefully on SIGTERM while A goes on serving', async () => {
    const ready = await fetch(`${b.url}/api/ready`);
    const body = await ready.json();
    expect(body.data.checks, b.log().split('\n').filter((l) => l.includes('readiness')).join('\n')).toEqual({ database: 'ok', migrations: 'ok', storage: 'ok', shutdown: 'ok' });
    expect(ready.status).toBe(200);
    process.kill(b.pid, 'SIGTERM');
    expect(await b.exited).toBe(0);
    expect(b.log()).toMatch(/SIGTERM: shutting down/);
    expect(b.log()).toMatch(/shutdown complete in \d+ ms/);
    expect((await fetch(`${a.url}/api/ready`)).status).toBe(200);
  });
});

/** Every file under a directory (relative paths), none when it does not exist. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}
