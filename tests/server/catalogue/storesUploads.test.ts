import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file_spaces, store_classes, stores, users } from '../../../server/db/schema';
import { loginAdmin, loginOperator, loginOwnerSeller, openTestServer, type TestServer } from '../helpers';
import { classTree, form } from './fixtures';

let s: TestServer;
let admin: string;
let operator: string;

beforeAll(async () => {
  s = await openTestServer();
  admin = await loginAdmin(s);
  operator = await loginOperator(s);
});
afterAll(() => s.close());

let userNo = 0;
async function newStore(values: Partial<typeof stores.$inferInsert>) {
  const [user] = await s.db.insert(users).values({ username: `store_user_${++userNo}_${Date.now() % 10000}`, nickname: 'u' }).returning({ id: users.id });
  const [row] = await s.db
    .insert(stores)
    .values({ user_id: user.id, store_name: `店铺${userNo}`, store_status: 0, ...values })
    .returning({ id: stores.id });
  return row.id;
}
const storeRow = async (id: number) => (await s.db.select().from(stores).where(eq(stores.id, id)))[0];

type Page = { data: { id: number; store_verify: number; store_name: string }[]; total: number; count: { pass: number; wait: number; error: number; create: number } };

describe('/api/Admin/stores', () => {
  it('lists by review tab with the counts of every state; searches the name', async () => {
    const waiting = await newStore({ store_verify: 2, store_name: '待审核的小店' });
    await newStore({ store_verify: 1 });
    await newStore({ store_verify: 3 });
    const res = await s.call<Page>('GET', '/api/Admin/stores', { token: admin, body: { store_verify: '2', isResource: 'Admin' } });
    expect(res.code).toBe(200);
    expect(res.data.data.every((r) => r.store_verify === 2)).toBe(true);
    expect(res.data.data.map((r) => r.id)).toContain(waiting);
    const counted = await s.db.select({ v: stores.store_verify }).from(stores).where(isNull(stores.deleted_at));
    const n = (v: number) => counted.filter((r) => r.v === v).length;
    expect(res.data.count).toEqual({ pass: n(4), wait: n(2), error: n(3), create: n(1) });
    const found = await s.call<Page>('GET', '/api/Admin/stores', { token: admin, body: { store_name: '审核的小|like' } });
    expect(found.data.data.map((r) => r.id)).toEqual([waiting]);
  });

  it('shows every column (documents too) with area ids and class triples', async () => {
    const res = await s.call('GET', '/api/Admin/stores/1', { token: admin });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ id: 1, store_money: '41.90', legal_person: '王小明', class_id: expect.any(Array) });
    expect((await s.call('GET', '/api/Admin/stores/999999', { token: admin })).code).toBe(404);
  });

  it('approves (verify 4, reason cleared), opens, denies only with a reason ≤ 20 chars; money never written', async () => {
    const id = await newStore({ store_verify: 2, store_refuse_info: '旧原因' });
    const tree = await classTree(s);
    const approve = await s.call('PUT', `/api/Admin/stores/${id}`, {
      token: admin,
      body: form({ store_verify: 4, store_status: 1, store_money: '9999.00', store_name: '新店名', class_id: [tree] }),
    });
    expect(approve.code, approve.msg).toBe(200);
    expect(await storeRow(id)).toMatchObject({ store_verify: 4, store_status: 1, store_refuse_info: '', store_name: '新店名', store_money: '0.00' });
    const [sc] = await s.db.select().from(store_classes).where(eq(store_classes.store_id, id));
    expect(JSON.parse(sc.class_id)).toEqual([tree]);

    const noReason = await s.call('PUT', `/api/Admin/stores/${id}`, { token: admin, body: { store_verify: 3 } });
    expect(noReason.code).toBe(422);
    expect(noReason.data.field).toBe('store_refuse_info');
    const tooLong = await s.call('PUT', `/api/Admin/stores/${id}`, { token: admin, body: { store_verify: 3, store_refuse_info: 'x'.repeat(201) } });
    expect(tooLong.code).toBe(422);
    expect((await storeRow(id)).store_verify).toBe(4);
    const deny = await s.call('PUT', `/api/Admin/stores/${id}`, { token: admin, body: { store_verify: 3, store_refuse_info: '证照不清晰' } });
    expect(deny.code).toBe(200);
    expect(await storeRow(id)).toMatchObject({ store_verify: 3, store_refuse_info: '证照不清晰' });
    const close = await s.call('PUT', `/api/Admin/stores/${id}`, { token: admin, body: { store_status: 0 } });
    expect(close.code).toBe(200);
    expect((await storeRow(id)).store_status).toBe(0);
  });

  it('approval opens the store (store_status 1) so the applicant\'s "your store is open" is true; the operator can still close it', async () => {
    // The row action: {store_verify: 4, store_refuse_info: ''}.
    const id = await newStore({ store_verify: 2 });
    expect((await s.call('GET', `/api/store/${id}`)).code).toBe(404);
    const approve = await s.call<{ store_status: number }>('PUT', `/api/Admin/stores/${id}`, { token: admin, body: { store_verify: 4, store_refuse_info: '' } });
    expect(approve.code, approve.msg).toBe(200);
    expect(approve.data.store_status).toBe(1);
    expect(await storeRow(id)).toMatchObject({ store_verify: 4, store_status: 1 });
    expect((await s.call('GET', `/api/store/${id}`)).code).toBe(200);
    const close = await s.call('PUT', `/api/Admin/stores/${id}`, { token: admin, body: { store_status: 0 } });
    expect(close.code).toBe(200);
    expect((await storeRow(id)).store_status).toBe(0);
    // Saving the approved store again (verify unchanged) does not reopen it.
    await s.call('PUT', `/api/Admin/stores/${id}`, { token: admin, body: { store_verify: 4, store_status: 0, store_name: '改名' } });
    expect(await storeRow(id)).toMatchObject({ store_verify: 4, store_status: 0, store_name: '改名' });

    // The edit form sends the unchanged status along with the new review state: still opened.
    const viaForm = await newStore({ store_verify: 2, store_status: 0 });
    await s.call('PUT', `/api/Admin/stores/${viaForm}`, { token: admin, body: { store_verify: 4, store_status: 0 } });
    expect((await storeRow(viaForm)).store_status).toBe(1);

    // A status the same request changes wins (approve but keep it closed).
    const kept = await newStore({ store_verify: 2, store_status: 1 });
    await s.call('PUT', `/api/Admin/stores/${kept}`, { token: admin, body: { store_verify: 4, store_status: 0 } });
    expect(await storeRow(kept)).toMatchObject({ store_verify: 4, store_status: 0 });
  });

  it('refuses approving a draft, bad class triples, a bad verify value (422, untouched)', async () => {
    const draft = await newStore({ store_verify: 1 });
    const before = await storeRow(draft);
    for (const body of <Record<string, string | number>[]>[
      { store_verify: 4 },
      { store_verify: 7 },
      { class_id: '[[1,2]]' },
      { class_id: '[[999997,999998,999999]]' },
      { store_name: '' },
    ]) {
      const res = await s.call('PUT', `/api/Admin/stores/${draft}`, { token: admin, body });
      expect(res.code, JSON.stringify(body)).toBe(422);
    }
    expect(await storeRow(draft)).toEqual(before);
  });

  it('refuses denying a draft that was never submitted, even with a reason (422 on store_verify, untouched)', async () => {
    const draft = await newStore({ store_verify: 1, store_refuse_info: '' });
    const before = await storeRow(draft);
    const en = await s.call('PUT', `/api/Admin/stores/${draft}`, { token: admin, lang: 'en', body: { store_verify: 3, store_refuse_info: '证照不清晰' } });
    expect(en.code).toBe(422);
    expect(en.data.field).toBe('store_verify');
    expect(en.msg).toContain('The store has not submitted its application yet and cannot be denied');
    const zh = await s.call('PUT', `/api/Admin/stores/${draft}`, { token: admin, body: { store_verify: 3, store_refuse_info: '证照不清晰', store_name: '改名' } });
    expect(zh.code).toBe(422);
    expect(zh.data.field).toBe('store_verify');
    expect(zh.msg).toContain('店铺尚未提交入驻资料，不能拒绝审核');
    expect(await storeRow(draft)).toEqual(before);
    // A submitted application (2) is still denied with a reason.
    const waiting = await newStore({ store_verify: 2 });
    expect((await s.call('PUT', `/api/Admin/stores/${waiting}`, { token: admin, body: { store_verify: 3, store_refuse_info: '证照不清晰' } })).code).toBe(200);
    expect(await storeRow(waiting)).toMatchObject({ store_verify: 3, store_refuse_info: '证照不清晰' });
  });

  it('the operator role (no 店铺管理 permission) gets 403 and nothing is written', async () => {
    const id = await newStore({ store_verify: 2 });
    expect((await s.call('GET', '/api/Admin/stores', { token: operator })).code).toBe(403);
    expect((await s.call('GET', `/api/Admin/stores/${id}`, { token: operator })).code).toBe(403);
    expect((await s.call('PUT', `/api/Admin/stores/${id}`, { token: operator, body: { store_verify: 4 } })).code).toBe(403);
    expect((await storeRow(id)).store_verify).toBe(2);
  });
});

