import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, stores } from '../../../server/db/schema';
import { loginAdmin, loginOwner2Seller, loginOwnerSeller, loginStaffSeller, openTestServer, type TestServer } from '../helpers';
import { listField } from '../content/util';

let s: TestServer;
let owner: string;
let owner2: string;
let ids: Record<string, number>;

beforeAll(async () => {
  s = await openTestServer();
  owner = await loginOwnerSeller(s);
  owner2 = await loginOwner2Seller(s);
  const rows = await s.db
    .select({ id: areas.id, code: areas.code })
    .from(areas)
    .where(inArray(areas.code, ['11', '1101', '110105', '44', '4401', '440106', '4419', '31']));
  ids = Object.fromEntries(rows.map((r) => [r.code, r.id]));
});
afterAll(() => s.close());

type Store = {
  id: number;
  store_name: string;
  area: number[];
  area_info: string;
  store_slide: string[];
  store_mobile_slide: string[];
  store_money: string;
  store_lat: string;
  store_lng: string;
  after_sale_service: string;
};
const storeRow = async (id: number) => (await s.db.select().from(stores).where(eq(stores.id, id)))[0];

describe('/api/Seller/stores/:any (own store settings)', () => {
  it('shows the caller\'s own store whatever the path id, with area ids and slide lists, without documents', async () => {
    const res = await s.call<Store>('GET', '/api/Seller/stores/0', { token: owner });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ id: 1, store_name: '小王数码专营店', area_info: '北京市 北京市 朝阳区', store_money: '41.90', store_slide: ['', '', ''] });
    expect(res.data.area).toEqual([ids['11'], ids['1101'], ids['110105']]);
    for (const secret of ['id_card_no', 'id_card_t', 'id_card_b', 'business_license', 'legal_person', 'user_id']) expect(res.data).not.toHaveProperty(secret);
    const other = await s.call<Store>('GET', '/api/Seller/stores/1', { token: owner2 });
    expect(other.data).toMatchObject({ id: 2, store_name: '李记家居生活馆' });
  });

  it('updates the settings: name, logo, phone, after-sales (sanitised), area → area_info, map point, address, slides', async () => {
    const res = await s.call<Store>('PUT', '/api/Seller/stores/0', {
      token: owner,
      body: {
        store_name: '小王数码旗舰店',
        store_logo: '/uploads/store_logo/2024-01-01/logo.png',
        store_description: '只卖正品',
        store_mobile: '020-88886666',
        after_sale_service: '<p>七天无理由<script>alert(1)</script></p>##qingwuit##{"type":"doc"}',
        store_face_image: '/uploads/store_face/2024-01-01/face.jpg',
        ...listField('area', [ids['44'], ids['4401'], ids['440106']]),
        store_lat: '23.13',
        store_lng: '113.33',
        store_address: '天河路 385 号',
        ...listField('store_slide', ['/uploads/store_slide/a.jpg', '', 'https://cdn.example.com/b.jpg']),
        store_mobile_slide: '/uploads/store_mobile_slide/m1.jpg,/uploads/store_mobile_slide/m2.jpg',
      },
    });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({
      store_name: '小王数码旗舰店',
      area_info: '广东省 广州市 天河区',
      area: [ids['44'], ids['4401'], ids['440106']],
      store_slide: ['/uploads/store_slide/a.jpg', '', 'https://cdn.example.com/b.jpg'],
      store_mobile_slide: ['/uploads/store_mobile_slide/m1.jpg', '/uploads/store_mobile_slide/m2.jpg', ''],
    });
    const row = await storeRow(1);
    expect(row).toMatchObject({
      store_name: '小王数码旗舰店',
      province_id: ids['44'],
      city_id: ids['4401'],
      region_id: ids['440106'],
      area_info: '广东省 广州市 天河区',
      store_lat: '23.13',
      store_lng: '113.33',
      store_slide: '/uploads/store_slide/a.jpg,,https://cdn.example.com/b.jpg',
      after_sale_service: '<p>七天无理由</p>##qingwuit##{"type":"doc"}',
    });
  });

  it('keeps each slide in its slot (three per device): slide 2 alone stays slide 2; the shop skips empty slots', async () => {
    const put = async (body: Record<string, string | number>) => {
      const res = await s.call<Store>('PUT', '/api/Seller/stores/0', { token: owner, body });
      expect(res.code, res.msg).toBe(200);
      return res.data;
    };
    // what the page sends for an image in "PC slide 2" only
    expect((await put({ store_slide: ',/uploads/store_slide/two.jpg,' })).store_slide).toEqual(['', '/uploads/store_slide/two.jpg', '']);
    expect((await storeRow(1)).store_slide).toBe(',/uploads/store_slide/two.jpg,');
    const shown = await s.call<Store>('GET', '/api/Seller/stores/0', { token: owner });
    expect(shown.data.store_slide).toEqual(['', '/uploads/store_slide/two.jpg', '']);
    // an array with blank slots keeps them too; trailing blanks beyond three are dropped
    expect((await put(listField('store_mobile_slide', ['', '', '/uploads/m3.jpg', '']))).store_mobile_slide).toEqual(['', '', '/uploads/m3.jpg']);
    expect((await storeRow(1)).store_mobile_slide).toBe(',,/uploads/m3.jpg');

    const shop = await s.call<Store>('GET', '/api/store/1');
    expect(shop.code).toBe(200);
    expect(shop.data.store_slide).toEqual(['/uploads/store_slide/two.jpg']);
    expect(shop.data.store_mobile_slide).toEqual(['/uploads/m3.jpg']);

    // every slot emptied: nothing stored
    expect((await put({ store_slide: ',,' })).store_slide).toEqual(['', '', '']);
    expect((await storeRow(1)).store_slide).toBe('');
    expect((await s.call<Store>('GET', '/api/store/1')).data.store_slide).toEqual([]);
  });

  it('a city without districts may be chosen with two ids', async () => {
    const admin = await loginAdmin(s);
    const city = await s.call<{ id: number }>('POST', '/api/Admin/areas', { token: admin, body: { pid: '44', code: '4498', name: '新设市' } });
    expect(city.code, city.msg).toBe(200);
    const res = await s.call<Store>('PUT', '/api/Seller/stores/0', { token: owner, body: listField('area', [ids['44'], city.data.id]) });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.area_info).toBe('广东省 新设市');
    expect(res.data.area).toEqual([ids['44'], city.data.id]);
    expect((await storeRow(1)).region_id).toBe(0);
  });

  it('never writes money, review state, documents or the owner; store_id in the body is ignored', async () => {
    const before = await storeRow(2);
    const mineBefore = await storeRow(1);
    const res = await s.call('PUT', '/api/Seller/stores/2', {
      token: owner,
      body: { store_id: 2, id: 2, user_id: 2, store_money: '99999', store_frozen_money: '0', store_verify: 1, store_status: 0, business_license: '/uploads/x.jpg', id_card_no: '1', store_name: '小王改名' },
    });
    expect(res.code).toBe(200);
    const mine = await storeRow(1);
    expect(mine).toMatchObject({ store_name: '小王改名', store_money: '41.90', store_frozen_money: '5.00', store_verify: 4, store_status: 1, business_license: mineBefore.business_license, user_id: 1 });
    expect(await storeRow(2)).toEqual(before);
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const before = await storeRow(1);
    const cases: Record<string, string | number>[] = [
      { store_name: '' },
      { store_name: 'x'.repeat(31) },
      { store_description: 'x'.repeat(151) },
      { store_mobile: '<script>' },
      { store_lat: 'north' },
      { store_lat: '91' },
      { store_lng: '-181' },
      { store_logo: 'javascript:alert(1)' },
      listField('store_slide', ['/uploads/1.jpg', '/uploads/2.jpg', '/uploads/3.jpg', '/uploads/4.jpg']),
      listField('store_mobile_slide', ['data:image/png;base64,AAAA']),
      listField('area', [ids['11'], ids['4401'], ids['440106']]),
      listField('area', [ids['44'], ids['4401']]),
      listField('area', [ids['44']]),
      listField('area', ['x', 'y', 'z']),
      listField('area', [999999, 999998, 999997]),
      { store_name: '合法名字', store_address: 'x'.repeat(81) },
    ];
    for (const body of cases) {
      const res = await s.call('PUT', '/api/Seller/stores/0', { token: owner, body });
      expect(res.code, JSON.stringify(body)).toBe(422);
    }
    expect(await storeRow(1)).toEqual(before);
  });

  it('a second store changes only its own store', async () => {
    const mine = await storeRow(1);
    const res = await s.call<Store>('PUT', '/api/Seller/stores/1', { token: owner2, body: { store_name: '李记二店' } });
    expect(res.data).toMatchObject({ id: 2, store_name: '李记二店' });
    expect(await storeRow(1)).toEqual(mine);
  });

  it('staff need the store page to change settings (403, nothing written)', async () => {
    const staff = await loginStaffSeller(s);
    const before = await storeRow(1);
    expect((await s.call('GET', '/api/Seller/stores/0', { token: staff })).code).toBe(403);
    expect((await s.call('PUT', '/api/Seller/stores/0', { token: staff, body: { store_name: '店员改名' } })).code).toBe(403);
    expect(await storeRow(1)).toEqual(before);
    expect((await s.call('GET', '/api/Seller/stores/0')).code).toBe(401);
  });
});
