import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../../../server/db/schema';
import { loginAdmin, loginOperator, openTestServer, type TestServer } from '../helpers';
import { liveRows } from './util';

let s: TestServer;
let admin: string;
let operator: string;

beforeAll(async () => {
  s = await openTestServer();
  admin = await loginAdmin(s);
  operator = await loginOperator(s);
});
afterAll(() => s.close());

type Area = { id: number; code: string; pid: string; name: string; deep: number; has_children: Area | null };

describe('areas: seeded from the data package', () => {
  it('has the 31 provinces, their cities and districts', async () => {
    expect(await liveRows(s, areas as never, eq(areas.deep, 0))).toBe(31);
    expect(await liveRows(s, areas as never, eq(areas.deep, 1))).toBeGreaterThan(300);
    expect(await liveRows(s, areas as never, eq(areas.deep, 2))).toBeGreaterThan(2800);
    const [beijing] = await s.db.select().from(areas).where(eq(areas.code, '11'));
    expect(beijing).toMatchObject({ pid: '0', name: '北京市', deep: 0 });
    const [chaoyang] = await s.db.select().from(areas).where(eq(areas.code, '110105'));
    expect(chaoyang).toMatchObject({ pid: '1101', name: '朝阳区', deep: 2 });
  });
});

describe('GET /api/Admin/areas (lazy tree)', () => {
  it('lists the provinces ordered by code, each with its first city as has_children', async () => {
    const res = await s.call<Area[]>('GET', '/api/Admin/areas', { token: admin, body: { isChildren: 'true' } });
    expect(res.code).toBe(200);
    expect(res.data).toHaveLength(31);
    expect(res.data.map((a) => a.code)).toEqual([...res.data.map((a) => a.code)].sort());
    expect(res.data[0]).toMatchObject({ code: '11', name: '北京市', deep: 0 });
    expect(res.data[0].has_children).toMatchObject({ code: '1101', pid: '11', name: '北京市' });
  });

  it('loads the children of a code; a district has no children', async () => {
    const cities = await s.call<Area[]>('GET', '/api/Admin/areas', { token: admin, body: { isChildren: '1', pid: '44' } });
    expect(cities.data.map((a) => a.name)).toContain('广州市');
    expect(cities.data.every((a) => a.pid === '44' && a.deep === 1)).toBe(true);
    const districts = await s.call<Area[]>('GET', '/api/Admin/areas', { token: admin, body: { isChildren: '1', pid: '4401' } });
    expect(districts.data.map((a) => a.name)).toContain('天河区');
    expect(districts.data.every((a) => a.has_children === null)).toBe(true);
  });

  it('searches by name (likeRight) and pages', async () => {
    const res = await s.call<{ data: Area[]; total: number }>('GET', '/api/Admin/areas', { token: admin, body: { name: '北京|likeRight' } });
    expect(res.data.total).toBe(2);
    expect(res.data.data.map((a) => a.code)).toEqual(['11', '1101']);
  });

  it('creates, shows, updates and deletes a district by id', async () => {
    const created = await s.call('POST', '/api/Admin/areas', { token: admin, body: { pid: '1101', code: '110199', name: '测试新区' } });
    expect(created.code, created.msg).toBe(200);
    expect(created.data).toMatchObject({ code: '110199', pid: '1101', deep: 2 });
    const id = created.data.id;
    const shown = await s.call('GET', `/api/Admin/areas/${id}`, { token: admin });
    expect(shown.data).toMatchObject({ name: '测试新区' });
    const updated = await s.call('PUT', `/api/Admin/areas/${id}`, { token: admin, body: { name: '测试二区' } });
    expect(updated.data).toMatchObject({ name: '测试二区', code: '110199' });
    const deleted = await s.call('DELETE', `/api/Admin/areas/${id}`, { token: admin });
    expect(deleted).toMatchObject({ code: 200, data: 1 });
    expect(await liveRows(s, areas as never, eq(areas.code, '110199'))).toBe(0);
  });

  // Contract (issue 11): by code, editing a city whose id is 32 opened Jiangsu province (code 32).
  it('addresses rows by id, never by code', async () => {
    const [jiangsu] = await s.db.select().from(areas).where(eq(areas.code, '32'));
    const [city] = await s.db.select().from(areas).where(eq(areas.id, Number(jiangsu.code)));
    expect(city.code).not.toBe('32');
    const shown = await s.call('GET', '/api/Admin/areas/32', { token: admin });
    expect(shown.data).toMatchObject({ id: 32, code: city.code, name: city.name });
    const updated = await s.call('PUT', '/api/Admin/areas/32', { token: admin, body: { name: `${city.name}改` } });
    expect(updated.data).toMatchObject({ id: 32, code: city.code, name: `${city.name}改` });
    const [after] = await s.db.select().from(areas).where(eq(areas.code, '32'));
    expect(after.name).toBe(jiangsu.name);
    await s.call('PUT', '/api/Admin/areas/32', { token: admin, body: { name: city.name } });
    // a code is no id: '110105' names no row here
    expect((await s.call('GET', '/api/Admin/areas/110105', { token: admin })).code).toBe(404);
  });

  it('refuses to delete an area that still has sub-areas; deletes a parent with its children in one request', async () => {
    const [beijing] = await s.db.select().from(areas).where(eq(areas.code, '11'));
    const refused = await s.call('DELETE', `/api/Admin/areas/${beijing.id}`, { token: admin });
    expect(refused.code).toBe(422);
    const parent = await s.call('POST', '/api/Admin/areas', { token: admin, body: { pid: '11', code: '1198', name: '测试市' } });
    const child = await s.call('POST', '/api/Admin/areas', { token: admin, body: { pid: '1198', code: '119801', name: '测试区' } });
    expect((await s.call('DELETE', `/api/Admin/areas/${parent.data.id}`, { token: admin })).code).toBe(422);
    expect((await s.call('DELETE', `/api/Admin/areas/${parent.data.id},${child.data.id}`, { token: admin })).code).toBe(200);
    expect(await liveRows(s, areas as never, eq(areas.code, '1198'))).toBe(0);
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const before = await liveRows(s, areas as never);
    const cases: Record<string, string>[] = [
      { pid: '1101', code: '120199', name: '错位' }, // code must extend the parent
      { pid: '9999', code: '999901', name: '无父级' }, // no such parent
      { pid: '1101', code: '110198', name: '' }, // empty name
      { pid: '1101', code: 'abc', name: '字母' },
      { pid: '1101', code: '110197', name: 'x'.repeat(31) },
      { pid: '0', code: '1', name: '省份代码太短' },
    ];
    for (const body of cases) {
      const res = await s.call('POST', '/api/Admin/areas', { token: admin, body });
      expect(res.code, JSON.stringify(body)).toBe(422);
    }
    const [beijing] = await s.db.select().from(areas).where(eq(areas.code, '11'));
    const moved = await s.call('PUT', `/api/Admin/areas/${beijing.id}`, { token: admin, body: { code: '19' } });
    expect(moved).toMatchObject({ code: 422, data: { field: 'code' } });
    const duplicate = await s.call('POST', '/api/Admin/areas', { token: admin, body: { pid: '11', code: '1101', name: '重复' } });
    expect(duplicate.code).toBe(409);
    expect(await liveRows(s, areas as never)).toBe(before);
  });

  it('a role without the permission gets 403 and nothing is written', async () => {
    const before = await liveRows(s, areas as never);
    expect((await s.call('GET', '/api/Admin/areas', { token: operator })).code).toBe(403);
    expect((await s.call('POST', '/api/Admin/areas', { token: operator, body: { pid: '1101', code: '110196', name: '越权' } })).code).toBe(403);
    const [chaoyang] = await s.db.select().from(areas).where(eq(areas.code, '110105'));
    expect((await s.call('DELETE', `/api/Admin/areas/${chaoyang.id}`, { token: operator })).code).toBe(403);
    expect(await liveRows(s, areas as never)).toBe(before);
    const [still] = await s.db.select().from(areas).where(and(eq(areas.code, '110105'), isNull(areas.deleted_at)));
    expect(still).toBeTruthy();
  });
});

