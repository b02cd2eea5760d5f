import { existsSync, statSync } from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../server/db/schema';
import { DEMO } from '../../server/db/seed/accounts';
import { CATALOGUE } from '../../server/db/seed/catalogue';
import { seedFile, thumbOf } from '../../server/db/seed/media';
import { keywordsMatch } from '../../server/modules/catalogue/search';
import { applicationSchema, isCreditCode, isIdCardNo } from '../../server/modules/shop/storeApply';
import { check } from '../../server/http/crud/validate';
import { form } from './catalogue/fixtures';
import { openTestServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(async () => {
  await s.close();
});

const { goods, goods_skus, goods_specs, goods_attrs, goods_classes, stores } = schema;
const visibleGoods = () =>
  s.db
    .select({ id: goods.id, class_id: goods.class_id, store_id: goods.store_id })
    .from(goods)
    .innerJoin(stores, eq(stores.id, goods.store_id))
    .where(sql`${goods.goods_status} = 1 and ${goods.goods_verify} = 1 and ${goods.deleted_at} is null and ${stores.store_status} = 1 and ${stores.store_verify} = 4 and ${stores.deleted_at} is null`);

describe('seeded catalogue', () => {
  it('has open approved stores with logos and areas, plus closed, submitted, applying and rejected ones', async () => {
    const rows = await s.db.select().from(stores).orderBy(stores.id);
    const open = rows.filter((r) => r.store_status === 1 && r.store_verify === 4);
    expect(open.map((r) => r.id)).toEqual(CATALOGUE.openStores);
    expect(open.length).toBeGreaterThanOrEqual(3);
    for (const store of open) {
      expect(store.store_logo).toMatch(/^\/uploads\/seed\//);
      expect(store.store_slide.split(',').length).toBeGreaterThanOrEqual(1);
      expect(store.province_id * store.city_id * store.region_id).toBeGreaterThan(0);
      expect(store.area_info.split(' ')).toHaveLength(3);
      expect(store.after_sale_service).toMatch(/^<p>/);
      expect(Number(store.store_lat)).toBeGreaterThan(0);
    }
    const [region] = await s.db.select().from(schema.areas).where(eq(schema.areas.id, open[2].region_id));
    expect(region.name).toBe('西湖区');
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(CATALOGUE.closedStore)).toMatchObject({ store_status: 0, store_verify: 4 });
    expect(byId.get(CATALOGUE.submittedStore)).toMatchObject({ store_verify: 2 });
    expect(byId.get(CATALOGUE.applyingStore)).toMatchObject({ store_verify: 1 });
    expect(byId.get(CATALOGUE.rejectedStore)).toMatchObject({ store_verify: 3, store_refuse_info: '营业执照照片不清晰' });
    const closedGoods = await s.db.select().from(goods).where(eq(goods.store_id, CATALOGUE.closedStore));
    expect(closedGoods.length).toBeGreaterThan(0);
    expect(closedGoods.every((g) => g.goods_status === 1 && g.goods_verify === 1)).toBe(true);
  });

  it('every store that applied passes the store application validation: a refused applicant can resubmit as is', async () => {
    const rows = await s.db.select().from(stores).orderBy(stores.id);
    const applied = rows.filter((r) => r.store_verify !== 1);
    expect(applied.map((r) => r.id)).toEqual(expect.arrayContaining([1, 2, CATALOGUE.submittedStore, CATALOGUE.rejectedStore]));
    const owners = new Map((await s.db.select({ id: schema.users.id, username: schema.users.username }).from(schema.users)).map((u) => [u.id, u.username]));
    for (const store of applied) {
      expect(isCreditCode(store.business_license_no), `store ${store.id}: ${store.business_license_no}`).toBe(true);
      expect(isIdCardNo(store.id_card_no), `store ${store.id}: ${store.id_card_no}`).toBe(true);
      // The applicant's own view of the application, sent back as the form sends it.
      await s.db.update(stores).set({ store_verify: 3, store_refuse_info: '请补充材料' }).where(eq(stores.id, store.id));
      try {
        const token = await s.login(owners.get(store.user_id)!, '123456', 'users');
        const mine = await s.call('GET', '/api/store', { token });
        expect(mine.code).toBe(200);
        const fields = Object.keys(applicationSchema.shape);
        const payload = Object.fromEntries(fields.map((key) => [key, mine.data[key]]));
        const checked = check(applicationSchema, payload, 'zh-cn');
        expect(checked.ok ? [] : checked.issues, `store ${store.id}`).toEqual([]);
        const resubmit = await s.call('PUT', '/api/store', { token, body: form(payload) });
        expect(resubmit.code, `store ${store.id}: ${resubmit.msg}`).toBe(200);
        expect(resubmit.data.class_id).toEqual(mine.data.class_id);
      } finally {
        await s.db.update(stores).set({ store_verify: store.store_verify, store_refuse_info: store.store_refuse_info }).where(eq(stores.id, store.id));
      }
    }
  });

  it('keeps catalogue names unique where the consoles do: brands, classes among siblings, a store\'s attributes', async () => {
    const key = (name: string) => name.normalize('NFKC').trim().toLowerCase();
    const dupes = (names: string[]) => names.map(key).filter((n, i, all) => all.indexOf(n) !== i);
    expect(dupes((await s.db.select().from(schema.goods_brands)).map((b) => b.name))).toEqual([]);
    const classes = await s.db.select().from(goods_classes);
    for (const pid of new Set(classes.map((c) => c.pid))) expect(dupes(classes.filter((c) => c.pid === pid).map((c) => c.name)), `under ${pid}`).toEqual([]);
    const attrs = await s.db.select().from(goods_attrs);
    for (const store of new Set(attrs.map((a) => a.store_id))) expect(dupes(attrs.filter((a) => a.store_id === store).map((a) => a.name))).toEqual([]);
  });

  it('has three levels of classes, 2–4 children each', async () => {
    const classes = await s.db.select().from(goods_classes);
    const tops = classes.filter((c) => c.pid === 0);
    expect(tops.length).toBeGreaterThanOrEqual(6);
    for (const top of tops) {
      const seconds = classes.filter((c) => c.pid === top.id);
      expect(seconds.length).toBeGreaterThanOrEqual(2);
      expect(seconds.length).toBeLessThanOrEqual(4);
      for (const second of seconds) {
        const leaves = classes.filter((c) => c.pid === second.id);
        expect(leaves.length).toBeGreaterThanOrEqual(2);
        expect(leaves.length).toBeLessThanOrEqual(4);
        expect(leaves.every((leaf) => !classes.some((c) => c.pid === leaf.id))).toBe(true);
      }
    }
    expect((await s.db.select().from(schema.goods_brands)).length).toBeGreaterThanOrEqual(12);
  });

  it('has ≥ 60 goods in leaf classes the store may sell in; the visible ones fill every top class', async () => {
    const all = await s.db.select().from(goods);
    expect(all.length).toBeGreaterThanOrEqual(60);
    const classes = await s.db.select().from(goods_classes);
    const parent = new Map(classes.map((c) => [c.id, c.pid]));
    const topOf = (id: number) => parent.get(parent.get(id)!)!;
    const allowed = new Map((await s.db.select().from(schema.store_classes)).map((r) => [r.store_id, JSON.parse(r.class_id) as number[][]]));
    for (const g of all) {
      const top = topOf(g.class_id);
      expect(parent.get(top), `goods ${g.id} sits in a leaf`).toBe(0);
      expect(allowed.get(g.store_id)).toContainEqual([top, parent.get(g.class_id), g.class_id]);
      expect(Number(g.goods_market_price)).toBeGreaterThan(Number(g.goods_price));
      expect(g.goods_price).toMatch(/^\d+\.\d\d$/);
      const images = g.goods_images.split(',');
      expect(images.length).toBeGreaterThanOrEqual(2);
      expect(images.length).toBeLessThanOrEqual(4);
      expect(g.goods_master_image).toBe(images[0]);
      expect(g.goods_content).toContain('<img src="/uploads/seed/goods/');
    }
    const visible = await visibleGoods();
    expect(visible.map((g) => g.id).sort((a, b) => a - b)).toEqual(CATALOGUE.visibleGoods);
    for (const top of classes.filter((c) => c.pid === 0)) {
      expect(visible.filter((g) => topOf(g.class_id) === top.id).length, top.name).toBeGreaterThanOrEqual(4);
    }
    expect(new Set(visible.map((g) => g.store_id)).size).toBe(CATALOGUE.openStores.length);
    const state = (ids: number[]) => all.filter((g) => ids.includes(g.id));
    expect(state(CATALOGUE.offShelfGoods).every((g) => g.goods_status === 0)).toBe(true);
    expect(state(CATALOGUE.pendingGoods).every((g) => g.goods_verify === 2)).toBe(true);
    expect(state(CATALOGUE.rejectedGoods)).toEqual([expect.objectContaining({ goods_verify: 0, refuse_info: expect.stringContaining('联系方式') })]);
    expect(CATALOGUE.offShelfGoods.length).toBeGreaterThanOrEqual(2);
    expect(CATALOGUE.pendingGoods.length).toBeGreaterThanOrEqual(2);
    expect(all.filter((g) => g.is_master === 1).length).toBeGreaterThanOrEqual(8);
    expect(all.filter((g) => g.is_recommend === 1).length).toBeGreaterThanOrEqual(8);
  });

  it('keeps SKUs consistent with the store\'s own attributes, names, stock and lowest price', async () => {
    const all = await s.db.select().from(goods);
    const skus = await s.db.select().from(goods_skus);
    const specs = new Map((await s.db.select().from(goods_specs)).map((sp) => [sp.id, sp]));
    const attrs = new Map((await s.db.select().from(goods_attrs)).map((a) => [a.id, a]));
    let withTwo = 0;
    let withOne = 0;
    let without = 0;
    for (const g of all) {
      const own = skus.filter((k) => k.goods_id === g.id);
      if (!own.length) {
        without++;
        continue;
      }
      const dims = own[0].spec_id.split(',').length;
      if (dims === 2 && own.length >= 4) withTwo++;
      if (dims === 1) withOne++;
      const perDim: Set<number>[] = Array.from({ length: dims }, () => new Set());
      for (const sku of own) {
        const ids = sku.spec_id.split(',').map(Number);
        expect(ids).toHaveLength(dims);
        const rows = ids.map((id) => specs.get(id)!);
        expect(rows.every(Boolean)).toBe(true);
        const attrIds = rows.map((r) => r.attr_id);
        expect(new Set(attrIds).size, `goods ${g.id}: one spec per attribute`).toBe(dims);
        expect(attrIds.every((a) => attrs.get(a)!.store_id === g.store_id), `goods ${g.id}: its own store's attributes`).toBe(true);
        expect(sku.sku_name).toBe(rows.map((r) => r.name).join(','));
        ids.forEach((id, i) => perDim[i].add(id));
        expect(Number(sku.goods_market_price)).toBeGreaterThan(Number(sku.goods_price));
        expect(g.goods_images.split(',')).toContain(sku.goods_image);
      }
      expect(own.length, `goods ${g.id}: the Cartesian product`).toBe(perDim.reduce((n, set) => n * set.size, 1));
      expect(new Set(own.map((k) => k.spec_id)).size).toBe(own.length);
      expect(g.goods_stock).toBe(own.reduce((n, k) => n + k.goods_stock, 0));
      expect(Number(g.goods_price)).toBe(Math.min(...own.map((k) => Number(k.goods_price))));
    }
    expect(withTwo).toBeGreaterThanOrEqual(20);
    expect(withOne).toBeGreaterThanOrEqual(10);
    expect(without).toBeGreaterThanOrEqual(10);
    expect(skus.some((k) => k.goods_stock === 0)).toBe(true);
  });

  it('has reviews in step with goods.comment_count, in a good/medium/bad mix with replies and images', async () => {
    const comments = await s.db.select().from(schema.order_comments);
    expect(comments.length).toBeGreaterThanOrEqual(60);
    const all = await s.db.select().from(goods);
    for (const g of all) expect(g.comment_count, `goods ${g.id}`).toBe(comments.filter((c) => c.goods_id === g.id).length);
    const sum = (c: (typeof comments)[number]) => [c.score, c.agree, c.service, c.speed].reduce((n, v) => n + Number(v), 0);
    expect(comments.filter((c) => sum(c) >= 15).length).toBeGreaterThan(comments.length / 2);
    expect(comments.some((c) => sum(c) > 10 && sum(c) < 15)).toBe(true);
    expect(comments.some((c) => sum(c) <= 10)).toBe(true);
    expect(comments.some((c) => c.reply && c.reply_time)).toBe(true);
    expect(comments.some((c) => c.image)).toBe(true);
    expect(new Set(comments.map((c) => c.user_id)).size).toBeGreaterThanOrEqual(3);
    expect(comments.every((c) => all.find((g) => g.id === c.goods_id)!.store_id === c.store_id)).toBe(true);
  });

  it('gives the demo shopper cart lines in two stores within stock, and favourites', async () => {
    const lines = await s.db.select().from(schema.carts).where(eq(schema.carts.user_id, DEMO.shopper.id));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(new Set(lines.map((l) => l.store_id)).size).toBe(2);
    const visible = new Set((await visibleGoods()).map((g) => g.id));
    for (const line of lines) {
      expect(visible.has(line.goods_id)).toBe(true);
      const [g] = await s.db.select().from(goods).where(eq(goods.id, line.goods_id));
      expect(line.store_id).toBe(g.store_id);
      const own = await s.db.select().from(goods_skus).where(eq(goods_skus.goods_id, line.goods_id));
      if (own.length) {
        const sku = own.find((k) => k.id === line.sku_id)!;
        expect(sku).toBeDefined();
        expect(line.buy_num).toBeLessThanOrEqual(sku.goods_stock);
      } else {
        expect(line.sku_id).toBe(0);
        expect(line.buy_num).toBeLessThanOrEqual(g.goods_stock);
      }
    }
    const favs = await s.db.select().from(schema.favorites).where(eq(schema.favorites.user_id, DEMO.shopper.id));
    expect(favs.filter((f) => f.is_type === 0).length).toBeGreaterThanOrEqual(2);
    for (const f of favs.filter((f) => f.is_type === 0)) expect(visible.has(f.out_id)).toBe(true);
  });

  it('runs adverts in the home spaces, linking to shop pages', async () => {
    const running = (name: string) =>
      s.db
        .select({ url: schema.advs.url, image: schema.advs.image })
        .from(schema.advs)
        .innerJoin(schema.adv_spaces, eq(schema.adv_spaces.id, schema.advs.pid))
        .where(and(eq(schema.adv_spaces.name, name), eq(schema.advs.status, 1), sql`now() between ${schema.advs.adv_start} and ${schema.advs.adv_end}`));
    expect(await running('PC_首页广告')).toHaveLength(3);
    expect((await running('PC_首页楼层')).length).toBeGreaterThanOrEqual(1);
    expect((await running('PC_首页幻灯片')).length).toBe(3);
    const urls = [...(await running('PC_首页广告')), ...(await running('PC_首页楼层')), ...(await running('PC_首页幻灯片'))].map((a) => a.url);
    for (const url of urls) expect(url).toMatch(/^\/(s\/[A-Za-z0-9+/=]+|store\/\d+|goods\/\d+|store\/join|stores)$/);
    const search = urls.find((u) => u.startsWith('/s/'))!;
    expect(JSON.parse(Buffer.from(search.slice(3), 'base64').toString('utf8'))).toHaveProperty('keywords');
  });

  it('every seeded /uploads/seed URL is a committed file', async () => {
    const urls = new Set<string>();
    const addAll = (value: string) => value.split(',').filter(Boolean).forEach((u) => urls.add(u));
    for (const g of await s.db.select().from(goods)) {
      for (const url of g.goods_images.split(',')) [url, thumbOf(url, 400), thumbOf(url, 150)].forEach((u) => urls.add(u));
      for (const [, src] of g.goods_content.matchAll(/src="([^"]+)"/g)) urls.add(src);
    }
    for (const k of await s.db.select().from(goods_skus)) urls.add(k.goods_image);
    for (const st of await s.db.select().from(stores)) {
      [st.store_logo, st.store_face_image, st.store_slide, st.store_mobile_slide, st.business_license, st.id_card_t, st.id_card_b].forEach(addAll);
    }
    for (const b of await s.db.select().from(schema.goods_brands)) urls.add(b.thumb);
    for (const a of await s.db.select().from(schema.advs)) urls.add(a.image);
    for (const u of await s.db.select().from(schema.users)) addAll(u.avatar);
    for (const c of await s.db.select().from(schema.order_comments)) addAll(c.image);
    const seedUrls = [...urls].filter((u) => u.startsWith('/uploads/seed/'));
    expect(seedUrls.length).toBeGreaterThan(300);
    const missing = seedUrls.filter((u) => !existsSync(seedFile(u)!));
    expect(missing).toEqual([]);
    expect([...urls].filter((u) => u.startsWith('/uploads/') && !u.startsWith('/uploads/seed/'))).toEqual([]);

    expect(await sharp(seedFile('/uploads/seed/goods/g1-1.jpg')!).metadata()).toMatchObject({ width: 800, height: 800 });
    expect(await sharp(seedFile('/uploads/seed/goods/g1-1_400.jpg')!).metadata()).toMatchObject({ width: 400, height: 400 });
    expect(await sharp(seedFile('/uploads/seed/goods/g1-1_150.jpg')!).metadata()).toMatchObject({ width: 150, height: 150 });
    const banners = (await s.db.select().from(schema.advs)).filter((a) => a.image.includes('pc-banner'));
    for (const b of banners) {
      expect(await sharp(seedFile(b.image)!).metadata()).toMatchObject({ width: 1920, height: 450 });
      expect(statSync(seedFile(b.image)!).size).toBeLessThan(60 * 1024);
    }
  });

  it('serves the committed images at /uploads/seed with immutable caching', async () => {
    const res = await s.app.request('/uploads/seed/goods/g1-1_400.jpg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect((await res.arrayBuffer()).byteLength).toBe(statSync(seedFile('/uploads/seed/goods/g1-1_400.jpg')!).size);
    expect((await s.app.request('/uploads/seed/goods/nope.jpg')).status).toBe(404);
    expect((await s.app.request('/uploads/seed/../../../package.json')).status).not.toBe(200);
  });

  it('search tokens find Chinese and English keywords', async () => {
    const find = async (keywords: string) =>
      (await s.db.select({ id: goods.id, name: goods.goods_name }).from(goods).where(keywordsMatch(goods.search_tokens, keywords))).map((g) => g.name);
    expect(await find('蓝牙耳机')).toContain('声岚 AirBuds Pro 主动降噪蓝牙耳机');
    expect(await find('苹果')).toEqual(expect.arrayContaining(['果园记 烟台红富士苹果', '果园记 阿克苏冰糖心苹果 5kg']));
    const pro = await find('pro');
    expect(pro.length).toBeGreaterThanOrEqual(4);
    expect(pro).toContain('星耀 X20 Pro 5G 智能手机');
    expect(await find('5G')).toEqual(expect.arrayContaining(['星耀 X20 Pro 5G 智能手机', '星耀 X20 5G 手机 轻薄版']));
    // brand names are searchable too
    const brand = await find('悦颜');
    expect(brand.length).toBeGreaterThanOrEqual(5);
    const ids = (await s.db.select({ id: goods.id }).from(goods).where(inArray(goods.id, CATALOGUE.visibleGoods))).length;
    expect(ids).toBe(CATALOGUE.visibleGoods.length);
  });
});
