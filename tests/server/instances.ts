import pg from 'pg';
import { startServer, type RunningServer } from '../e2e/harness';

/**
 * Several real server processes (`server/main.ts`, spawned as `npm start` runs it) on one fresh
 * PostgreSQL database `<TEST_DATABASE_URL's name>_<name>` (dropped and created again, so the
 * first instance migrates and seeds it), sharing one JWT secret: what a deployment behind a
 * load balancer runs. Started one after the other (the first one seeds).
 */
export async function startInstances(baseUrl: string, name: string, count: number, env: Record<string, string> = {}): Promise<{ databaseUrl: string; instances: RunningServer[]; stop(): Promise<void> }> {
  const databaseUrl = await freshDatabase(baseUrl, name);
  const instances: RunningServer[] = [];
  try {
    for (let i = 0; i < count; i++) {
      instances.push(await startServer({ DATABASE_URL: databaseUrl, JWT_SECRET: `instances-${name}-secret-0123456789abcdef`, JOBS: 'off', ...env }, { api: true }));
    }
  } catch (err) {
    await Promise.all(instances.map((i) => i.stop()));
    throw err;
  }
  return { databaseUrl, instances, stop: async () => void (await Promise.all(instances.map((i) => i.stop()))) };
}

async function freshDatabase(url: string, name: string): Promise<string> {
  const target = new URL(url);
  const database = `${target.pathname.slice(1) || 'postgres'}_${name}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${database}" with (force)`);
    await client.query(`create database "${database}"`);
  } finally {
    await client.end();
  }
  target.pathname = `/${database}`;
  return target.toString();
}

/** A form POST to a running instance; the envelope back. */
export async function post(base: string, path: string, body: Record<string, string | number>, token?: string): Promise<{ code: number; msg: string; data: any }> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
  });
  return (await res.json()) as { code: number; msg: string; data: any };
}

/** Logs in on a running instance; the access token. */
export async function loginAt(base: string, username: string, area?: 'seller' | 'user'): Promise<string> {
  const res = await post(base, '/api/login', { username, password: '123456', provider: 'users', ...(area ? { area } : {}) });
  if (res.code !== 200) throw new Error(`login ${username}: ${res.code} ${res.msg}`);
  return res.data.access_token;
}
