import { readFileSync } from 'node:fs';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, store_classes, stores } from '../../../server/db/schema';
import { isCreditCode, isIdCardNo } from '../../../server/modules/shop/storeApply';
import { loginAdmin, openTestServer, type TestServer } from '../helpers';
import { listField } from '../content/util';
import { buildFixture, makeUser, type Fixture } from './fixtures';

let s: TestServer;
let f: Fixture;
let area: Record<string, number>;
let applicant: { id: number; token: string };
beforeAll(async () => {
  s = await openTestServer();
  f = await buildFixture(s);
  const rows = await s.db.select({ id: areas.id, code: areas.code }).from(areas).where(inArray(areas.code, ['11', '1101', '110105', '44', '4401']));
  area = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  applicant = await makeUser(s);
});
afterAll(() => s.close());

/** An 18-digit ID number with a correct check character. */
function idCard(body17 = '11010519491231002'): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((t, w, i) => t + w * Number(body17[i]), 0);
  return body17 + '10X98765432'[sum % 11];
}
const CREDIT = '91350100M000100Y43';

const form = (over: Record<string, string | number> = {}, classes: (number[] | number)[] = [[f.classes.top, f.classes.mid, f.classes.leaf]]) => {
  const body: Record<string, string | number> = {
    store_logo: '/uploads/store_logo/2024-01-01/logo.png',
    store_name: '申请测试店',
    store_company_name: '申请测试有限公司',
    store_address: '建国路 1 号',
    business_license: '/uploads/licence/2024-01-01/l.jpg',
    business_license_no: CREDIT,
    legal_person: '张三',
    store_phone: '13912345678',
    id_card_no: idCard(),
    id_card_t: '/uploads/idcard/2024-01-01/t.jpg',
    id_card_b: '/uploads/idcard/2024-01-01/b.jpg',
    emergency_contact: '李四',
    emergency_contact_phone: '13812345678',
    ...listField('area', [area['11'], area['1101'], area['110105']]),
  };
  classes.forEach((path, i) => {
    if (Array.isArray(path)) path.forEach((id, j) => (body[`class_id[${i}][${j}]`] = id));
    else body[`class_id[${i}]`] = path;
  });
  for (const [k, v] of Object.entries(over)) {
    if (v === '__drop__') delete body[k];
    else body[k] = v;
  }
  return body;
};
const storeRow = async (userId: number) => (await s.db.select().from(stores).where(and(eq(stores.user_id, userId), isNull(stores.deleted_at))))[0];

