import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods, goods_brands, goods_classes } from '../../../server/db/schema';
import { CATALOGUE } from '../../../server/db/seed/catalogue';
import { BRANDS, classRows } from '../../../server/db/seed/catalogue-data';
import { catalogueOf, withDescendants } from '../../../server/modules/shop/classes';
import { classesNamed } from '../../../server/modules/shop/goodsSearch';
import { limitedAdmin } from '../admin-system/setup';
import { loginAdmin, loginOwnerSeller, openTestServer, type TestServer } from '../helpers';
import { params } from '../shop/fixtures';
import { brand, classTree, uniq } from './fixtures';

/**
 * Goods classes and brands have an optional English name, `ename` (as menus): the admin writes it,
 * the storefront's answers carry it, and a class's English name finds its goods like its name.
 */
let s: TestServer;
let admin: string;
let nobody: string;

beforeAll(async () => {
  s = await openTestServer();
  admin = await loginAdmin(s);
  nobody = (await limitedAdmin(s, [])).token;
});
afterAll(() => s.close());

type Named = { id: number; name: string; ename: string };
type Node = Named & { pid: number; children?: Node[] };
const classRow = async (id: number) => (await s.db.select().from(goods_classes).where(eq(goods_classes.id, id)))[0];
const brandRow = async (id: number) => (await s.db.select().from(goods_brands).where(eq(goods_brands.id, id)))[0];
const findNode = (nodes: Node[], id: number): Node | undefined => {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inner = node.children && findNode(node.children, id);
    if (inner) return inner;
  }
  return undefined;
};

describe.each([
  { path: 'goods_classes', body: () => ({ pid: 0, name: uniq('英文类') }), row: classRow, count: async () => (await s.db.select({ id: goods_classes.id }).from(goods_classes)).length, make: async () => (await classTree(s))[0] },
  { path: 'goods_brands', body: () => ({ name: uniq('英文牌') }), row: brandRow, count: async () => (await s.db.select({ id: goods_brands.id }).from(goods_brands)).length, make: () => brand(s) },
])('/api/Admin/$path: ename', ({ path, body, row, count, make }) => {
  it('creates, answers, edits (trimmed) and clears the English name; none given is ""', async () => {
    const created = await s.call<Named>('POST', `/api/Admin/${path}`, { token: admin, body: { ...body(), ename: '  Smart Phones ' } });
    expect(created.code, created.msg).toBe(200);
    expect(created.data.ename).toBe('Smart Phones');
    expect((await row(created.data.id)).ename).toBe('Smart Phones');
    const shown = await s.call<Named>('GET', `/api/Admin/${path}/${created.data.id}`, { token: admin });
    expect(shown.data).toMatchObject({ id: created.data.id, ename: 'Smart Phones' });
    const listed = await s.call<{ data: Named[] }>('GET', `/api/Admin/${path}`, { token: admin, body: { ename: 'Smart|likeRight' } });
    expect(listed.code, listed.msg).toBe(200);
    expect(listed.data.data.map((r) => r.id)).toContain(created.data.id);

    const edited = await s.call<Named>('PUT', `/api/Admin/${path}/${created.data.id}`, { token: admin, body: { ename: 'Phones' } });
    expect(edited.code, edited.msg).toBe(200);
    expect((await row(created.data.id)).ename).toBe('Phones');
    // a 20-character English name (the name's length) is fine; empty clears it
    expect((await s.call('PUT', `/api/Admin/${path}/${created.data.id}`, { token: admin, body: { ename: 'x'.repeat(20) } })).code).toBe(200);
    expect((await s.call('PUT', `/api/Admin/${path}/${created.data.id}`, { token: admin, body: { ename: '' } })).code).toBe(200);
    expect((await row(created.data.id)).ename).toBe('');

    const plain = await s.call<Named>('POST', `/api/Admin/${path}`, { token: admin, body: body() });
    expect(plain.code, plain.msg).toBe(200);
    expect((await row(plain.data.id)).ename).toBe('');
  });

  it('refuses a too long or non-text English name with a 422 naming ename; nothing written', async () => {
    const before = await count();
    for (const bad of [{ ename: 'x'.repeat(21) }, { 'ename[0]': 'Phones' }, { 'ename[a]': 'Phones' }] as Record<string, string>[]) {
      const res = await s.call('POST', `/api/Admin/${path}`, { token: admin, body: { ...body(), ...bad }, lang: 'en' });
      expect(res.code, JSON.stringify(bad)).toBe(422);
      expect(res.data.field).toBe('ename');
      expect(res.msg).toContain('ename');
    }
    expect(await count()).toBe(before);
    const id = await make();
    const original = await row(id);
    const res = await s.call('PUT', `/api/Admin/${path}/${id}`, { token: admin, body: { name: uniq('改名'), ename: 'y'.repeat(21) } });
    expect(res.code).toBe(422);
    expect(res.data.field).toBe('ename');
    expect(await row(id)).toMatchObject({ name: original.name, ename: original.ename, updated_at: original.updated_at });
  });

  it('an admin without the permission gets 403, a seller token or none 401; nothing written', async () => {
    const id = await make();
    const before = await count();
    const seller = await loginOwnerSeller(s);
    for (const token of [nobody, seller, undefined]) {
      const create = await s.call('POST', `/api/Admin/${path}`, { token, body: { ...body(), ename: 'Sneaky' } });
      const update = await s.call('PUT', `/api/Admin/${path}/${id}`, { token, body: { ename: 'Sneaky' } });
      const expected = token === nobody ? 403 : 401;
      expect(create.code, String(token)).toBe(expected);
      expect(update.code, String(token)).toBe(expected);
    }
    expect(await count()).toBe(before);
    expect((await row(id)).ename).toBe('');
  });
});

