import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, stores, user_checks } from '../../../server/db/schema';
import { documentRef, keyOfSignedUrl, signedUrl, SIGNED_URL_SECONDS } from '../../../server/storage/privateFiles';
import { loginAdmin, loginShopper, openTestServer, TEST_SECRET, type TestServer } from '../helpers';
import { listField } from '../content/util';
import { buildFixture, makeUser, type Fixture } from '../shop/fixtures';

/**
 * Identity documents (storage/privateFiles.ts): uploaded into a private folder they get no public
 * address; the applicant and the reviewing operator see them through signed, expiring addresses.
 */
let s: TestServer;
let f: Fixture;
let png: Buffer;
let areaIds: number[];
beforeAll(async () => {
  s = await openTestServer();
  f = await buildFixture(s);
  png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#36c' } }).png().toBuffer();
  const rows = await s.db.select({ id: areas.id, code: areas.code }).from(areas).where(inArray(areas.code, ['11', '1101', '110105']));
  areaIds = ['11', '1101', '110105'].map((code) => rows.find((r) => r.code === code)!.id);
});
afterAll(() => s.close());

const KEY = 'private/identity/u7/2026-01-02/0123456789abcdef0123456789abcdef.png';

function imageForm(folder: string) {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(png)]), 'card.png');
  data.append('name', folder);
  return data;
}

async function uploadDocument(token: string, folder = 'identity', path = '/api/uploads') {
  const res = await s.call('POST', path, { token, body: imageForm(folder) });
  expect(res.code).toBe(200);
  return res.data as string;
}

function applicationForm(documents: Record<string, string>) {
  return {
    store_logo: '/uploads/store/2024-01-01/logo.png',
    store_name: '证件测试店',
    store_company_name: '证件测试有限公司',
    store_address: '建国路 2 号',
    business_license_no: '91350100M000100Y43',
    legal_person: '王五',
    store_phone: '13912345670',
    id_card_no: '11010519491231002X',
    emergency_contact: '赵六',
    emergency_contact_phone: '13812345670',
    ...listField('area', areaIds),
    'class_id[0][0]': f.classes.top,
    'class_id[0][1]': f.classes.mid,
    'class_id[0][2]': f.classes.leaf,
    ...documents,
  };
}

describe('signed addresses', () => {
  it('name their key until they expire; a changed key, expiry or signature names nothing', () => {
    const now = Date.UTC(2026, 0, 2, 8);
    const url = signedUrl(TEST_SECRET, KEY, 60, now);
    expect(url).toMatch(/^\/api\/files\/private\/identity\/u7\/.+\?e=\d+&s=[\w-]{32}$/);
    expect(keyOfSignedUrl(TEST_SECRET, url, { now })).toBe(KEY);
    expect(keyOfSignedUrl(TEST_SECRET, url, { now: now + 61_000 })).toBeUndefined();
    expect(keyOfSignedUrl(TEST_SECRET, url, { now: now + 61_000, anyAge: true })).toBe(KEY);
    expect(keyOfSignedUrl('another-secret-of-enough-length-0123456789', url, { now })).toBeUndefined();
    expect(keyOfSignedUrl(TEST_SECRET, url.replace('u7', 'u8'), { now })).toBeUndefined();
    expect(keyOfSignedUrl(TEST_SECRET, url.replace(/e=(\d+)/, (_, e) => `e=${Number(e) + 1}`), { now })).toBeUndefined();
  });

  it('are kept as their key, and only by the uploader when one is named', () => {
    const url = signedUrl(TEST_SECRET, KEY);
    expect(documentRef(TEST_SECRET, url, 'id_card_t')).toBe(KEY);
    expect(documentRef(TEST_SECRET, url, 'id_card_t', 'u7')).toBe(KEY);
    expect(() => documentRef(TEST_SECRET, url, 'id_card_t', 'u8')).toThrow();
    expect(() => documentRef(TEST_SECRET, `${url.slice(0, -2)}xx`, 'id_card_t')).toThrow();
    expect(documentRef(TEST_SECRET, '/uploads/idcard/2024-01-01/t.jpg', 'id_card_t')).toBe('/uploads/idcard/2024-01-01/t.jpg');
  });
});

