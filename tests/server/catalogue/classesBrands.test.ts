import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods, goods_brands, goods_classes } from '../../../server/db/schema';
import { loginAdmin, loginOperator, loginOwner2Seller, loginOwnerSeller, openTestServer, type TestServer } from '../helpers';
import { limitedAdmin } from '../admin-system/setup';
import { allowClasses, brand, classTree, tokensOf, uniq } from './fixtures';

let s: TestServer;
let admin: string;
let operator: string;
let nobody: string;

beforeAll(async () => {
  s = await openTestServer();
  admin = await loginAdmin(s);
  operator = await loginOperator(s);
  nobody = (await limitedAdmin(s, [])).token;
});
afterAll(() => s.close());

type Cls = { id: number; pid: number; name: string; has_children: Cls | null };
const classRow = async (id: number) => (await s.db.select().from(goods_classes).where(eq(goods_classes.id, id)))[0];

describe('/api/Admin/goods_classes', () => {
  it('creates three levels and lists them lazily with has_children', async () => {
    const top = await s.call<Cls>('POST', '/api/Admin/goods_classes', { token: admin, body: { pid: 0, name: '数码', thumb: '/uploads/x.png', is_sort: 1 } });
    expect(top.code, top.msg).toBe(200);
    const mid = await s.call<Cls>('POST', '/api/Admin/goods_classes', { token: admin, body: { pid: top.data.id, name: '手机' } });
    const leaf = await s.call<Cls>('POST', '/api/Admin/goods_classes', { token: admin, body: { pid: mid.data.id, name: '智能手机' } });
    expect(leaf.code).toBe(200);
    const roots = await s.call<Cls[]>('GET', '/api/Admin/goods_classes', { token: admin, body: { isChildren: 'true', pid: 0 } });
    const mine = roots.data.find((c) => c.id === top.data.id)!;
    expect(mine.has_children).toMatchObject({ id: mid.data.id });
    const kids = await s.call<Cls[]>('GET', '/api/Admin/goods_classes', { token: admin, body: { isChildren: 'true', pid: mid.data.id } });
    expect(kids.data).toEqual([expect.objectContaining({ id: leaf.data.id, has_children: null })]);
    const found = await s.call<{ data: Cls[] }>('GET', '/api/Admin/goods_classes', { token: admin, body: { name: '智能|likeRight' } });
    expect(found.data.data.map((c) => c.id)).toContain(leaf.data.id);
  });

  it('refuses a missing parent, a fourth level, a loop, a too-long name; nothing written', async () => {
    const [top, mid, leaf] = await classTree(s);
    const count = async () => (await s.db.select({ id: goods_classes.id }).from(goods_classes)).length;
    const before = await count();
    const tries: [Record<string, string | number>, string][] = [
      [{ pid: 999999, name: 'x' }, 'pid'],
      [{ pid: leaf, name: '第四级' }, 'pid'],
      [{ pid: 0, name: 'x'.repeat(21) }, 'name'],
      [{ pid: 0, name: '' }, 'name'],
    ];
    for (const [body, field] of tries) {
      const res = await s.call('POST', '/api/Admin/goods_classes', { token: admin, body });
      expect(res.code, JSON.stringify(body)).toBe(422);
      expect(res.data.field).toBe(field);
    }
    expect(await count()).toBe(before);
    // a loop is told in the field's words, never as the raw parameter `pid`
    const loop = await s.call('PUT', `/api/Admin/goods_classes/${top}`, { token: admin, body: { pid: leaf } });
    expect(loop).toMatchObject({ code: 422, msg: '上级分类不能是该分类自身或它的下级', data: { field: 'pid' } });
    const self = await s.call('PUT', `/api/Admin/goods_classes/${mid}`, { token: admin, body: { pid: mid }, lang: 'en' });
    expect(self).toMatchObject({ code: 422, msg: 'The parent class cannot be the class itself or one of its sub-classes' });
    const missing = await s.call('POST', '/api/Admin/goods_classes', { token: admin, body: { pid: 999999, name: 'x' } });
    expect(missing.msg).not.toContain('pid');
    // moving the top class under another top class would make its leaves level 4
    const [otherTop] = await classTree(s);
    expect((await s.call('PUT', `/api/Admin/goods_classes/${top}`, { token: admin, body: { pid: otherTop } })).code).toBe(422);
    expect((await classRow(top)).pid).toBe(0);
    // a middle class with sub-classes under another middle class would make its leaves level 4:
    // refused in the field's words, nothing moved (the parent picker never offers it)
    const [, otherMid] = await classTree(s);
    const deeper = await s.call('PUT', `/api/Admin/goods_classes/${mid}`, { token: admin, body: { pid: otherMid }, lang: 'en' });
    expect(deeper).toMatchObject({ code: 422, msg: 'Goods classes have at most three levels', data: { field: 'pid' } });
    expect((await classRow(mid)).pid).toBe(top);
    // a middle class may move under another top class (same level)
    const moved = await s.call('PUT', `/api/Admin/goods_classes/${mid}`, { token: admin, body: { pid: otherTop, name: '改名' } });
    expect(moved.code, moved.msg).toBe(200);
    expect(await classRow(mid)).toMatchObject({ pid: otherTop, name: '改名' });
  });

  it('a class name is used once among its siblings: create, rename and move refused with a 422 on name; other parents may reuse it', async () => {
    const top = await s.call<Cls>('POST', '/api/Admin/goods_classes', { token: admin, body: { pid: 0, name: uniq('同名顶级') } });
    const a = await s.call<Cls>('POST', '/api/Admin/goods_classes', { token: admin, body: { pid: top.data.id, name: '配件' } });
    expect(a.code, a.msg).toBe(200);
    const twin = await s.call('POST', '/api/Admin/goods_classes', { token: admin, body: { pid: top.data.id, name: ' 配件 ' } });
    expect(twin.code).toBe(422);
    expect(twin.data.field).toBe('name');
    expect(twin.msg).toContain('配件');
    const topTwin = await s.call('POST', '/api/Admin/goods_classes', { token: admin, body: { pid: 0, name: top.data.name } });
    expect(topTwin.code).toBe(422);

    const otherTop = await s.call<Cls>('POST', '/api/Admin/goods_classes', { token: admin, body: { pid: 0, name: uniq('另一顶级') } });
    const elsewhere = await s.call<Cls>('POST', '/api/Admin/goods_classes', { token: admin, body: { pid: otherTop.data.id, name: '配件' } });
    expect(elsewhere.code, elsewhere.msg).toBe(200);
    // moving it next to its namesake, or renaming a sibling to it, is refused
    const move = await s.call('PUT', `/api/Admin/goods_classes/${elsewhere.data.id}`, { token: admin, body: { pid: top.data.id } });
    expect(move.code).toBe(422);
    expect(move.data.field).toBe('name');
    const sibling = await s.call<Cls>('POST', '/api/Admin/goods_classes', { token: admin, body: { pid: top.data.id, name: '充电器' } });
    const rename = await s.call('PUT', `/api/Admin/goods_classes/${sibling.data.id}`, { token: admin, body: { name: '配件' } });
    expect(rename.code).toBe(422);
    expect((await classRow(sibling.data.id)).name).toBe('充电器');
    // saving it again with its own name and parent is fine
    expect((await s.call('PUT', `/api/Admin/goods_classes/${a.data.id}`, { token: admin, body: { pid: top.data.id, name: '配件', is_sort: 2 } })).code).toBe(200);
    // the seeded tree: no second 手机数码 at the top
    expect((await s.call('POST', '/api/Admin/goods_classes', { token: admin, body: { pid: 0, name: '手机数码' } })).code).toBe(422);
  });

  it('refuses to delete a class with children or goods, with a clear message', async () => {
    const [top, mid, leaf] = await classTree(s);
    const parent = await s.call('DELETE', `/api/Admin/goods_classes/${mid}`, { token: admin });
    expect(parent.code).toBe(422);
    expect(parent.msg).toContain('下级');
    const [g] = await s.db.insert(goods).values({ store_id: 1, class_id: leaf, goods_name: 'g' }).returning({ id: goods.id });
    const used = await s.call('DELETE', `/api/Admin/goods_classes/${leaf}`, { token: admin, lang: 'en' });
    expect(used.code).toBe(422);
    expect(used.msg).toMatch(/goods/);
    expect((await classRow(leaf)).deleted_at).toBeNull();
    await s.db.delete(goods).where(eq(goods.id, g.id));
    // the whole branch at once
    const all = await s.call('DELETE', `/api/Admin/goods_classes/${leaf},${mid},${top}`, { token: admin });
    expect(all).toMatchObject({ code: 200, data: 3 });
    expect((await classRow(top)).deleted_at).not.toBeNull();
  });

  it('operator (商品中心) may manage classes; an admin without the permission gets 403 and nothing is written', async () => {
    const ok = await s.call('POST', '/api/Admin/goods_classes', { token: operator, body: { pid: 0, name: uniq('运营') } });
    expect(ok.code).toBe(200);
    const name = uniq('禁止');
    expect((await s.call('GET', '/api/Admin/goods_classes', { token: nobody })).code).toBe(403);
    expect((await s.call('POST', '/api/Admin/goods_classes', { token: nobody, body: { pid: 0, name } })).code).toBe(403);
    expect((await s.call('DELETE', `/api/Admin/goods_classes/${ok.data.id}`, { token: nobody })).code).toBe(403);
    expect(await s.db.select().from(goods_classes).where(eq(goods_classes.name, name))).toEqual([]);
    expect((await classRow(ok.data.id)).deleted_at).toBeNull();
    expect((await s.call('GET', '/api/Admin/goods_classes', { token: await loginOwnerSeller(s) })).code).toBe(401);
  });
});

