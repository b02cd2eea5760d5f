/**
 * `npm run bench -- chat` (issue 27): live chat on two real instances (`server/main.ts`) over one
 * PostgreSQL (BENCH_DATABASE_URL; its `<name>_chatbench` database is dropped and made again).
 * - Delivery: shoppers send through instance A (POST /api/Chat/send, a few at a time, each under
 *   the per-sender limit); the store's socket is on instance B. Delivery runs from the commit (the
 *   moment PostgreSQL hands out the message's notification: this process LISTENs too) to its frame
 *   on B's socket — B's listener, B reading the table, the push. End to end runs from the start of
 *   the POST on A (the write itself: auth, checks, the transaction) to the same frame. p50 / p99.
 * - Idle sockets: 2,000 authenticated sockets held on instance B; the memory the process added
 *   (RSS from /proc, after a settle) is the figure.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { WebSocket } from 'ws';
import { hashPassword } from '../server/http/password';
import { startInstances } from '../tests/e2e/instances';
import { loginAt, post } from '../tests/server/chat/fixtures';
import { budgetRow, patchDoc, type BudgetRow } from './docPatch';

const MESSAGES = 600;
const SENDERS = 40;
const IN_FLIGHT = 4;
const IDLE_SOCKETS = 2000;
const OWNER = 1;

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
};
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Opens a socket on `url`, authenticates it, resolves once ready; `onChat` gets each chat frame. */
function socketOn(url: string, token: string, onChat?: (data: { id: number; content: string }) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw));
      if (frame.type === 'ready') resolve(ws);
      else if (frame.type === 'chat') onChat?.(frame.data);
    });
    ws.on('error', reject);
    ws.on('close', (code) => reject(new Error(`socket closed ${code}`)));
  });
}

async function makeSenders(databaseUrl: string, count: number): Promise<string[]> {
  const hash = await hashPassword('123456');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const names = Array.from({ length: count }, (_, i) => `chatbench${i}`);
    for (const name of names) await client.query('insert into users (username, password, nickname) values ($1, $2, $1)', [name, hash]);
    return names;
  } finally {
    await client.end();
  }
}