describe('goods image uploads', () => {
  it('name=goods always writes the _400 and _150 thumbnails and records the image in the temporary folder', async () => {
    const seller = await loginOwnerSeller(s);
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#39c' } }).png().toBuffer();
    const data = new FormData();
    data.append('file', new Blob([new Uint8Array(png)]), 'goods.png');
    data.append('name', 'goods');
    const res = await s.call<string>('POST', '/api/Seller/uploads', { token: seller, body: data });
    expect(res.code, res.msg).toBe(200);
    const file = join(s.config.uploadsDir, res.data.replace(/^\/uploads\//, ''));
    for (const size of [400, 150]) {
      const thumb = file.replace(/\.png$/, `_${size}.png`);
      expect(existsSync(thumb)).toBe(true);
      expect((await sharp(thumb).metadata()).width).toBe(size);
    }
    const [row] = await s.db.select().from(file_spaces).where(and(eq(file_spaces.url, res.data), isNull(file_spaces.deleted_at)));
    expect(row).toMatchObject({ belong_id: 1, dir_id: 0, info: '900*600' });

    // with the client's own option the required thumbnails are still there
    const withOption = new FormData();
    withOption.append('file', new Blob([new Uint8Array(png)]), 'goods.png');
    withOption.append('name', 'goods');
    withOption.append('option', JSON.stringify({ width: 800, height: 800, thumb: [[300, 300]] }));
    const res2 = await s.call<string>('POST', '/api/Admin/uploads', { token: admin, body: withOption });
    const file2 = join(s.config.uploadsDir, res2.data.replace(/^\/uploads\//, ''));
    for (const size of [300, 400, 150]) expect(existsSync(file2.replace(/\.png$/, `_${size}.png`))).toBe(true);
  });
});
