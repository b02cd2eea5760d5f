import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaFor } from '../../../server/http/auth';
import { freshIp, loginAdmin, openTestServer, type TestServer } from '../helpers';

/**
 * Issue 11 "Contract faithfulness": a `users` login without `area` (what the reference's own web
 * and mobile clients send) opens the shop and, for a store owner or staff, the seller centre; the
 * `area` field narrows the token to one area (DESIGN §5 Auth).
 */
let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(async () => {
  await s.close();
});

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

async function login(username: string, extra: Record<string, string> = {}) {
  const res = await s.call('POST', '/api/login', { body: { username, password: '123456', ...extra }, ip: freshIp() });
  expect(res.code).toBe(200);
  return res.data as { access_token: string; refresh_token: string };
}

const shop = (token: string) => s.call('POST', '/api/auth/info', { token, body: { provider: 'users' } });
const seller = (token: string) => s.call('POST', '/api/Seller/auth/info', { token, body: { provider: 'users' } });
const admin = (token: string) => s.call('POST', '/api/Admin/auth/info', { token, body: { provider: 'admins' } });

describe('a users login without area (the reference clients)', () => {
  it('store owner: one token opens the shop and the seller centre of its store, never the admin console', async () => {
    for (const body of [{}, { provider: 'users' }] as Record<string, string>[]) {
      const { access_token } = await login('18888888888', body);
      expect(claimsOf(access_token)).toMatchObject({ area: 'users', provider: 'users' });
      const asShopper = await shop(access_token);
      expect(asShopper.code).toBe(200);
      expect(asShopper.data.username).toBe('18888888888');
      const asSeller = await seller(access_token);
      expect(asSeller.code).toBe(200);
      expect(asSeller.data.store_id ?? asSeller.data.store?.id).toBeGreaterThan(0);
      expect((await admin(access_token)).code).toBe(401);
    }
  });

  it('staff: opens the shop and its store’s seller centre', async () => {
    const { access_token } = await login('seller');
    expect((await shop(access_token)).code).toBe(200);
    const asSeller = await seller(access_token);
    expect(asSeller.code).toBe(200);
    expect(asSeller.data.belong_id).toBeGreaterThan(0);
  });

  it('a shopper without a store: the shop opens, the seller centre answers 403 and leaks nothing', async () => {
    const { access_token } = await login('demo');
    expect((await shop(access_token)).code).toBe(200);
    const asSeller = await seller(access_token);
    expect(asSeller.code).toBe(403);
    expect(asSeller.data).toEqual([]);
    expect((await s.call('GET', '/api/Seller/goods', { token: access_token })).code).toBe(403);
  });

  it('a refreshed token keeps the reach; logout ends it in both areas', async () => {
    const first = await login('18888888888');
    const next = await s.call('POST', '/api/refresh_token', { body: { refresh_token: first.refresh_token } });
    expect(next.code).toBe(200);
    expect(claimsOf(next.data.access_token).area).toBe('users');
    expect((await seller(next.data.access_token)).code).toBe(200);
    expect((await s.call('POST', '/api/logout', { token: next.data.access_token, body: { provider: 'users' } })).code).toBe(200);
    expect((await shop(next.data.access_token)).code).toBe(401);
    expect((await seller(next.data.access_token)).code).toBe(401);
  });
});

describe('the area field narrows the token', () => {
  it('area=user opens only the shop; area=seller only the seller centre', async () => {
    const user = await login('18888888888', { area: 'user' });
    expect(claimsOf(user.access_token).area).toBe('user');
    expect((await shop(user.access_token)).code).toBe(200);
    expect((await seller(user.access_token)).code).toBe(401);

    const sell = await login('18888888888', { area: 'seller' });
    expect(claimsOf(sell.access_token).area).toBe('seller');
    expect((await seller(sell.access_token)).code).toBe(200);
    expect((await shop(sell.access_token)).code).toBe(401);
  });

  it('an admin token opens neither the shop nor the seller centre; a users token never the admin console', async () => {
    const token = await loginAdmin(s);
    expect((await shop(token)).code).toBe(401);
    expect((await seller(token)).code).toBe(401);
  });

  it('an unknown area is a 422 naming the field, and no session', async () => {
    const res = await s.call('POST', '/api/login', { body: { username: 'demo', password: '123456', area: 'users' }, ip: freshIp() });
    expect(res.code).toBe(422);
    expect(res.data.field).toBe('area');
    expect(res.data.access_token).toBeUndefined();
  });

  it('areaFor maps a reach onto the areas a route accepts', () => {
    expect(areaFor('users', ['user'])).toBe('user');
    expect(areaFor('users', ['seller'])).toBe('seller');
    expect(areaFor('users', ['admin'])).toBeNull();
    expect(areaFor('users')).toBe('user');
    expect(areaFor('seller', ['user'])).toBeNull();
    expect(areaFor('admin', ['admin'])).toBe('admin');
  });
});