describe('GET /api/Seller/store_classes', () => {
  it('answers the tree of the store\'s allowed classes, or every class when it has none', async () => {
    const allowed = await classTree(s);
    const other = await classTree(s);
    await allowClasses(s, 1, [allowed]);
    await allowClasses(s, 2, []);
    type Node = { id: number; lev: number; children?: Node[] };
    const own = await s.call<Node[]>('GET', '/api/Seller/store_classes', { token: await loginOwnerSeller(s) });
    expect(own.code).toBe(200);
    expect(own.data.map((n) => n.id)).toEqual([allowed[0]]);
    expect(own.data[0].children?.[0].children?.[0]).toMatchObject({ id: allowed[2], lev: 2 });
    const all = await s.call<Node[]>('GET', '/api/Seller/store_classes', { token: await loginOwner2Seller(s) });
    expect(all.data.map((n) => n.id)).toEqual(expect.arrayContaining([allowed[0], other[0]]));
  });
});

describe('/api/Admin/goods_brands and GET /api/Seller/goods_brands', () => {
  type Brand = { id: number; name: string; thumb: string };
  it('CRUD; a rename rewrites the search tokens of its goods', async () => {
    const created = await s.call<Brand>('POST', '/api/Admin/goods_brands', { token: admin, body: { name: 'Alpha', thumb: '/uploads/b.png' } });
    expect(created.code, created.msg).toBe(200);
    const [g] = await s.db.insert(goods).values({ store_id: 1, brand_id: created.data.id, goods_name: '耳机' }).returning({ id: goods.id });
    const renamed = await s.call<Brand>('PUT', `/api/Admin/goods_brands/${created.data.id}`, { token: admin, body: { name: 'Zenith' } });
    expect(renamed.data.name).toBe('Zenith');
    expect(await tokensOf(s, g.id)).toContain("'zenith'");
    const bad = await s.call('POST', '/api/Admin/goods_brands', { token: admin, body: { name: '' } });
    expect(bad.code).toBe(422);
    const badThumb = await s.call('POST', '/api/Admin/goods_brands', { token: admin, body: { name: 'x', thumb: 'javascript:1' } });
    expect(badThumb.code).toBe(422);

    const refused = await s.call('DELETE', `/api/Admin/goods_brands/${created.data.id}`, { token: admin });
    expect(refused.code).toBe(422);
    expect(refused.msg).toContain('Zenith');
    await s.db.update(goods).set({ deleted_at: '2024-01-01 00:00:00' }).where(eq(goods.id, g.id));
    expect((await s.call('DELETE', `/api/Admin/goods_brands/${created.data.id}`, { token: admin })).code).toBe(200);
  });

  it('refuses a brand name a live brand already has (create, rename, Excel import): 422 naming the field, nothing written', async () => {
    const taken = await s.call<Brand>('POST', '/api/Admin/goods_brands', { token: admin, body: { name: 'Nimbus' } });
    expect(taken.code, taken.msg).toBe(200);
    const count = async () => (await s.db.select({ id: goods_brands.id }).from(goods_brands)).length;
    const before = await count();
    for (const name of ['Nimbus', ' nimbus ', 'ＮＩＭＢＵＳ']) {
      const res = await s.call('POST', '/api/Admin/goods_brands', { token: admin, body: { name } });
      expect(res.code, name).toBe(422);
      expect(res.data.field).toBe('name');
      expect(res.msg).toContain('已存在');
    }
    const other = await s.call<Brand>('POST', '/api/Admin/goods_brands', { token: admin, body: { name: 'Cirrus' } });
    const rename = await s.call('PUT', `/api/Admin/goods_brands/${other.data.id}`, { token: admin, body: { name: 'NIMBUS' }, lang: 'en' });
    expect(rename.code).toBe(422);
    expect(rename.data.field).toBe('name');
    expect(rename.msg).toBe('A brand named "NIMBUS" already exists');
    // its own name, or another field with it, saves
    expect((await s.call('PUT', `/api/Admin/goods_brands/${taken.data.id}`, { token: admin, body: { name: 'nimbus', is_sort: 3 } })).code).toBe(200);
    // the seeded brands are taken too
    const seeded = await s.call('POST', '/api/Admin/goods_brands', { token: admin, body: { name: '星耀' } });
    expect(seeded.code).toBe(422);

    const rows = (names: string[]) => Object.fromEntries(names.map((name, i) => [`rows[${i}][name]`, name]));
    const clash = await s.call<{ errors: { row: number; field: string; message: string }[] }>('POST', '/api/Admin/goods_brands/import/excel', { token: admin, body: rows(['Stratus', 'Nimbus']) });
    expect(clash.code).toBe(422);
    expect(clash.data.errors).toEqual([{ row: 1, field: 'name', message: '品牌名称「Nimbus」已存在' }]);
    const inFile = await s.call<{ errors: { row: number }[] }>('POST', '/api/Admin/goods_brands/import/excel', { token: admin, body: rows(['Stratus', 'stratus']) });
    expect(inFile.code).toBe(422);
    expect(inFile.data.errors[0].row).toBe(1);
    expect(await count()).toBe(before + 1);
    const fine = await s.call('POST', '/api/Admin/goods_brands/import/excel', { token: admin, body: rows(['Stratus', 'Cumulus']) });
    expect(fine.code, fine.msg).toBe(200);

    // a deleted brand frees its name
    expect((await s.call('DELETE', `/api/Admin/goods_brands/${other.data.id}`, { token: admin })).code).toBe(200);
    expect((await s.call('POST', '/api/Admin/goods_brands', { token: admin, body: { name: 'Cirrus' } })).code).toBe(200);
  });

  it('the seller reads every live brand (isAll) and cannot write', async () => {
    const id = await brand(s, uniq('SB'));
    const seller = await loginOwnerSeller(s);
    const list = await s.call<Brand[]>('GET', '/api/Seller/goods_brands', { token: seller, body: { isAll: 'true' } });
    expect(list.code).toBe(200);
    expect(list.data.find((b) => b.id === id)).toBeTruthy();
    expect((await s.call('POST', '/api/Seller/goods_brands', { token: seller, body: { name: 'x' } })).code).toBe(404);
  });

  it('an admin without the permission gets 403 and nothing is written', async () => {
    const id = await brand(s, uniq('B'));
    expect((await s.call('GET', '/api/Admin/goods_brands', { token: nobody })).code).toBe(403);
    expect((await s.call('PUT', `/api/Admin/goods_brands/${id}`, { token: nobody, body: { name: 'hacked' } })).code).toBe(403);
    expect((await s.call('DELETE', `/api/Admin/goods_brands/${id}`, { token: nobody })).code).toBe(403);
    const [row] = await s.db.select().from(goods_brands).where(eq(goods_brands.id, id));
    expect(row.name).not.toBe('hacked');
    expect(row.deleted_at).toBeNull();
    expect((await s.call('GET', '/api/Admin/goods_brands', { token: operator })).code).toBe(200);
  });
});
