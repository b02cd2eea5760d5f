import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstances, type Cluster } from './instances';
import type { RunningServer } from './harness';

/**
 * Two real server processes on one PostgreSQL (DESIGN §10): what one instance does, the other
 * sees. One pair of processes for every check of this file. Needs TEST_DATABASE_URL (CI sets it).
 */
const PG_URL = process.env.TEST_DATABASE_URL;

let cluster: Cluster;
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

async function login(server: RunningServer, username: string, provider: 'admins' | 'users' = 'users', ip = '10.9.1.1'): Promise<string> {
  const res = await call<{ access_token: string }>(server, 'POST', '/api/login', { body: { username, password: '123456', provider }, ip });
  if (res.code !== 200) throw new Error(`login ${username}: ${res.code} ${res.msg}`);
  return res.data.access_token;
}

describe.skipIf(!PG_URL)('two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    cluster = await startInstances({ databaseUrl: PG_URL!, suffix: 'cluster' });
    [a, b] = cluster.instances;
  });
  afterAll(async () => {
    await cluster?.stop();
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
});