describe('private uploads', () => {
  it('go under private/<folder>/<uploader>/ and are answered with a signed address, never /uploads', async () => {
    const token = await loginShopper(s);
    const url = await uploadDocument(token);
    const key = keyOfSignedUrl(TEST_SECRET, url)!;
    expect(key).toMatch(/^private\/identity\/u\d+\/\d{4}-\d{2}-\d{2}\/[0-9a-f]{32}\.png$/);
    expect(existsSync(join(s.config.dataDir, key))).toBe(true);
    const served = await s.app.request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(Number(served.headers.get('cache-control')!.split('=')[1])).toBeLessThanOrEqual(SIGNED_URL_SECONDS);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(60);
    // no public way to it
    expect((await s.app.request(`/uploads/${key.replace(/^private\//, '')}`)).status).toBe(404);
    expect((await s.app.request(`/uploads/../${key}`)).status).toBe(404);
    expect((await s.app.request(`/api/files/${key}`)).status).toBe(404);
    expect((await s.app.request(url.replace(/s=[\w-]+/, `s=${'A'.repeat(32)}`))).status).toBe(404);
    const expired = signedUrl(TEST_SECRET, key, -1);
    expect((await s.app.request(expired)).status).toBe(404);
  });

  it('licences and admin uploads are private too; other folders stay public', async () => {
    const admin = await loginAdmin(s);
    expect(await uploadDocument(admin, 'licence', '/api/Admin/uploads')).toMatch(/^\/api\/files\/private\/licence\/a\d+\//);
    expect(await uploadDocument(await loginShopper(s), 'store')).toMatch(/^\/uploads\/store\//);
  });
});

describe('identity documents of a store application', () => {
  let applicant: { id: number; token: string };
  let other: { id: number; token: string };
  let documents: Record<string, string>;
  beforeAll(async () => {
    applicant = await makeUser(s);
    other = await makeUser(s);
    documents = {
      business_license: await uploadDocument(applicant.token, 'licence'),
      id_card_t: await uploadDocument(applicant.token),
      id_card_b: await uploadDocument(applicant.token),
    };
    expect((await s.call('POST', '/api/store/join', { token: applicant.token })).code).toBe(200);
    expect((await s.call('POST', '/api/store/join', { token: other.token })).code).toBe(200);
  });
  const row = async (userId: number) => (await s.db.select().from(stores).where(and(eq(stores.user_id, userId), isNull(stores.deleted_at))))[0];

  it('are saved as their keys and shown to the applicant as fresh signed addresses', async () => {
    const res = await s.call('PUT', '/api/store', { token: applicant.token, body: applicationForm(documents) });
    expect(res.code).toBe(200);
    const saved = await row(applicant.id);
    for (const field of ['business_license', 'id_card_t', 'id_card_b'] as const) {
      expect(saved[field]).toBe(keyOfSignedUrl(TEST_SECRET, documents[field]));
      expect(keyOfSignedUrl(TEST_SECRET, res.data[field])).toBe(saved[field]);
    }
    const shown = (await s.call('GET', '/api/store', { token: applicant.token })).data;
    expect((await s.app.request(shown.id_card_t)).status).toBe(200);
  });

  it("someone else's document is refused (422 naming the field) and nothing is written", async () => {
    const res = await s.call('PUT', '/api/store', { token: other.token, body: applicationForm({ ...documents, id_card_b: await uploadDocument(other.token) }), lang: 'en' });
    expect(res.code).toBe(422);
    expect(res.data.field).toBe('business_license');
    const forged = await s.call('PUT', '/api/store', {
      token: other.token,
      body: applicationForm({ business_license: '/api/files/private/licence/u1/2026-01-01/0123456789abcdef0123456789abcdef.png?e=9999999999&s=' + 'B'.repeat(32), id_card_t: '/uploads/a.png', id_card_b: '/uploads/b.png' }),
    });
    expect(forged.code).toBe(422);
    expect(forged.data.field).toBe('business_license');
    expect(await row(other.id)).toMatchObject({ store_verify: 1, business_license: '', id_card_t: '', id_card_b: '' });
  });

  it('the reviewing operator sees them signed and may save the store with them unchanged', async () => {
    const admin = await loginAdmin(s);
    const store = await row(applicant.id);
    const detail = await s.call('GET', `/api/Admin/stores/${store.id}`, { token: admin });
    expect(detail.code).toBe(200);
    expect(keyOfSignedUrl(TEST_SECRET, detail.data.id_card_t)).toBe(store.id_card_t);
    const put = await s.call('PUT', `/api/Admin/stores/${store.id}`, { token: admin, body: { id_card_t: detail.data.id_card_t, id_card_b: detail.data.id_card_b } });
    expect(put.code).toBe(200);
    expect(await row(applicant.id)).toMatchObject({ id_card_t: store.id_card_t, id_card_b: store.id_card_b });
    // a shopper is not the reviewer
    expect((await s.call('GET', `/api/Admin/stores/${store.id}`, { token: applicant.token })).code).toBe(401);
  });
});

describe('ID photos of the real-name check (/api/user/check)', () => {
  const check = { name: '李四', card_no: '11010519900101123X', bank_name: '中国银行', bank_no: '6222000011112222' };

  it('are kept as their keys and answered as signed addresses; another shopper cannot claim them', async () => {
    const owner = await makeUser(s);
    const stranger = await makeUser(s);
    const card_t = await uploadDocument(owner.token);
    const saved = await s.call('POST', '/api/user/check', { token: owner.token, body: { ...check, card_t, card_b: '' } });
    expect(saved.code).toBe(200);
    const [row] = await s.db.select().from(user_checks).where(eq(user_checks.user_id, owner.id));
    expect(row.card_t).toBe(keyOfSignedUrl(TEST_SECRET, card_t));
    expect(row.card_b).toBe('');
    const shown = (await s.call('GET', '/api/user/check', { token: owner.token })).data;
    expect(keyOfSignedUrl(TEST_SECRET, shown.card_t)).toBe(row.card_t);
    expect((await s.app.request(shown.card_t)).status).toBe(200);

    const refused = await s.call('POST', '/api/user/check', { token: stranger.token, body: { ...check, card_t } });
    expect(refused.code).toBe(422);
    expect(refused.data.field).toBe('card_t');
    expect(await s.db.$count(user_checks, eq(user_checks.user_id, stranger.id))).toBe(0);
  });
});
