import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, freights, goods } from '../../../server/db/schema';
import { loginAdmin, loginOwner2Seller, loginOwnerSeller, loginShopper, loginStaffSeller, openTestServer, type TestServer } from '../helpers';
import { form } from './fixtures';

let s: TestServer;
let owner: string; // store 1
let owner2: string; // store 2
let province: Record<string, number>;
let cityId: number;

beforeAll(async () => {
  s = await openTestServer();
  owner = await loginOwnerSeller(s);
  owner2 = await loginOwner2Seller(s);
  const rows = await s.db.select({ id: areas.id, code: areas.code }).from(areas).where(and(inArray(areas.code, ['11', '31', '44', '65']), eq(areas.deep, 0)));
  province = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  const [city] = await s.db.select({ id: areas.id }).from(areas).where(eq(areas.deep, 1)).limit(1);
  cityId = city.id;
});
afterAll(() => s.close());

type Template = { id: number; name: string; is_type: number; f_weight: string; f_price: string; o_weight: string; o_price: string; area_id: number[]; area_name: string; store_id: number };

const list = async (token = owner) => (await s.call<Template[]>('GET', '/api/Seller/freights', { token, body: { isAll: 1 } })).data;
const liveRows = (storeId: number) =>
  s.db.select().from(freights).where(and(eq(freights.store_id, storeId), isNull(freights.deleted_at))).orderBy(asc(freights.id));
const save = (info: Record<string, unknown>[], token = owner, lang: 'zh-cn' | 'en' = 'zh-cn') =>
  s.call<Template[]>('PUT', '/api/Seller/freights/0', { token, body: form({ info }), lang });
const editorRows = (rows: Template[]) => rows.map(({ id, name, f_weight, f_price, o_weight, o_price, area_id }) => ({ id, name, f_weight, f_price, o_weight, o_price, area_id: area_id.length ? area_id : '' }));

describe('GET /api/Seller/freights', () => {
  it('answers the store\'s templates, default first, with the provinces as ids and names (seeded demo)', async () => {
    const rows = await list();
    expect(rows[0]).toMatchObject({ is_type: 0, name: '默认运费', f_weight: '1.00', f_price: '8.00', o_weight: '1.00', o_price: '2.00', area_id: [], store_id: 1 });
    expect(rows[1]).toMatchObject({ is_type: 1, name: '偏远地区', f_price: '20.00' });
    expect(rows[1].area_id).toContain(province['65']);
    expect(rows[1].area_name).toContain('新疆');
    // the seeded province template is used by the store's first goods
    const [used] = await s.db.select({ id: goods.id }).from(goods).where(eq(goods.freight_id, rows[1].id));
    expect(used).toBeDefined();
    const page = await s.call<{ data: Template[]; total: number }>('GET', '/api/Seller/freights', { token: owner });
    expect(page.data).toMatchObject({ total: rows.length });
    expect((await list(owner2)).every((t) => t.store_id === 2)).toBe(true);
  });

  it('staff with the goods page may read them (the goods form\'s select); strangers are refused', async () => {
    const staff = await loginStaffSeller(s);
    expect((await s.call('GET', '/api/Seller/freights', { token: staff, body: { isAll: 1 } })).code).toBe(200);
    expect((await s.call('GET', '/api/Seller/freights')).code).toBe(401);
    expect((await s.call('GET', '/api/Seller/freights', { token: await loginShopper(s) })).code).toBe(401);
    expect((await s.call('GET', '/api/Seller/freights', { token: await loginAdmin(s) })).code).toBe(401);
  });
});

