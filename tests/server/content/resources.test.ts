import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adv_spaces, advs, agreements, app_versions, article_menus, articles, currencies, expresses, notices } from '../../../server/db/schema';
import { loginAdmin, loginOperator, openTestServer, type TestServer } from '../helpers';

/** The generic behaviour of every admin content resource: list, search, CRUD, import, 422, 401, 403. */

let s: TestServer;
let admin: string;
let operator: string;

beforeAll(async () => {
  s = await openTestServer();
  admin = await loginAdmin(s);
  operator = await loginOperator(s);
});
afterAll(() => s.close());

type Body = Record<string, string | number>;
interface Case {
  path: string;
  table: PgTable;
  create: Body;
  /** A second valid row (batch delete, import). */
  other: Body;
  update: Body;
  search: Body;
  bad: Body[];
  /** Valid rows that clash with a unique seeded row (409). */
  conflict?: Body;
  /** The seeded 运营 role holds this resource's permissions. */
  operatorMay: boolean;
}

const advTimes = { adv_start: '2024-01-01 00:00:00', adv_end: '2030-01-01 00:00:00' };

const CASES: Case[] = [
  {
    path: 'expresses',
    table: expresses,
    create: { name: '测试快递', code: 'cskd' },
    other: { name: '测试快运', code: 'csky' },
    update: { name: '测试快递改' },
    search: { name: '测试|likeRight' },
    bad: [{ name: '', code: 'x1' }, { name: '超长的快递公司名字'.repeat(4), code: 'x2' }, { name: '坏代码', code: "x'; drop" }, { name: '缺代码' }],
    operatorMay: false,
  },
  {
    path: 'currencies',
    table: currencies,
    create: { name: '美元', ename: 'en', currency: '$', currency_ename: 'USD' },
    other: { name: '欧元', ename: 'de', currency: '€', currency_ename: 'EUR' },
    update: { currency: 'US$' },
    search: { currency_ename: 'US|likeRight' },
    bad: [{ name: '', ename: 'en', currency: '$', currency_ename: 'USD' }, { name: '日元', ename: 'ja', currency: '¥' }],
    operatorMay: false,
  },
  {
    path: 'notices',
    table: notices,
    create: { name: '系统升级通知', tag: '公告', content: '<p>今晚升级</p>' },
    other: { name: '新功能上线', tag: '更新', content: '<p>上线啦</p>' },
    update: { tag: '重要' },
    search: { name: '系统|likeRight', content: '升级|like' },
    bad: [{ name: '', tag: 'x' }, { name: 'x'.repeat(36) }, { name: '标签太长', tag: 'x'.repeat(21) }, { name: '标志', is_type: 5 }],
    operatorMay: true,
  },
  {
    path: 'agreements',
    table: agreements,
    create: { name: '用户协议', ename: 'user_terms', content: '<p>条款</p>' },
    other: { name: '退款协议', ename: 'refund_terms', content: '<p>退款</p>' },
    update: { name: '用户服务协议' },
    search: { ename: 'user|likeRight' },
    bad: [{ name: '', ename: 'a' }, { name: '中文调用名', ename: '协议' }, { name: '太长', ename: 'x'.repeat(16) }],
    conflict: { name: '重复', ename: 'agreement' },
    operatorMay: false,
  },
  {
    path: 'app_versions',
    table: app_versions,
    create: { name: '苹果首发', version: '1.2.0', version_code: 120, device: 'ios', is_wgt: 0 },
    other: { name: '小程序', version: '1.0.1', version_code: 101, device: 'mini', is_wgt: 1 },
    update: { version_code: 121 },
    search: { device: 'ios', name: '苹果|like' },
    bad: [
      { name: '设备不对', version_code: 1, device: 'windows', is_wgt: 0 },
      { name: '版本号不是数字', version_code: 'abc', device: 'ios', is_wgt: 0 },
      { name: '缺 wgt', version_code: 1, device: 'ios' },
      { name: '坏链接', version_code: 1, device: 'ios', is_wgt: 0, url: 'javascript:alert(1)' },
    ],
    operatorMay: false,
  },
  {
    path: 'adv_spaces',
    table: adv_spaces,
    create: { name: '测试广告位', width: 300, height: 100 },
    other: { name: '测试广告位二', width: 200, height: 100 },
    update: { height: 120 },
    search: { name: '测试|likeRight' },
    bad: [{ name: '' }, { name: '负宽度', width: -1 }, { name: '宽度是字母', width: 'wide' }],
    conflict: { name: 'APP_首页幻灯片' },
    operatorMay: false,
  },
  {
    path: 'advs',
    table: advs,
    create: { pid: 1, name: '测试广告', url: 'https://example.com/a', image: '/uploads/adv/a.jpg', status: 1, is_sort: 5, ...advTimes },
    other: { pid: 1, name: '测试广告二', url: '/goods/1', image: '/uploads/adv/b.jpg', status: 0, ...advTimes },
    update: { name: '测试广告改', adv_end: '2031-01-01 00:00:00' },
    search: { name: '测试|likeRight', adv_start: '2024-01-01 00:00:00|ngt', status: '1' },
    bad: [
      { pid: 1, name: '结束早于开始', status: 1, adv_start: '2030-01-01 00:00:00', adv_end: '2024-01-01 00:00:00' },
      { pid: 999, name: '广告位不存在', status: 1, ...advTimes },
      { pid: 1, name: '脚本链接', status: 1, url: 'javascript:alert(1)', ...advTimes },
      { pid: 1, name: '脚本图片', status: 1, image: 'javascript:alert(1)', ...advTimes },
      { pid: 1, name: '坏时间', status: 1, adv_start: 'tomorrow', adv_end: '2030-01-01' },
      { pid: 1, name: '缺状态', ...advTimes },
    ],
    operatorMay: false,
  },
  {
    path: 'article_menus',
    table: article_menus,
    create: { pid: 1, name: '常见问题', is_sort: 5 },
    other: { pid: 0, name: '政策法规', is_sort: 6 },
    update: { is_sort: 7 },
    search: { name: '常见|likeRight' },
    bad: [{ pid: 999, name: '父级不存在' }, { pid: 1, name: '' }, { pid: -1, name: '负数' }, { pid: 'x', name: '字母' }],
    operatorMay: true,
  },
  {
    path: 'articles',
    table: articles,
    create: { pid: 2, name: '如何退货', content: '<p>七天无理由</p>' },
    other: { pid: 3, name: '运费说明', content: '<p>满 99 包邮</p>' },
    update: { name: '如何退换货' },
    search: { name: '如何退|likeRight', pid: '2' },
    bad: [{ pid: 999, name: '栏目不存在' }, { pid: 0, name: '没有栏目' }, { pid: 2, name: '' }, { pid: 2, name: 'x'.repeat(81) }],
    operatorMay: true,
  },
];

