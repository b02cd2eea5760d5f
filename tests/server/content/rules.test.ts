import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adv_spaces, advs, areas, article_menus, articles, currencies, expresses, stores } from '../../../server/db/schema';
import { loginAdmin, loginOperator, openTestServer, type TestServer } from '../helpers';
import { liveRows } from './util';

/**
 * Content resources under the CRUD factory's rules: a delete is refused while something still
 * depends on the row (article categories, areas, ad spaces, currencies), unique values answer
 * with their field, and the import is an upsert by id (a page's own export imports back).
 */

let s: TestServer;
let admin: string;
let operator: string;

beforeAll(async () => {
  s = await openTestServer();
  admin = await loginAdmin(s);
  operator = await loginOperator(s);
});
afterAll(() => s.close());

const del = (path: string, ids: string | number, token = admin) => s.call('DELETE', `/api/Admin/${path}/${ids}`, { token, lang: 'en' });

describe('article categories', () => {
  it('a category under itself or its own sub-category is refused in the field\'s words (not `pid`)', async () => {
    const self = await s.call('PUT', '/api/Admin/article_menus/1', { token: admin, body: { pid: 1 } });
    expect(self).toMatchObject({ code: 422, msg: '上级栏目不能是该栏目自身或它的下级', data: { field: 'pid' } });
    const [child] = await s.db.select({ id: article_menus.id }).from(article_menus).where(eq(article_menus.pid, 1)).limit(1);
    const below = await s.call('PUT', '/api/Admin/article_menus/1', { token: admin, body: { pid: child.id }, lang: 'en' });
    expect(below.msg).toBe('The parent category cannot be the category itself or one of its sub-categories');
    const missing = await s.call('POST', '/api/Admin/articles', { token: admin, body: { pid: 99999, name: '无栏目' } });
    expect(missing).toMatchObject({ code: 422, msg: '所选的文章栏目不存在', data: { field: 'pid' } });
  });

  it('a category with sub-categories or articles is not deleted; the answer says what holds it', async () => {
    const withChildren = await del('article_menus', 1);
    expect(withChildren).toMatchObject({ code: 422, data: { field: 'ids' } });
    expect(withChildren.msg).toBe('The article category "帮助中心" still has 2 sub-categories (购物指南, 配送方式); delete or move them first.');
    const withArticles = await del('article_menus', 4);
    expect(withArticles.msg).toBe('The article category "商家服务" still holds 1 article (商家入驻); delete or move them first.');
    expect(await liveRows(s, article_menus as never)).toBe(4);
    expect(await liveRows(s, articles as never)).toBe(7);
  });

  it('a comma delete keeps every row when one is refused; a whole branch goes together once empty', async () => {
    const leaf = await s.call('POST', '/api/Admin/article_menus', { token: admin, body: { pid: 0, name: '空分类' } });
    const child = await s.call('POST', '/api/Admin/article_menus', { token: admin, body: { pid: leaf.data.id, name: '空子类' } });
    expect((await del('article_menus', `${child.data.id},4`)).code).toBe(422);
    expect(await liveRows(s, article_menus as never, eq(article_menus.id, child.data.id))).toBe(1);
    expect((await del('article_menus', leaf.data.id)).code).toBe(422);
    expect(await del('article_menus', `${leaf.data.id},${child.data.id}`)).toMatchObject({ code: 200, data: 2 });
  });

  it('a new article under a category is seen by a delete of it (the parent is locked while written)', async () => {
    const menu = await s.call('POST', '/api/Admin/article_menus', { token: admin, body: { pid: 0, name: '临时' } });
    await s.call('POST', '/api/Admin/articles', { token: admin, body: { pid: menu.data.id, name: '临时文章' } });
    expect((await del('article_menus', menu.data.id)).msg).toContain('临时文章');
  });
});

describe('areas', () => {
  it('an area with sub-areas is not deleted', async () => {
    const [beijing] = await s.db.select({ id: areas.id }).from(areas).where(eq(areas.code, '1101'));
    const res = await del('areas', String(beijing.id));
    expect(res).toMatchObject({ code: 422, data: { field: 'ids' } });
    // every reason is listed: its districts, and a store's address
    expect(res.data.blocked.map((b: { id: string | number; message: string }) => [String(b.id), b.message.split(' still')[0].split(' is')[0]])).toEqual([
      [String(beijing.id), 'The area "北京市"'],
      [String(beijing.id), 'The area "北京市"'],
    ]);
    expect(res.msg).toMatch(/^The area "北京市" still has \d+ sub-areas \(.+…\); delete them first\.$/);
    expect(await liveRows(s, areas as never, eq(areas.code, '1101'))).toBe(1);
  });

  it('an area in a store\'s address is not deleted; an unused leaf is', async () => {
    const [store] = await s.db.select({ region_id: stores.region_id }).from(stores).where(eq(stores.id, 1));
    const [region] = await s.db.select({ id: areas.id, code: areas.code, name: areas.name }).from(areas).where(eq(areas.id, store.region_id));
    const res = await del('areas', String(region.id));
    expect(res.msg).toBe(`The area "${region.name}" is still in the address of 1 store (小王数码专营店) and cannot be deleted.`);
    expect(await liveRows(s, areas as never, eq(areas.code, region.code))).toBe(1);

    const created = await s.call('POST', '/api/Admin/areas', { token: admin, body: { pid: '1101', code: '110198', name: '空区' } });
    expect(created.code).toBe(200);
    expect(await del('areas', String(created.data.id))).toMatchObject({ code: 200, data: 1 });
  });

  it('a code another live area has is a 409 on code', async () => {
    const res = await s.call('POST', '/api/Admin/areas', { token: admin, lang: 'en', body: { pid: '11', code: '1101', name: '重复' } });
    expect(res).toMatchObject({ code: 409, msg: 'The area code 1101 is already taken.', data: { field: 'code' } });
  });
});