describe('the storefront answers carry the English names', () => {
  it('/api/common, /api/load_goods_classes, /api/home and /api/goods/:id (an admin edit shows at once)', async () => {
    const common = await s.call<{ classes: Node[]; brands: Named[] }>('GET', '/api/common');
    const rows = classRows();
    for (const seeded of rows) expect(findNode(common.data.classes, seeded.id), seeded.name).toMatchObject({ name: seeded.name, ename: seeded.ename });
    expect(common.data.brands.find((b) => b.id === 1)).toMatchObject({ name: BRANDS[0][0], ename: BRANDS[0][3] });
    // every brand keeps its fields, the English name is one more
    for (const b of common.data.brands) expect(Object.keys(b).sort()).toEqual(['ename', 'id', 'name', 'thumb']);

    const tree = await s.call<Node[]>('GET', '/api/load_goods_classes?deep=-1');
    expect(findNode(tree.data, rows[0].id)).toMatchObject({ ename: rows[0].ename });

    const home = await s.call<{ goods: (Named & { goods: unknown[] })[] }>('GET', '/api/home');
    const floor = home.data.goods.find((f) => f.id === rows[0].id)!;
    expect(floor).toMatchObject({ name: rows[0].name, ename: rows[0].ename });

    const goodsId = CATALOGUE.visibleGoods[0];
    const [g] = await s.db.select({ class_id: goods.class_id, brand_id: goods.brand_id }).from(goods).where(eq(goods.id, goodsId));
    const detail = await s.call<{ classList: Node[]; brand: Named | null }>('GET', `/api/goods/${goodsId}`);
    expect(detail.code, detail.msg).toBe(200);
    expect(detail.data.classList.map((c) => c.id)[0]).toBe(g.class_id);
    for (const c of detail.data.classList) expect(c.ename).toBe(rows.find((r) => r.id === c.id)!.ename);
    if (g.brand_id) expect(detail.data.brand).toMatchObject({ id: g.brand_id, ename: BRANDS[g.brand_id - 1][3] });

    // an admin edit of the English name is in the next answer
    const [top] = await classTree(s);
    await s.call('PUT', `/api/Admin/goods_classes/${top}`, { token: admin, body: { ename: 'Fresh English' } });
    const after = await s.call<{ classes: Node[] }>('GET', '/api/common');
    expect(findNode(after.data.classes, top)?.ename).toBe('Fresh English');
  });
});

describe('a class\'s English name finds its goods', () => {
  const rows = classRows();
  const idOf = (ename: string) => rows.find((r) => r.ename === ename)!.id;

  it('classesNamed: every word begins a word of the English name (never inside one); Chinese as before', async () => {
    const catalogue = await catalogueOf(s.db);
    const below = (ename: string) => withDescendants(catalogue, [idOf(ename)]);
    expect(classesNamed(catalogue, 'phones').sort()).toEqual(below('Mobile Phones').sort());
    expect(classesNamed(catalogue, 'Mobile PHONES').sort()).toEqual(below('Mobile Phones').sort());
    expect(classesNamed(catalogue, 'phones')).not.toContain(idOf('Bluetooth Earphones'));
    expect(classesNamed(catalogue, 'earphones')).toEqual([idOf('Bluetooth Earphones')]);
    expect(classesNamed(catalogue, 't-shirt')).toEqual([idOf('T-Shirts')]);
    expect(classesNamed(catalogue, 'shirts')).toEqual([idOf('T-Shirts')]);
    expect(classesNamed(catalogue, 'smart').sort()).toEqual([...below('Smart Devices'), idOf('Smartphones')].sort());
    expect(classesNamed(catalogue, 'zzz')).toEqual([]);
    // the Chinese name as before
    expect(classesNamed(catalogue, '智能手机')).toEqual([idOf('Smartphones')]);
  });

  it('GET /api/goods: "phones" in the English storefront finds the goods of Mobile Phones and below, as 手机通讯 does', async () => {
    const classIds = withDescendants(await catalogueOf(s.db), [idOf('Mobile Phones')]);
    const visible = new Set(CATALOGUE.visibleGoods);
    const expected = (await s.db.select({ id: goods.id }).from(goods).where(inArray(goods.class_id, classIds))).map((r) => r.id).filter((id) => visible.has(id));
    expect(expected.length).toBeGreaterThan(0);
    const search = async (keywords: string) => {
      const res = await s.call<{ data: { id: number }[] }>('GET', `/api/goods?per_page=100&params=${encodeURIComponent(params({ keywords: encodeURIComponent(keywords) }))}`, { lang: 'en' });
      expect(res.code, res.msg).toBe(200);
      return res.data.data.map((g) => g.id);
    };
    expect(await search('phones')).toEqual(expect.arrayContaining(expected));
    expect(await search('手机通讯')).toEqual(expect.arrayContaining(expected));
  });
});