async function live(table: PgTable): Promise<number> {
  const t = table as unknown as { deleted_at: never };
  const [row] = await s.db.select({ n: count() }).from(table).where(isNull(t.deleted_at));
  return Number(row.n);
}

const importRows = (rows: Body[]): Body =>
  Object.fromEntries(rows.flatMap((row, i) => Object.entries(row).map(([k, v]) => [`rows[${i}][${k}]`, v])));

describe.each(CASES)('/api/Admin/$path', (c) => {
  const url = `/api/Admin/${c.path}`;

  it('creates, lists, searches, shows, updates and deletes', async () => {
    const before = await live(c.table);
    const created = await s.call<{ id: number }>('POST', url, { token: admin, body: c.create });
    expect(created.code, created.msg).toBe(200);
    expect(await live(c.table)).toBe(before + 1);
    const id = created.data.id;

    const page = await s.call<{ data: { id: number }[]; total: number; per_page: number }>('GET', url, { token: admin });
    expect(page.code).toBe(200);
    expect(page.data.total).toBe(before + 1);
    expect(page.data.data.map((r) => r.id)).toContain(id);

    const found = await s.call<{ data: { id: number }[]; total: number }>('GET', url, { token: admin, body: c.search });
    expect(found.code, found.msg).toBe(200);
    expect(found.data.data.map((r) => r.id)).toEqual([id]);

    const shown = await s.call('GET', `${url}/${id}`, { token: admin });
    expect(shown.code).toBe(200);
    expect(shown.data).toMatchObject({ id });

    const updated = await s.call('PUT', `${url}/${id}`, { token: admin, body: c.update });
    expect(updated.code, updated.msg).toBe(200);
    const [row] = await s.db.select().from(c.table).where(eq((c.table as unknown as { id: never }).id, id));
    for (const [key, value] of Object.entries(c.update)) expect(String((row as Record<string, unknown>)[key])).toBe(String(value));

    const deleted = await s.call('DELETE', `${url}/${id}`, { token: admin });
    expect(deleted).toMatchObject({ code: 200, data: 1 });
    expect(await live(c.table)).toBe(before);
    expect((await s.call('GET', `${url}/${id}`, { token: admin })).code).toBe(404);
  });

  it('deletes several rows at once and imports all rows or none', async () => {
    const before = await live(c.table);
    const imported = await s.call('POST', `${url}/import/excel`, { token: admin, body: importRows([c.create, c.other]) });
    expect(imported.code, imported.msg).toBe(200);
    expect(imported.data).toEqual({ imported: 2, created: 2, updated: 0 });
    expect(await live(c.table)).toBe(before + 2);
    const key = (c.table as unknown as { id: never }).id;
    const ids = (await s.db.select({ id: key }).from(c.table).orderBy(desc(key)).limit(2)).map((r) => (r as { id: number }).id);
    const deleted = await s.call('DELETE', `${url}/${ids.join(',')}`, { token: admin });
    expect(deleted).toMatchObject({ code: 200, data: 2 });
    expect(await live(c.table)).toBe(before);

    const half = await s.call<{ errors: { row: number }[] }>('POST', `${url}/import/excel`, { token: admin, body: importRows([c.other, { ...c.bad[0] }]) });
    expect(half.code).toBe(422);
    expect(await live(c.table)).toBe(before);
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const before = await live(c.table);
    for (const body of c.bad) {
      const res = await s.call('POST', url, { token: admin, body });
      expect(res.code, `${JSON.stringify(body)} → ${res.msg}`).toBe(422);
      expect(res.msg).not.toBe('');
    }
    if (c.conflict) expect((await s.call('POST', url, { token: admin, body: c.conflict })).code).toBe(409);
    expect(await live(c.table)).toBe(before);
  });

  it('needs an admin token and the permission (403, nothing written)', async () => {
    const before = await live(c.table);
    expect((await s.call('GET', url)).code).toBe(401);
    expect((await s.call('POST', url, { body: c.create })).code).toBe(401);
    const list = await s.call('GET', url, { token: operator });
    const store = await s.call('POST', url, { token: operator, body: c.other });
    if (c.operatorMay) {
      expect(list.code).toBe(200);
      expect(store.code, store.msg).toBe(200);
      expect(await live(c.table)).toBe(before + 1);
      const id = (store.data as { id: number }).id;
      expect((await s.call('DELETE', `${url}/${id}`, { token: operator })).code).toBe(200);
    } else {
      expect(list.code).toBe(403);
      expect(store.code).toBe(403);
      expect((await s.call('DELETE', `${url}/1`, { token: operator })).code).toBe(403);
    }
    expect(await live(c.table)).toBe(before);
  });
});

describe('content owner', () => {
  it('records the creating admin in belong_id; it cannot be sent', async () => {
    const res = await s.call<{ id: number; belong_id: number }>('POST', '/api/Admin/notices', { token: operator, body: { name: '运营发布', belong_id: 99 } });
    expect(res.code).toBe(200);
    expect(res.data.belong_id).toBe(2);
    const [row] = await s.db.select().from(notices).where(and(eq(notices.id, res.data.id)));
    expect(row.belong_id).toBe(2);
  });
});