describe('store application', () => {
  it('checks ID and credit codes like the wizard', () => {
    expect(isIdCardNo(idCard())).toBe(true);
    expect(isIdCardNo('110105194912310020')).toBe(idCard() === '110105194912310020');
    expect(isCreditCode(CREDIT)).toBe(true);
    expect(isCreditCode('91350100M000100Y44')).toBe(false);
  });

  it('needs a shopper login', async () => {
    expect((await s.call('GET', '/api/store')).code).toBe(401);
    expect((await s.call('POST', '/api/store/join')).code).toBe(401);
    expect((await s.call('PUT', '/api/store', { body: form() })).code).toBe(401);
  });

  it('GET /api/store answers null with "store not join." before joining', async () => {
    const res = await s.call('GET', '/api/store', { token: applicant.token });
    expect(res).toMatchObject({ code: 200, msg: 'store not join.', data: null });
  });

  it('PUT before joining is a 404; join creates the draft (verify 1, closed), a second join is a 409 with the store', async () => {
    expect((await s.call('PUT', '/api/store', { token: applicant.token, body: form() })).code).toBe(404);
    const res = await s.call('POST', '/api/store/join', { token: applicant.token });
    expect(res.code).toBe(200);
    // no placeholder name: the applicant's form starts empty
    expect(res.data).toMatchObject({ user_id: applicant.id, store_name: '', store_verify: 1, store_status: 0, class_id: [], area: [] });
    expect((await s.call('GET', '/api/store', { token: applicant.token })).data.store_name).toBe('');
    expect(res.data).not.toHaveProperty('store_money');
    const again = await s.call('POST', '/api/store/join', { token: applicant.token });
    expect(again.code).toBe(409);
    expect(again.data.id).toBe(res.data.id);
    expect((await s.db.select().from(stores).where(eq(stores.user_id, applicant.id))).length).toBe(1);
  });

  it('validates every step-2 field (422 naming it) and writes nothing', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ store_name: '' }, 'store_name'],
      [{ store_name: 'x'.repeat(31) }, 'store_name'],
      [{ store_logo: 'javascript:alert(1)' }, 'store_logo'],
      [{ store_logo: '__drop__' }, 'store_logo'],
      [{ store_company_name: '__drop__' }, 'store_company_name'],
      [{ store_address: '路'.repeat(51) }, 'store_address'],
      [{ business_license: '' }, 'business_license'],
      [{ business_license_no: '91350100M000100Y44' }, 'business_license_no'],
      [{ legal_person: '__drop__' }, 'legal_person'],
      [{ store_phone: '12345' }, 'store_phone'],
      [{ id_card_no: '110105194912310029' === idCard() ? '110105194912310028' : '110105194912310029' }, 'id_card_no'],
      [{ id_card_t: '__drop__' }, 'id_card_t'],
      [{ id_card_b: 'ftp://x/y.jpg' }, 'id_card_b'],
      [{ emergency_contact: '' }, 'emergency_contact'],
      [{ emergency_contact_phone: '1381234567x' }, 'emergency_contact_phone'],
    ];
    for (const [over, field] of cases) {
      const res = await s.call('PUT', '/api/store', { token: applicant.token, body: form(over), lang: 'en' });
      expect({ over, code: res.code, field: res.data?.field }).toEqual({ over, code: 422, field });
    }
    const noClasses = form();
    for (const k of Object.keys(noClasses)) if (k.startsWith('class_id')) delete noClasses[k];
    expect((await s.call('PUT', '/api/store', { token: applicant.token, body: noClasses })).data.field).toBe('class_id');
    // classes must be existing level-3 classes with their true path
    for (const classes of [[[f.classes.top, f.classes.mid, f.classes.mid]], [[f.classes.otherTop, f.classes.mid, f.classes.leaf]], [f.classes.mid], [99999999]]) {
      const res = await s.call('PUT', '/api/store', { token: applicant.token, body: form({}, classes) });
      expect({ classes, code: res.code, field: res.data?.field }).toEqual({ classes, code: 422, field: 'class_id' });
    }
    // area: a real province → city → district chain
    for (const ids of [[area['11'], area['4401'], area['110105']], [area['44'], area['4401']], [area['11']], [999999, 999998, 999997]]) {
      const body = form();
      for (const k of Object.keys(body)) if (k.startsWith('area')) delete body[k];
      const res = await s.call('PUT', '/api/store', { token: applicant.token, body: { ...body, ...listField('area', ids) } });
      expect({ ids, code: res.code, field: res.data?.field }).toEqual({ ids, code: 422, field: 'area' });
    }
    const row = await storeRow(applicant.id);
    expect(row).toMatchObject({ store_verify: 1, store_name: '', id_card_no: '' });
    expect(await s.db.select().from(store_classes).where(eq(store_classes.store_id, row.id))).toEqual([]);
  });

  it('submits: every field written, area_info built, classes stored as triples, verify 1 → 2', async () => {
    const res = await s.call('PUT', '/api/store', { token: applicant.token, body: form({}, [[f.classes.top, f.classes.mid, f.classes.leaf], f.classes.otherLeaf]) });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      store_verify: 2,
      store_name: '申请测试店',
      area: [area['11'], area['1101'], area['110105']],
      area_info: '北京市 北京市 朝阳区',
      class_id: [
        [f.classes.top, f.classes.mid, f.classes.leaf],
        [f.classes.otherTop, f.classes.otherMid, f.classes.otherLeaf],
      ],
      id_card_no: idCard(),
      business_license_no: CREDIT,
      emergency_contact_phone: '13812345678',
    });
    const row = await storeRow(applicant.id);
    expect(row).toMatchObject({ store_verify: 2, store_status: 0, province_id: area['11'], region_id: area['110105'], legal_person: '张三' });
    const classes = await s.db.select().from(store_classes).where(and(eq(store_classes.store_id, row.id), isNull(store_classes.deleted_at)));
    expect(classes).toHaveLength(1);
    expect(JSON.parse(classes[0].class_id)).toEqual(res.data.class_id);
    expect((await s.call('GET', '/api/store', { token: applicant.token })).data).toMatchObject({ store_verify: 2, class_id: res.data.class_id });
  });

  it('refuses edits while under review or approved (409); allows them again after a refusal', async () => {
    const res = await s.call('PUT', '/api/store', { token: applicant.token, body: form({ store_name: '改名' }) });
    expect(res.code).toBe(409);
    expect((await storeRow(applicant.id)).store_name).toBe('申请测试店');
    await s.db.update(stores).set({ store_verify: 3, store_refuse_info: '资料不清' }).where(eq(stores.user_id, applicant.id));
    const again = await s.call('PUT', '/api/store', { token: applicant.token, body: form({ store_name: '改名' }, [[f.classes.top, f.classes.mid, f.classes.leaf2]]) });
    expect(again).toMatchObject({ code: 200, data: { store_verify: 2, store_name: '改名', store_refuse_info: '' } });
    const row = await storeRow(applicant.id);
    const live = await s.db.select().from(store_classes).where(and(eq(store_classes.store_id, row.id), isNull(store_classes.deleted_at)));
    expect(live.map((r) => JSON.parse(r.class_id))).toEqual([[[f.classes.top, f.classes.mid, f.classes.leaf2]]]);
    await s.db.update(stores).set({ store_verify: 4 }).where(eq(stores.user_id, applicant.id));
    expect((await s.call('PUT', '/api/store', { token: applicant.token, body: form() })).code).toBe(409);
  });

  it("a seeded owner sees its own approved store without money; staff cannot apply", async () => {
    const owner = await s.login('18888888888', '123456', 'users');
    const res = await s.call('GET', '/api/store', { token: owner });
    expect(res.data).toMatchObject({ id: 1, store_verify: 4 });
    for (const money of ['store_money', 'store_frozen_money']) expect(res.data).not.toHaveProperty(money);
    expect((await s.call('POST', '/api/store/join', { token: owner })).code).toBe(409);
    const staff = await s.login('seller', '123456', 'users');
    expect((await s.call('POST', '/api/store/join', { token: staff })).code).toBe(403);
    expect((await s.call('PUT', '/api/store', { token: staff, body: form() })).code).toBe(403);
    // staff get nothing of the owner's application (identity documents)
    const mine = await s.call('GET', '/api/store', { token: staff });
    expect(mine).toMatchObject({ code: 403, data: [] });
  });
});