describe('PUT /api/Seller/freights/{any} (the whole editor)', () => {
  it('updates the default, keeps, adds and drops province templates in one save; dropped templates\' goods ship by the default', async () => {
    const before = await list();
    const remote = before[1];
    const [user] = await s.db.select({ id: goods.id }).from(goods).where(eq(goods.freight_id, remote.id));
    const rows = editorRows(before);
    const res = await save([
      { ...rows[0], f_price: '9.5', name: '' },
      { id: 0, name: '江浙沪', f_weight: '2', f_price: '5', o_weight: '1', o_price: '1', area_id: [province['31'], province['44']] },
    ]);
    expect(res.code).toBe(200);
    expect(res.data).toHaveLength(2);
    expect(res.data[0]).toMatchObject({ id: before[0].id, is_type: 0, f_price: '9.50', name: '默认运费' });
    expect(res.data[1]).toMatchObject({ is_type: 1, name: '江浙沪', f_weight: '2.00', area_id: [province['31'], province['44']] });
    expect((await s.db.select({ f: goods.freight_id }).from(goods).where(eq(goods.id, user.id)))[0].f).toBe(0);
    // a province freed by the dropped template may be used again; a kept template keeps its id
    const again = await save([...editorRows(res.data).map((r, i) => (i === 1 ? { ...r, name: '华东' } : r)), { id: 0, name: '新疆', f_weight: '1', f_price: '30', o_weight: '1', o_price: '15', area_id: `${province['65']}` }]);
    expect(again.code).toBe(200);
    expect(again.data.map((t) => [t.id, t.name])).toEqual([[before[0].id, '默认运费'], [res.data[1].id, '华东'], [expect.any(Number), '新疆']]);
  });

  it('creates the default for a store that has none', async () => {
    await s.db.delete(freights).where(eq(freights.store_id, 2));
    const res = await save([{ id: 0, f_weight: '0', f_price: '0', o_weight: '0', o_price: '0' }], owner2);
    expect(res.code).toBe(200);
    expect(res.data).toEqual([expect.objectContaining({ is_type: 0, store_id: 2, f_price: '0.00' })]);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const current = await list();
    const rowsBefore = await liveRows(1);
    const base = editorRows(current);
    const extra = (over: Record<string, unknown>) => ({ id: 0, name: '额外', f_weight: '1', f_price: '1', o_weight: '1', o_price: '1', area_id: [province['11']], ...over });
    const theirs = (await list(owner2))[0].id;
    const cases: [Record<string, unknown>[] | null, string][] = [
      [null, 'info'],
      [[{ ...base[0], f_price: 'abc' }], 'info.0.f_price'],
      [[{ ...base[0], f_weight: '-1' }], 'info.0.f_weight'],
      [[{ ...base[0], o_price: '1.234' }], 'info.0.o_price'],
      [[{ ...base[0], o_weight: '100000' }], 'info.0.o_weight'],
      [[{ ...base[0], id: theirs }], 'info.0.id'],
      [[base[0], extra({ id: theirs })], 'info.1.id'],
      [[base[0], extra({ name: '' })], 'info.1.name'],
      [[base[0], extra({ name: 'x'.repeat(31) })], 'info.1.name'],
      [[base[0], extra({ area_id: '' })], 'info.1.area_id'],
      [[base[0], extra({ area_id: [cityId] })], 'info.1.area_id'],
      [[base[0], extra({ area_id: ['abc'] })], 'info.1.area_id.0'],
      [[base[0], extra({}), extra({ name: '又一个', area_id: [province['44'], province['11']] })], 'info.2.area_id'],
    ];
    for (const [info, field] of cases) {
      const res = info ? await save(info, owner, 'en') : await s.call('PUT', '/api/Seller/freights/0', { token: owner, body: { name: 'x' } });
      expect(res.code, field).toBe(422);
      expect((res.data as unknown as { field: string }).field).toBe(field);
    }
    const taken = await save([base[0], extra({}), extra({ name: '又一个', area_id: [province['11']] })]);
    expect(taken.msg).toContain('北京');
    expect(await liveRows(1)).toEqual(rowsBefore);
  });

  it('staff without the freight page, and other areas, cannot save', async () => {
    const rowsBefore = await liveRows(1);
    const staff = await loginStaffSeller(s);
    expect((await save([{ id: 0, f_weight: '0', f_price: '0', o_weight: '0', o_price: '0' }], staff)).code).toBe(403);
    expect((await save([{ id: 0, f_weight: '0', f_price: '0', o_weight: '0', o_price: '0' }], await loginShopper(s))).code).toBe(401);
    expect(await liveRows(1)).toEqual(rowsBefore);
  });
});

describe('DELETE /api/Seller/freights/{ids}', () => {
  it('deletes province templates (their goods fall back to the default), never the default, never another store\'s', async () => {
    const rows = await list();
    const fallback = rows[0];
    const province1 = rows.find((t) => t.is_type === 1)!;
    const [g] = await s.db.select({ id: goods.id }).from(goods).where(eq(goods.store_id, 1)).limit(1);
    await s.db.update(goods).set({ freight_id: province1.id }).where(eq(goods.id, g.id));

    const refused = await s.call('DELETE', `/api/Seller/freights/${province1.id},${fallback.id}`, { token: owner });
    expect(refused.code).toBe(422);
    expect(refused.data.field).toBe('ids');
    expect((await list()).map((t) => t.id)).toEqual(rows.map((t) => t.id));

    expect((await s.call('DELETE', `/api/Seller/freights/${province1.id}`, { token: owner2 })).code).toBe(404);
    const res = await s.call('DELETE', `/api/Seller/freights/${province1.id}`, { token: owner });
    expect(res).toMatchObject({ code: 200, data: 1 });
    expect((await list()).map((t) => t.id)).not.toContain(province1.id);
    expect((await s.db.select({ f: goods.freight_id }).from(goods).where(eq(goods.id, g.id)))[0].f).toBe(0);
  });
});

describe('goods and templates', () => {
  it('a goods may use one of its store\'s templates, not another store\'s', async () => {
    const mine = (await list()).find((t) => t.is_type === 1) ?? (await list())[0];
    const theirs = (await list(owner2))[0];
    const [g] = await s.db.select({ id: goods.id }).from(goods).where(and(eq(goods.store_id, 1), isNull(goods.deleted_at))).limit(1);
    const ok = await s.call('PUT', `/api/Seller/goods/${g.id}`, { token: owner, body: { freight_id: mine.id } });
    expect(ok.code).toBe(200);
    const bad = await s.call('PUT', `/api/Seller/goods/${g.id}`, { token: owner, body: { freight_id: theirs.id } });
    expect(bad.code).toBe(422);
    expect(bad.data.field).toBe('freight_id');
    expect((await s.db.select({ f: goods.freight_id }).from(goods).where(eq(goods.id, g.id)))[0].f).toBe(mine.id);
  });
});
