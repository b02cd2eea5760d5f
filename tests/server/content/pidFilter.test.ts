import { and, eq, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin_menus, admin_permissions, advs, article_menus, articles } from '../../../server/db/schema';
import { loginAdmin, openTestServer, type TestServer } from '../helpers';

/**
 * `pid` filters a list whose resource whitelists it (QA 2026-11-25: it was a reserved key that
 * only counted with isChildren, so `advs?pid=5` listed every advert); tree pages keep their
 * `isChildren&pid` levels.
 */

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await openTestServer();
  admin = await loginAdmin(s);
});
afterAll(() => s.close());

type Row = { id: number; pid: number };
const list = async (path: string, query: Record<string, string | number>) => {
  const res = await s.call<{ data: Row[]; total: number } | Row[]>('GET', `/api/Admin/${path}`, { token: admin, body: query });
  expect(res.code, res.msg).toBe(200);
  return Array.isArray(res.data) ? res.data : res.data.data;
};

/** A parent value with rows under it and rows elsewhere, so the filter has something to drop. */
async function parentWithOthers(table: typeof advs | typeof articles | typeof admin_permissions): Promise<{ pid: number; under: number; others: number }> {
  const rows = await s.db.select({ pid: table.pid }).from(table).where(isNull(table.deleted_at));
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.pid, (counts.get(row.pid) ?? 0) + 1);
  const [pid, under] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  const others = (await s.db.select({ id: table.id }).from(table).where(and(isNull(table.deleted_at), ne(table.pid, pid)))).length;
  return { pid, under, others };
}

describe('pid as a list filter', () => {
  it.each([
    ['advs', advs],
    ['articles', articles],
    ['permissions', admin_permissions],
  ] as const)('%s?pid= lists only the rows of that parent', async (path, table) => {
    const { pid, under, others } = await parentWithOthers(table);
    expect(others).toBeGreaterThan(0);
    const rows = await list(path, { pid, per_page: 400 });
    expect(rows.length).toBe(under);
    expect(rows.every((row) => row.pid === pid)).toBe(true);
    // With the other operators of the DSL too, and an empty value still means "no condition".
    const inList = await list(path, { pid: `${pid}|in`, per_page: 400 });
    expect(inList.length).toBe(under);
    expect((await list(path, { pid: '', per_page: 400 })).length).toBe(under + others);
  });

  it('a bad pid is refused like any filter value', async () => {
    const res = await s.call('GET', '/api/Admin/advs', { token: admin, body: { pid: 'five' } });
    expect(res).toMatchObject({ code: 422, data: { field: 'pid' } });
  });

  it('with a search it combines: the articles of one category whose name matches', async () => {
    const [one] = await s.db.select({ id: articles.id, pid: articles.pid, name: articles.name }).from(articles).where(isNull(articles.deleted_at)).limit(1);
    const rows = await list('articles', { pid: one.pid, name: `${one.name}|like` });
    expect(rows.map((r) => r.id)).toContain(one.id);
    expect(rows.every((r) => r.pid === one.pid)).toBe(true);
    const elsewhere = await list('articles', { pid: one.pid + 100000, name: `${one.name}|like` });
    expect(elsewhere).toEqual([]);
  });

  it('tree pages keep isChildren&pid: one level of children', async () => {
    const [parent] = await s.db
      .select({ id: article_menus.pid })
      .from(article_menus)
      .where(and(isNull(article_menus.deleted_at), ne(article_menus.pid, 0)))
      .limit(1);
    const children = await list('article_menus', { isChildren: 'true', pid: parent.id });
    expect(children.length).toBeGreaterThan(0);
    expect(children.every((row) => row.pid === parent.id)).toBe(true);
    const roots = await list('menus', { isChildren: 'true', pid: 0 });
    expect(roots.every((row) => row.pid === 0)).toBe(true);
    const expected = await s.db.select({ id: admin_menus.id }).from(admin_menus).where(and(isNull(admin_menus.deleted_at), eq(admin_menus.pid, 0)));
    expect(roots.length).toBe(expected.length);
  });
});
