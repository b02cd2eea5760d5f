import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginAdmin, loginOwnerSeller, loginShopper, openTestServer, type Answer, type TestServer } from '../helpers';

/**
 * A NUL character or an out-of-range time-zone offset in the input reached PostgreSQL on 35+
 * routes, public ones included: a code-500 envelope and the whole SQL in the log. Swept over every
 * mounted GET route (list routes and public ones; path parameters filled in), each called with a
 * token of its area: a 422 naming the field, never a 500, nothing logged.
 */
let s: TestServer;
const tokens: Record<string, string> = {};
const logged: string[] = [];
beforeAll(async () => {
  s = await openTestServer();
  tokens.admin = await loginAdmin(s);
  tokens.seller = await loginOwnerSeller(s);
  tokens.user = await loginShopper(s);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
});
afterAll(async () => {
  vi.restoreAllMocks();
  await s.close();
});

/** Every GET route under /api, path parameters filled with a plausible value. */
function getRoutes(): string[] {
  const paths = new Set<string>();
  for (const route of s.app.routes) {
    if (route.method !== 'GET' || !route.path.startsWith('/api/') || route.path.includes('*')) continue;
    paths.add(route.path.replace(/:ids\b[^/]*/g, '1,2').replace(/:(\w+)[^/]*/g, (_, name: string) => (/id$/.test(name) ? '1' : 'x')));
  }
  return [...paths].sort();
}
const tokenFor = (path: string) => (path.startsWith('/api/Admin/') ? tokens.admin : path.startsWith('/api/Seller/') ? tokens.seller : tokens.user);

async function sweep(query: string): Promise<{ path: string; answer: Answer }[]> {
  const out = [];
  for (const path of getRoutes()) {
    let answer: Answer;
    try {
      answer = await s.call('GET', `${path}?${query}`, { token: tokenFor(path), lang: 'en' });
    } catch (err) {
      // a page, not an envelope (the development payment page): its HTTP status stands for the code
      const status = /not JSON \((\d+)\)/.exec(String(err))?.[1];
      if (!status) throw err;
      answer = { status: Number(status), code: Number(status), msg: '', data: null, headers: new Headers() };
    }
    out.push({ path, answer });
  }
  return out;
}

describe('bad input never reaches the database', () => {
  it('finds the mounted list and public routes', () => {
    const routes = getRoutes();
    expect(routes.length).toBeGreaterThan(80);
    for (const path of ['/api/goods', '/api/stores', '/api/Admin/users', '/api/Seller/users', '/api/user/carts', '/api/Admin/areas']) expect(routes).toContain(path);
  });

  it('a NUL character in a query parameter: 422 naming it on every GET route', async () => {
    logged.length = 0;
    const answers = await sweep('name=%00%7Clike');
    const wrong = answers.filter(({ answer }) => answer.code !== 422 || answer.data?.field !== 'name').map(({ path, answer }) => `${path}: ${answer.code}`);
    expect(wrong).toEqual([]);
    expect(answers[0].answer.msg).toBe('The field name is invalid.');
    expect(logged).toEqual([]);
  });

  it('a NUL character in a path parameter or a parameter name is refused the same way', async () => {
    expect((await s.call('GET', '/api/agreements/a%00b')).data).toEqual({ field: 'path' });
    expect((await s.call('GET', '/api/goods?key%00word=1')).code).toBe(422);
    expect(logged).toEqual([]);
  });

  it('an out-of-range time-zone offset: never a 500; a 422 naming the field where the list filters by it', async () => {
    logged.length = 0;
    for (const query of ['created_at=2024-01-01%2000:00:00%2B99', 'created_at=2024-01-01%2000:00:00-13:30%7Cgt', 'created_at[]=2024-01-01T00:00:00%2B15:00&created_at[]=']) {
      const answers = await sweep(query);
      const failed = answers.filter(({ answer }) => answer.code >= 500).map(({ path, answer }) => `${path}: ${answer.code} ${answer.msg}`);
      expect(failed).toEqual([]);
      for (const path of ['/api/Admin/users', '/api/Seller/users', '/api/Admin/areas']) {
        expect(answers.find((a) => a.path === path)!.answer).toMatchObject({ code: 422, data: { field: 'created_at' } });
      }
    }
    expect(logged).toEqual([]);
    // offsets the world uses still filter
    const fine = await s.call('GET', '/api/Admin/users?created_at=2024-01-01%2000:00:00%2B14:00%7Cgt', { token: tokens.admin });
    expect(fine.code).toBe(200);
    expect((await s.call('GET', '/api/Admin/users?created_at=2024-01-01T00:00:00-12%7Cgt', { token: tokens.admin })).code).toBe(200);
  });

  it('a NUL character in a body field: 422 naming it, nothing written', async () => {
    logged.length = 0;
    const login = await s.call('POST', '/api/login', { body: { username: 'ad\u0000min', password: '123456', provider: 'admins' } });
    expect(login).toMatchObject({ code: 422, data: { field: 'username' } });
    const created = await s.call('POST', '/api/Admin/users', { token: tokens.admin, body: { username: 'nul\u0000user', password: 'secret12' } });
    expect(created).toMatchObject({ code: 422, data: { field: 'username' } });
    const json = await s.app.request('/api/Admin/users', {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ok', nickname: 'a\u0000', password: 'secret12' }),
    });
    expect(await json.json()).toMatchObject({ code: 422, data: { field: 'nickname' } });
    expect(logged).toEqual([]);
  });

  it('a NUL character made by decoding (base64 JSON params, a second URL decoding): 422 naming it, nothing logged', async () => {
    logged.length = 0;
    const params = Buffer.from(JSON.stringify({ keywords: 'a\u0000b' })).toString('base64');
    for (const path of ['/api/goods', '/api/integral/goods', '/api/stores']) {
      const answer = await s.call('GET', `${path}?params=${encodeURIComponent(params)}`, { token: tokens.user, lang: 'en' });
      expect(answer, path).toMatchObject({ code: 422, data: { field: 'params.keywords' } });
    }
    const orders = await s.call('GET', '/api/user/orders?keywords=%2500', { token: tokens.user, lang: 'en' });
    expect(orders).toMatchObject({ code: 422, msg: 'The field keywords is invalid.', data: { field: 'keywords' } });
    // decoded values that are fine still search
    const fine = Buffer.from(JSON.stringify({ keywords: '%E6%89%8B%E6%9C%BA' })).toString('base64');
    expect((await s.call('GET', `/api/goods?params=${encodeURIComponent(fine)}`)).code).toBe(200);
    expect((await s.call('GET', '/api/user/orders?keywords=%25E6%2589%258B', { token: tokens.user })).code).toBe(200);
    expect(logged).toEqual([]);
  });
});