describe('GET /api/load_areas (public)', () => {
  it('isLazy: the children of a code with leaf flags', async () => {
    const provinces = await s.call<{ code: string; leaf: boolean; id: number; deep: number; pid: string; name: string }[]>('GET', '/api/load_areas', { body: { isLazy: '1' } });
    expect(provinces.code).toBe(200);
    expect(provinces.data).toHaveLength(31);
    expect(Object.keys(provinces.data[0]).sort()).toEqual(['code', 'deep', 'id', 'leaf', 'name', 'pid']);
    expect(provinces.data[0]).toMatchObject({ code: '11', leaf: false, deep: 0 });
    const districts = await s.call<{ leaf: boolean; pid: string }[]>('GET', '/api/load_areas', { body: { isLazy: 'true', pid: '1101' } });
    expect(districts.data.length).toBeGreaterThan(10);
    expect(districts.data.every((d) => d.leaf && d.pid === '1101')).toBe(true);
  });

  it('default: the nested tree, cut at deep=N', async () => {
    type Node = { code: string; lev: number; children?: Node[] };
    const two = await s.call<Node[]>('GET', '/api/load_areas', { body: { deep: '1' } });
    expect(two.data).toHaveLength(31);
    const guangdong = two.data.find((n) => n.code === '44')!;
    expect(guangdong.lev).toBe(0);
    expect(guangdong.children!.length).toBeGreaterThan(10);
    expect(guangdong.children!.every((city) => city.lev === 1 && city.children === undefined)).toBe(true);
    const all = await s.call<Node[]>('GET', '/api/load_areas');
    const districts = all.data.find((n) => n.code === '11')!.children![0].children!;
    expect(districts.map((d) => d.code)).toContain('110105');
  });
});