describe('ad spaces', () => {
  it('a space holding adverts is not deleted; an empty one is', async () => {
    const [space] = await s.db.select().from(adv_spaces).orderBy(asc(adv_spaces.id)).limit(1);
    const res = await del('adv_spaces', space.id);
    expect(res).toMatchObject({ code: 422, data: { blocked: [{ id: space.id, count: 2 }] } });
    expect(res.msg).toBe(`The ad space "${space.name}" still holds 2 adverts (新人专享, 限时秒杀); delete or move them first.`);
    expect(await liveRows(s, advs as never, eq(advs.pid, space.id))).toBe(2);

    const empty = await s.call('POST', '/api/Admin/adv_spaces', { token: admin, body: { name: '空广告位' } });
    expect(await del('adv_spaces', empty.data.id)).toMatchObject({ code: 200, data: 1 });
  });

  it('a name another space has is a 409 on name; the operator without the permission gets 403', async () => {
    const [space] = await s.db.select().from(adv_spaces).limit(1);
    expect(await s.call('POST', '/api/Admin/adv_spaces', { token: admin, body: { name: space.name } })).toMatchObject({ code: 409, data: { field: 'name' } });
    const operatorDelete = await del('adv_spaces', space.id, operator);
    expect([403, 422]).toContain(operatorDelete.code);
    expect(await liveRows(s, adv_spaces as never, eq(adv_spaces.id, space.id))).toBe(1);
  });
});

describe('currencies', () => {
  it('a currency money logs use is not deleted; an unused one is', async () => {
    const res = await del('currencies', 1);
    expect(res.msg).toMatch(/^The currency "人民币" is used by \d+ money log entries and cannot be deleted\.$/);
    expect(await liveRows(s, currencies as never, eq(currencies.id, 1))).toBe(1);
    const usd = await s.call('POST', '/api/Admin/currencies', { token: admin, body: { name: '美元', ename: 'en', currency: '$', currency_ename: 'USD' } });
    expect(await del('currencies', usd.data.id)).toMatchObject({ code: 200, data: 1 });
  });
});

describe('unique values answer with their field', () => {
  it('courier codes and agreement call names', async () => {
    const [courier] = await s.db.select().from(expresses).limit(1);
    const express = await s.call('POST', '/api/Admin/expresses', { token: admin, lang: 'en', body: { name: '重复', code: courier.code } });
    expect(express).toMatchObject({ code: 409, msg: `The courier code ${courier.code} is already taken.`, data: { field: 'code' } });
    const agreement = await s.call('POST', '/api/Admin/agreements', { token: admin, body: { name: '重复', ename: 'agreement' } });
    expect(agreement).toMatchObject({ code: 409, msg: '调用名称 agreement 已被其他协议使用。', data: { field: 'ename' } });
  });
});

describe('courier import: an upsert by id', () => {
  type Courier = { id: number; name: string; code: string; created_at: string };
  const list = async () => (await s.call<Courier[]>('GET', '/api/Admin/expresses', { token: admin, body: { isAll: '1' } })).data;
  const importRows = (rows: Record<string, unknown>[], lang: 'zh-cn' | 'en' = 'zh-cn') =>
    s.call('POST', '/api/Admin/expresses/import/excel', {
      token: admin,
      lang,
      body: Object.fromEntries(rows.flatMap((row, i) => Object.entries(row).map(([k, v]) => [`rows[${i}][${k}]`, String(v)]))),
    });

  it('the page\'s own export imports back: its rows are updated in place, none added', async () => {
    const before = await list();
    const res = await importRows(before.map((row) => ({ ...row, name: `${row.name}` })));
    expect(res).toMatchObject({ code: 200, data: { imported: before.length, created: 0, updated: before.length } });
    expect(await list()).toEqual(before);
    const renamed = await importRows([{ id: before[0].id, name: '改名快递', code: before[0].code }, { name: '新快递', code: 'NEWKD' }]);
    expect(renamed).toMatchObject({ code: 200, data: { created: 1, updated: 1 } });
    const after = await list();
    expect(after.find((row) => row.id === before[0].id)?.name).toBe('改名快递');
    expect(after).toHaveLength(before.length + 1);
  });

  it('a duplicate code (in the file or taken) names the row and the field; nothing is written', async () => {
    const before = await list();
    const res = await importRows(
      [
        { name: '甲', code: 'DUPX' },
        { name: '乙', code: 'DUPX' },
        { name: '丙', code: before[1].code },
        { name: 'x'.repeat(31), code: 'LONG' },
        { name: '丁' },
      ],
      'zh-cn',
    );
    expect(res).toMatchObject({ code: 422, msg: '导入失败：5 行数据有误', data: { field: 'rows' } });
    expect(res.data.errors).toEqual([
      { row: 0, field: 'code', message: '“DUPX”在文件中出现了不止一次' },
      { row: 1, field: 'code', message: '“DUPX”在文件中出现了不止一次' },
      { row: 2, field: 'code', message: `物流公司代码 ${before[1].code} 已存在。` },
      { row: 3, field: 'name', message: '最多 30 个字符' },
      { row: 4, field: 'code', message: '不能为空' },
    ]);
    expect(await list()).toEqual(before);
    expect(await liveRows(s, expresses as never, and(eq(expresses.code, 'DUPX'), isNull(expresses.deleted_at)))).toBe(0);
  });
});
