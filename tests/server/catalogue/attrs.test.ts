import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods, goods_attrs, goods_skus, goods_specs } from '../../../server/db/schema';
import { loginOwner2Seller, loginOwnerSeller, openTestServer, type TestServer } from '../helpers';
import { listField } from '../content/util';

let s: TestServer;
let owner: string;
let owner2: string;

beforeAll(async () => {
  s = await openTestServer();
  owner = await loginOwnerSeller(s);
  owner2 = await loginOwner2Seller(s);
});
afterAll(() => s.close());

type Attr = { id: number; name: string; specs: string[] };
type AttrObj = { id: number; name: string; specs: { id: number; name: string }[] };
const liveSpecs = (attrId: number) =>
  s.db
    .select({ id: goods_specs.id, name: goods_specs.name })
    .from(goods_specs)
    .where(and(eq(goods_specs.attr_id, attrId), isNull(goods_specs.deleted_at)))
    .orderBy(goods_specs.id);

describe('/api/Seller/goods_attrs', () => {
  it('creates with specs, lists (names; isAll&isWith=specs → objects), shows, updates keeping ids of kept names', async () => {
    const created = await s.call<Attr>('POST', '/api/Seller/goods_attrs', { token: owner, body: { name: '测试颜色', store_id: 2, ...listField('specs', ['红', '蓝', '绿']) } });
    expect(created.code, created.msg).toBe(200);
    expect(created.data).toMatchObject({ name: '测试颜色', specs: ['红', '蓝', '绿'] });
    const [row] = await s.db.select().from(goods_attrs).where(eq(goods_attrs.id, created.data.id));
    expect(row.store_id).toBe(1);
    const before = await liveSpecs(created.data.id);

    const page = await s.call<{ data: Attr[] }>('GET', '/api/Seller/goods_attrs', { token: owner, body: { isWith: 'specs' } });
    expect(page.data.data.find((a) => a.id === created.data.id)?.specs).toEqual(['红', '蓝', '绿']);
    const all = await s.call<AttrObj[]>('GET', '/api/Seller/goods_attrs', { token: owner, body: { isAll: 'true', isWith: 'specs' } });
    expect(all.data.find((a) => a.id === created.data.id)?.specs).toEqual(before);
    expect((await s.call<Attr>('GET', `/api/Seller/goods_attrs/${created.data.id}`, { token: owner })).data.specs).toEqual(['红', '蓝', '绿']);

    const updated = await s.call<Attr>('PUT', `/api/Seller/goods_attrs/${created.data.id}`, { token: owner, body: { name: '色彩', ...listField('specs', ['蓝', '黑', '红']) } });
    expect(updated.code, updated.msg).toBe(200);
    const after = await liveSpecs(created.data.id);
    expect(after.find((x) => x.name === '红')?.id).toBe(before.find((x) => x.name === '红')?.id);
    expect(after.find((x) => x.name === '蓝')?.id).toBe(before.find((x) => x.name === '蓝')?.id);
    expect(after.map((x) => x.name).sort()).toEqual(['红', '蓝', '黑'].sort());
  });

  it('searches by name (the page’s 搜索, `name|like`), only within the caller’s store', async () => {
    const made = await s.call<Attr>('POST', '/api/Seller/goods_attrs', { token: owner, body: { name: '搜索材质甲', ...listField('specs', ['棉']) } });
    expect(made.code, made.msg).toBe(200);
    const hit = await s.call<{ data: Attr[] }>('GET', '/api/Seller/goods_attrs', { token: owner, body: { name: '材质甲|like', isWith: 'specs' } });
    expect(hit.code).toBe(200);
    expect(hit.data.data.map((a) => a.name)).toEqual(['搜索材质甲']);
    const other = await s.call<{ data: Attr[] }>('GET', '/api/Seller/goods_attrs', { token: owner2, body: { name: '材质甲|like' } });
    expect(other.data.data).toEqual([]);
  });

  it('refuses missing name/specs, duplicate or too-long specs (422, nothing written)', async () => {
    const count = async () => (await s.db.select({ id: goods_attrs.id }).from(goods_attrs)).length;
    const before = await count();
    for (const body of [
      { name: '', ...listField('specs', ['a']) },
      { name: '尺码' },
      { name: '尺码', ...listField('specs', ['S', 'S']) },
      { name: '尺码', ...listField('specs', ['x'.repeat(21)]) },
      { name: 'x'.repeat(21), ...listField('specs', ['S']) },
    ]) {
      const res = await s.call('POST', '/api/Seller/goods_attrs', { token: owner, body });
      expect(res.code, JSON.stringify(body)).toBe(422);
    }
    expect(await count()).toBe(before);
  });

  it('another store cannot list, read, update or delete the attribute (404, rows untouched)', async () => {
    const created = await s.call<Attr>('POST', '/api/Seller/goods_attrs', { token: owner, body: { name: '测试版本', ...listField('specs', ['标准']) } });
    const id = created.data.id;
    const list = await s.call<AttrObj[]>('GET', '/api/Seller/goods_attrs', { token: owner2, body: { isAll: 'true', isWith: 'specs' } });
    expect(list.data.some((a) => a.id === id)).toBe(false);
    expect((await s.call('GET', `/api/Seller/goods_attrs/${id}`, { token: owner2 })).code).toBe(404);
    expect((await s.call('PUT', `/api/Seller/goods_attrs/${id}`, { token: owner2, body: { name: 'x', ...listField('specs', ['y']) } })).code).toBe(404);
    expect((await s.call('DELETE', `/api/Seller/goods_attrs/${id}`, { token: owner2 })).code).toBe(404);
    const [row] = await s.db.select().from(goods_attrs).where(eq(goods_attrs.id, id));
    expect(row).toMatchObject({ name: '测试版本', deleted_at: null });
    expect((await liveSpecs(id)).map((x) => x.name)).toEqual(['标准']);
  });

  it('an attribute name is used once per store (trimmed, any case): create and rename refused with a 422 on name', async () => {
    const first = await s.call<Attr>('POST', '/api/Seller/goods_attrs', { token: owner, body: { name: 'Material', ...listField('specs', ['木']) } });
    expect(first.code, first.msg).toBe(200);
    const count = async () => (await s.db.select({ id: goods_attrs.id }).from(goods_attrs)).length;
    const before = await count();
    const twice = await s.call('POST', '/api/Seller/goods_attrs', { token: owner, body: { name: ' material ', ...listField('specs', ['铁']) } });
    expect(twice.code).toBe(422);
    expect(twice.data.field).toBe('name');
    expect(twice.msg).toContain('material');
    expect(await count()).toBe(before);
    // another store may use the name
    expect((await s.call('POST', '/api/Seller/goods_attrs', { token: owner2, body: { name: 'Material', ...listField('specs', ['木']) } })).code).toBe(200);
    const other = await s.call<Attr>('POST', '/api/Seller/goods_attrs', { token: owner, body: { name: 'Finish', ...listField('specs', ['哑光']) } });
    const rename = await s.call('PUT', `/api/Seller/goods_attrs/${other.data.id}`, { token: owner, body: { name: 'MATERIAL' } });
    expect(rename.code).toBe(422);
    expect(rename.data.field).toBe('name');
    // saving an attribute under its own name (another case) is fine
    expect((await s.call('PUT', `/api/Seller/goods_attrs/${first.data.id}`, { token: owner, body: { name: 'material', ...listField('specs', ['木', '竹']) } })).code).toBe(200);
    // a deleted attribute frees its name
    expect((await s.call('DELETE', `/api/Seller/goods_attrs/${other.data.id}`, { token: owner })).code).toBe(200);
    expect((await s.call('POST', '/api/Seller/goods_attrs', { token: owner, body: { name: 'Finish', ...listField('specs', ['亮面']) } })).code).toBe(200);
  });

  it('a spec used by a live SKU cannot be removed, nor its attribute deleted; unused ones can', async () => {
    const created = await s.call<Attr>('POST', '/api/Seller/goods_attrs', { token: owner, body: { name: '容量', ...listField('specs', ['64G', '128G']) } });
    const specs = await liveSpecs(created.data.id);
    const [g] = await s.db.insert(goods).values({ store_id: 1, goods_name: 'p' }).returning({ id: goods.id });
    await s.db.insert(goods_skus).values({ goods_id: g.id, spec_id: String(specs[0].id), sku_name: '64G' });
    const drop = await s.call('PUT', `/api/Seller/goods_attrs/${created.data.id}`, { token: owner, body: { ...listField('specs', ['128G']) } });
    expect(drop.code).toBe(422);
    expect(drop.msg).toContain('64G');
    expect((await s.call('DELETE', `/api/Seller/goods_attrs/${created.data.id}`, { token: owner })).code).toBe(422);
    expect(await liveSpecs(created.data.id)).toHaveLength(2);
    const dropUnused = await s.call('PUT', `/api/Seller/goods_attrs/${created.data.id}`, { token: owner, body: { ...listField('specs', ['64G']) } });
    expect(dropUnused.code).toBe(200);
    await s.db.update(goods).set({ deleted_at: '2024-01-01 00:00:00' }).where(eq(goods.id, g.id));
    const del = await s.call('DELETE', `/api/Seller/goods_attrs/${created.data.id}`, { token: owner });
    expect(del).toMatchObject({ code: 200, data: 1 });
    expect(await liveSpecs(created.data.id)).toEqual([]);
  });
});