describe('the cached area tree and GET /api/Admin/clear_area (reference "清理缓存")', () => {
  type Node = { code: string; name: string; children?: Node[] };
  const province = async (code: string) => (await s.call<Node[]>('GET', '/api/load_areas', { body: { deep: '0' } })).data.find((n) => n.code === code);

  it('a console write shows in the next tree at once; a change behind the console shows after clear_area, which answers the rebuilt tree', async () => {
    const [row] = await s.db.select().from(areas).where(eq(areas.code, '65'));
    expect((await province('65'))?.name).toBe(row.name);
    const put = await s.call('PUT', `/api/Admin/areas/${row.id}`, { token: admin, body: { pid: '0', code: '65', name: '新疆（改）' } });
    expect(put.code, put.msg).toBe(200);
    expect((await province('65'))?.name).toBe('新疆（改）');

    // a row changed behind the console (an import script, SQL): the kept tree still shows the old name
    await s.db.update(areas).set({ name: '新疆（脚本）' }).where(eq(areas.id, row.id));
    expect((await province('65'))?.name).toBe('新疆（改）');
    const cleared = await s.call<Node[]>('GET', '/api/Admin/clear_area', { token: admin });
    expect(cleared.code).toBe(200);
    expect(cleared.data.find((n) => n.code === '65')?.name).toBe('新疆（脚本）');
    expect(cleared.data.find((n) => n.code === '11')?.children?.length).toBeGreaterThan(0);
    expect((await province('65'))?.name).toBe('新疆（脚本）');
    await s.db.update(areas).set({ name: row.name }).where(eq(areas.id, row.id));
    await s.call('GET', '/api/Admin/clear_area', { token: admin });
  });

  it('clear_area: anonymous, shopper and seller tokens get 401, a role without the areas permission 403', async () => {
    expect((await s.call('GET', '/api/Admin/clear_area')).code).toBe(401);
    expect((await s.call('GET', '/api/Admin/clear_area', { token: await s.login('demo') })).code).toBe(401);
    const denied = await s.call('GET', '/api/Admin/clear_area', { token: operator });
    expect(denied.code).toBe(403);
    expect(denied.data).toEqual([]);
  });
});
