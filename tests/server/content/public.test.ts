import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advs, articles } from '../../../server/db/schema';
import { loginAdmin, openTestServer, type TestServer } from '../helpers';

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await openTestServer();
  admin = await loginAdmin(s);
});
afterAll(() => s.close());

describe('public content endpoints (no login)', () => {
  it('GET /api/agreements/:ename → the agreement, unknown → 404', async () => {
    const res = await s.call<{ name: string; ename: string; content: string }>('GET', '/api/agreements/agreement');
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ name: '网站协议', ename: 'agreement' });
    expect(res.data.content).toContain('##qingwuit##');
    expect((await s.call('GET', '/api/agreements/nope')).code).toBe(404);
  });

  it('GET /api/article/:name → the article by title and counts the read', async () => {
    const first = await s.call<{ id: number; name: string; click: number; pid: number }>('GET', `/api/article/${encodeURIComponent('关于我们')}`);
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ name: '关于我们', pid: 1, click: 1 });
    const second = await s.call<{ click: number }>('GET', `/api/article/${encodeURIComponent('关于我们')}`);
    expect(second.data.click).toBe(2);
    const [row] = await s.db.select().from(articles).where(eq(articles.id, first.data.id));
    expect(row.click).toBe(2);
    expect((await s.call('GET', `/api/article/${encodeURIComponent('不存在的文章')}`)).code).toBe(404);
  });

  it('GET /api/load_article_menu → the menu tree, deep cuts it', async () => {
    type Node = { id: number; name: string; lev: number; children?: Node[] };
    const tree = await s.call<Node[]>('GET', '/api/load_article_menu');
    expect(tree.data.map((n) => n.name)).toEqual(['帮助中心', '商家服务']);
    expect(tree.data[0].children!.map((n) => [n.name, n.lev])).toEqual([
      ['购物指南', 1],
      ['配送方式', 1],
    ]);
    const top = await s.call<Node[]>('GET', '/api/load_article_menu', { body: { deep: '0' } });
    expect(top.data.every((n) => n.children === undefined)).toBe(true);
  });

  it('GET /api/app_versions?device= → the latest release of the device', async () => {
    const android = await s.call<{ version_code: number; device: string }>('GET', '/api/app_versions');
    expect(android.data).toMatchObject({ device: 'android', version_code: 100 });
    await s.call('POST', '/api/Admin/app_versions', { token: admin, body: { name: '新版', version: '1.1.0', version_code: 110, device: 'android', is_wgt: 0 } });
    await s.call('POST', '/api/Admin/app_versions', { token: admin, body: { name: '苹果版', version: '1.0.0', version_code: 100, device: 'ios', is_wgt: 0 } });
    expect((await s.call<{ version_code: number }>('GET', '/api/app_versions', { body: { device: 'android' } })).data.version_code).toBe(110);
    expect((await s.call<{ name: string }>('GET', '/api/app_versions', { body: { device: 'ios' } })).data.name).toBe('苹果版');
    expect((await s.call('GET', '/api/app_versions', { body: { device: 'mini' } })).data).toBeNull();
  });

  it('GET /api/adv?name= → the shown, running ads of the space, is_sort desc', async () => {
    const banner = await s.call<{ name: string; image: string; url: string }[]>('GET', '/api/adv', { body: { name: 'PC_首页幻灯片' } });
    expect(banner.code).toBe(200);
    expect(banner.data.map((a) => a.name)).toEqual(['家电焕新季', '数码好物节', '商家入驻招募']);
    const app = await s.call<{ name: string }[]>('GET', '/api/adv', { body: { name: 'APP_首页幻灯片' } });
    expect(app.data.map((a) => a.name)).toEqual(['新人专享', '限时秒杀']);
    expect((await s.call('GET', '/api/adv', { body: { name: '没有这个广告位' } })).data).toEqual([]);
    expect((await s.call('GET', '/api/adv')).code).toBe(422);

    // hiding one takes it out
    const [first] = await s.db.select().from(advs).where(eq(advs.name, '家电焕新季'));
    await s.call('PUT', `/api/Admin/advs/${first.id}`, { token: admin, body: { status: 0 } });
    const after = await s.call<{ name: string }[]>('GET', '/api/adv', { body: { name: 'PC_首页幻灯片' } });
    expect(after.data.map((a) => a.name)).toEqual(['数码好物节', '商家入驻招募']);
  });

  it('GET /api/expresses → the 18 couriers (isAll)', async () => {
    const res = await s.call<{ name: string; code: string }[]>('GET', '/api/expresses', { body: { isAll: 'true' } });
    expect(res.code).toBe(200);
    expect(res.data).toHaveLength(18);
    expect(res.data[0]).toMatchObject({ name: '韵达快递', code: 'yd' });
    expect(res.data.map((e) => e.code)).toContain('sf');
  });

  it('the currency is seeded', async () => {
    const res = await s.call<{ data: { name: string; currency: string; currency_ename: string }[] }>('GET', '/api/Admin/currencies', { token: admin });
    expect(res.data.data).toEqual([expect.objectContaining({ name: '人民币', currency: '￥', currency_ename: 'RMB' })]);
  });

  it('ads: an update cannot move the end before the start', async () => {
    const [ad] = await s.db.select().from(advs).where(eq(advs.name, '数码好物节'));
    const res = await s.call('PUT', `/api/Admin/advs/${ad.id}`, { token: admin, body: { adv_end: '2000-01-01 00:00:00' } });
    expect(res).toMatchObject({ code: 422, data: { field: 'adv_end' } });
    const [still] = await s.db.select().from(advs).where(eq(advs.id, ad.id));
    expect(still.adv_end).toBe(ad.adv_end);
  });

  it('article menus: a menu cannot become its own child', async () => {
    const res = await s.call('PUT', '/api/Admin/article_menus/1', { token: admin, body: { pid: 2 } });
    expect(res).toMatchObject({ code: 422, data: { field: 'pid' } });
    const self = await s.call('PUT', '/api/Admin/article_menus/2', { token: admin, body: { pid: 2 } });
    expect(self.code).toBe(422);
    const tree = await s.call<{ id: number; has_children: { id: number } | null }[]>('GET', '/api/Admin/article_menus', { token: admin, body: { isChildren: '1' } });
    expect(tree.data.map((m) => [m.id, m.has_children?.id ?? null])).toEqual([
      [1, 2],
      [4, null],
    ]);
  });
});