export async function benchChat(databaseUrl: string): Promise<BudgetRow[]> {
  const run = await startInstances({ databaseUrl, suffix: 'chatbench', env: { JOBS: 'off' } });
  const [a, b] = run.instances;
  try {
    const wsB = `${b.url.replace('http', 'ws')}/ws`;
    const seller = await loginAt(b.url, '18888888888', 'seller');
    const names = await makeSenders(run.databaseUrl, SENDERS);
    const tokens: string[] = [];
    for (const name of names) tokens.push(await loginAt(a.url, name, 'user'));

    // delivery: every message's POST start on A → its frame on the store's socket on B
    // the commit: when PostgreSQL hands out the message's notification (the instances LISTEN alike)
    const notified = new Map<number, number>();
    const listener = new pg.Client({ connectionString: run.databaseUrl });
    await listener.connect();
    listener.on('notification', (n) => {
      const event = JSON.parse(n.payload ?? '{}');
      if (event.t === 'chat') notified.set(event.id, performance.now());
    });
    await listener.query('LISTEN souk_live');
    const arrivedAt = new Map<number, number>();
    const started = new Map<string, number>();
    const committed = new Map<string, number>();
    const latencies: number[] = [];
    const afterCommit: number[] = [];
    const posts: number[] = [];
    let arrived: () => void = () => {};
    const all = new Promise<void>((r) => (arrived = r));
    const store = await socketOn(wsB, seller, (m) => {
      const t0 = started.get(m.content);
      if (t0 === undefined) return;
      const now = performance.now();
      latencies.push(now - t0);
      arrivedAt.set(m.id, now);
      const t1 = committed.get(m.content);
      if (t1 !== undefined) afterCommit.push(now - t1);
      started.delete(m.content);
      if (latencies.length === MESSAGES) arrived();
    });
    // warm-up: one message per sender opens its conversation
    for (const token of tokens) await post(a.url, '/api/Chat/send', { rid: OWNER, content_type: 'text', content: 'warm-up' }, token);
    await sleep(11_000); // a fresh window of the per-sender limit
    let next = 0;
    const worker = async () => {
      while (next < MESSAGES) {
        const i = next++;
        const content = `bench ${i}`;
        const t0 = performance.now();
        started.set(content, t0);
        const res = await post(a.url, '/api/Chat/send', { rid: OWNER, content_type: 'text', content }, tokens[i % SENDERS]);
        posts.push(performance.now() - t0);
        if (started.has(content)) committed.set(content, performance.now());
        if (res.code !== 200) throw new Error(`send ${i}: ${res.code} ${res.msg}`);
        // about 45 messages a second over 40 senders: each stays under its 20 per 10 s
        await sleep(150);
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await Promise.race([all, sleep(30_000)]);
    store.close();
    await sleep(500);
    await listener.end();
    // a frame that reached B's socket before this process heard the notification counts as 0 ms
    const deliveries = [...arrivedAt].map(([id, at]) => Math.max(0, at - (notified.get(id) ?? at)));
    if (latencies.length < MESSAGES) throw new Error(`only ${latencies.length} of ${MESSAGES} messages reached instance B`);
    latencies.sort((x, y) => x - y);
    deliveries.sort((x, y) => x - y);
    const p50 = percentile(deliveries, 50);
    const p99 = percentile(deliveries, 99);
    const e2e50 = percentile(latencies, 50);
    const e2e99 = percentile(latencies, 99);
    console.log(`commit → socket on B (${deliveries.length} messages, ${[...arrivedAt.keys()].filter((id) => !notified.has(id)).length} unheard here): p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
    posts.sort((x, y) => x - y);
    afterCommit.sort((x, y) => x - y);
    console.log(`POST start on A → socket on B: ${MESSAGES} messages, p50 ${e2e50.toFixed(1)} ms, p99 ${e2e99.toFixed(1)} ms; the POST alone p50 ${percentile(posts, 50).toFixed(1)} ms, p99 ${percentile(posts, 99).toFixed(1)} ms; answer → socket (${afterCommit.length} that arrived after their answer) p50 ${afterCommit.length ? percentile(afterCommit, 50).toFixed(1) : '-'} ms`);

    // idle sockets: RSS of instance B before and after 2,000 authenticated sockets
    await sleep(2000);
    const before = rssMb(b.pid);
    // the peak while opening them and holding them 5 s (a collection in between cannot hide any)
    let after = before;
    const sampler = setInterval(() => (after = Math.max(after, rssMb(b.pid))), 100);
    const sockets: WebSocket[] = [];
    for (let i = 0; i < IDLE_SOCKETS; i += 50) {
      sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, IDLE_SOCKETS - i) }, (_, k) => socketOn(wsB, tokens[(i + k) % SENDERS])))));
    }
    await sleep(5000);
    clearInterval(sampler);
    after = Math.max(after, rssMb(b.pid));
    const added = after - before;
    console.log(`${sockets.length} idle sockets on instance B: RSS ${before.toFixed(0)} → ${after.toFixed(0)} MB (+${added.toFixed(1)} MB)`);
    for (const s of sockets) s.terminate();

    const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
    return [
      budgetRow(`Chat delivery across two instances (commit → frame on instance B's socket, PostgreSQL, ${MESSAGES} messages sent on A, ${IN_FLIGHT} at a time): p99`, p99, 100, (n) => `${n.toFixed(1)} ms`),
      { what: `Chat delivery across two instances: p50`, figure: `${p50.toFixed(1)} ms` },
      { what: `Chat end to end (POST start on A → frame on B: the write included; machine load ${load}): p50 / p99`, figure: `${e2e50.toFixed(0)} / ${e2e99.toFixed(0)} ms` },
      budgetRow(`Chat: ${IDLE_SOCKETS.toLocaleString('en')} idle authenticated sockets on one instance, memory added (peak RSS while opening and holding them)`, added, 200, (n) => `${n.toFixed(1)} MB`),
    ];
  } finally {
    await run.stop();
  }
}

export async function benchChatOnly(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('npm run bench -- chat needs BENCH_DATABASE_URL (a PostgreSQL both instances share)');
  const rows = await benchChat(url);
  patchDoc({ budgets: { prefixes: ['Chat'], rows } });
  for (const r of rows) console.log(`${r.what}: ${r.figure} ${r.verdict ?? ''}`);
}