describe('map point of a new store', () => {
  it('an approved application has no point: null lat/lng, distance null, listed after the stores with a distance', async () => {
    const newcomer = await makeUser(s);
    expect((await s.call('POST', '/api/store/join', { token: newcomer.token })).code).toBe(200);
    expect((await s.call('PUT', '/api/store', { token: newcomer.token, body: form({ store_name: '没有坐标的新店' }) })).code).toBe(200);
    const id = (await storeRow(newcomer.id)).id;
    expect(await storeRow(newcomer.id)).toMatchObject({ store_lat: null, store_lng: null });
    const admin = await loginAdmin(s);
    expect((await s.call('PUT', `/api/Admin/stores/${id}`, { token: admin, body: { store_verify: 4 } })).code).toBe(200);
    expect(await storeRow(newcomer.id)).toMatchObject({ store_verify: 4, store_status: 1, store_lat: null, store_lng: null });

    const shown = await s.call('GET', `/api/store/${id}`);
    expect(shown.data).toMatchObject({ id, store_lat: null, store_lng: null });
    for (const order of ['asc', 'desc']) {
      const list = await s.call('GET', `/api/stores?params=${encodeURIComponent(Buffer.from(JSON.stringify({ sort_type: 'distance', sort_order: order })).toString('base64'))}&per_page=100`);
      const rows = list.data.data as { id: number; distance: number | null }[];
      expect(rows.find((r) => r.id === id)).toMatchObject({ distance: null });
      // every store with a distance comes first, in either direction
      const firstNull = rows.findIndex((r) => r.distance === null);
      expect(rows.slice(firstNull).every((r) => r.distance === null)).toBe(true);
      expect(rows.slice(0, firstNull).every((r) => typeof r.distance === 'number')).toBe(true);
      expect(firstNull).toBeGreaterThan(0);
    }
    // the default list (no params) too: never 0 km for a store without a point
    const plain = await s.call('GET', '/api/stores?per_page=100');
    expect((plain.data.data as { id: number; distance: number | null }[]).find((r) => r.id === id)?.distance).toBeNull();
  });

  it('migration 0005 takes the old made-up default (and non-numbers) away from stores, keeps real points', async () => {
    const owner = async () => (await makeUser(s)).id;
    const made = await s.db
      .insert(stores)
      .values([
        { user_id: await owner(), store_name: '旧默认点', store_lat: '39.92', store_lng: '116.46' },
        { user_id: await owner(), store_name: '坏坐标', store_lat: 'north', store_lng: '116.46' },
        { user_id: await owner(), store_name: '空坐标', store_lat: '', store_lng: '' },
        { user_id: await owner(), store_name: '真坐标', store_lat: '39.921', store_lng: '116.46' },
      ])
      .returning({ id: stores.id, name: stores.store_name });
    const update = readFileSync('server/db/migrations/0005_store_points.sql', 'utf8')
      .split('--> statement-breakpoint')
      .find((part) => part.includes('UPDATE'))!;
    await s.db.execute(sql.raw(update));
    const after = await s.db.select({ name: stores.store_name, lat: stores.store_lat, lng: stores.store_lng }).from(stores).where(inArray(stores.id, made.map((m) => m.id)));
    expect(Object.fromEntries(after.map((r) => [r.name, [r.lat, r.lng]]))).toEqual({
      旧默认点: [null, null],
      坏坐标: [null, null],
      空坐标: [null, null],
      真坐标: ['39.921', '116.46'],
    });
  });
});
