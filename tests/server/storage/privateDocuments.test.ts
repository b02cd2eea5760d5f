import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores, user_checks } from '../../../server/db/schema';
import { bytesOf } from '../../../server/storage/bytes';
import { localStorage } from '../../../server/storage/local';
import { privatizeDocuments } from '../../../server/storage/privateDocuments';
import { keyOfSignedUrl } from '../../../server/storage/privateFiles';
import { s3Storage } from '../../../server/storage/s3';
import { storageEnv } from '../../../server/storage/env';
import type { Storage } from '../../../server/storage/types';
import { startS3Standin, type S3Standin } from '../../e2e/s3Standin';
import { loginAdmin, openTestServer, TEST_SECRET, type TestServer } from '../helpers';
import { makeUser } from '../shop/fixtures';

/**
 * Identity documents saved at public /uploads paths before they became private
 * (storage/privateDocuments.ts): moved into the private tree and their rows rewritten, on the
 * local disk and in a bucket, idempotently; afterwards only a signed address reaches them.
 */
let s: TestServer;
let standin: S3Standin;
let png: Buffer;
const PRIVATE_KEY = /^private\/(identity|licence)\/u\d+\/2025-03-04\/[0-9a-f]{32}\.png$/;

beforeAll(async () => {
  [s, standin] = await Promise.all([openTestServer(), startS3Standin('souk-private-docs')]);
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } }).png().toBuffer();
}, 180_000);
afterAll(async () => {
  await s?.close();
  await standin?.stop();
});

/** A store of a new owner and that owner's real-name check, their papers at public paths in `storage`. */
async function oldDocuments(storage: Storage, tag: string) {
  const owner = await makeUser(s);
  const path = (name: string) => `/uploads/store/2025-03-04/${tag}${name}.png`;
  for (const name of ['licence', 'front', 'front_400']) await storage.put(path(name).slice(1), png, 'image/png');
  const [store] = await s.db
    .insert(stores)
    .values({ user_id: owner.id, store_name: `旧证件店${tag}`, business_license: path('licence'), id_card_t: path('front'), id_card_b: path('gone') })
    .returning({ id: stores.id });
  // the same front photo in the real-name check; a seed image and a foreign URL stay as they are
  await s.db.insert(user_checks).values({ user_id: owner.id, name: '张三', card_t: path('front'), card_b: '/uploads/seed/store/idcard-back.jpg' });
  return { owner, storeId: store.id, path };
}

async function rowsOf(storeId: number, ownerId: number) {
  const [store] = await s.db.select().from(stores).where(eq(stores.id, storeId));
  const [check] = await s.db.select().from(user_checks).where(eq(user_checks.user_id, ownerId));
  return { store, check };
}

describe.each([
  ['local', () => localStorage(s.config.dataDir)],
  ['s3', () => s3Storage(storageEnv(standin.env()).s3!)],
])('old public documents on the %s driver', (_driver, storageFor) => {
  it('are moved into the private tree, their rows rewritten and the public files removed; a second run does nothing', async () => {
    const storage = storageFor();
    const { owner, storeId, path } = await oldDocuments(storage, _driver);
    // two runs at once (two instances starting): each file moved, each row rewritten once
    const [first, second] = await Promise.all([privatizeDocuments(s.db, storage), privatizeDocuments(s.db, storage)]);
    expect(first.failed.concat(second.failed)).toEqual([]);
    expect(first.rows + second.rows).toBe(3);
    const { store, check } = await rowsOf(storeId, owner.id);
    expect(store.business_license).toMatch(PRIVATE_KEY);
    expect(store.business_license).toContain(`private/licence/u${owner.id}/`);
    expect(store.id_card_t).toMatch(PRIVATE_KEY);
    expect(store.id_card_t).toContain(`private/identity/u${owner.id}/`);
    expect(check.card_t).toBe(store.id_card_t);
    // a path whose file is in no storage is left, and reported; the seed image is not touched
    expect(store.id_card_b).toBe(path('gone'));
    expect(first.missing.concat(second.missing)).toContain(path('gone'));
    expect(check.card_b).toBe('/uploads/seed/store/idcard-back.jpg');
    // the bytes moved; nothing is left at the public paths, thumbnail included
    expect(await bytesOf((await storage.get(store.business_license))!.body)).toEqual(png);
    for (const name of ['licence', 'front', 'front_400']) expect(await storage.get(path(name).slice(1))).toBeNull();

    const again = await privatizeDocuments(s.db, storage);
    expect({ moved: again.moved, rows: again.rows, failed: again.failed }).toEqual({ moved: 0, rows: 0, failed: [] });
    expect((await rowsOf(storeId, owner.id)).store.business_license).toBe(store.business_license);
  });
});

it('a moved document is served only through the signed address the reviewing operator gets', async () => {
  const storage = localStorage(s.config.dataDir);
  const { owner, storeId, path } = await oldDocuments(storage, 'served');
  expect((await s.app.request(path('licence'))).status).toBe(200);
  await privatizeDocuments(s.db, storage);
  expect((await s.app.request(path('licence'))).status).toBe(404);
  const admin = await loginAdmin(s);
  const detail = await s.call<Record<string, string>>('GET', `/api/Admin/stores/${storeId}`, { token: admin });
  const { store } = await rowsOf(storeId, owner.id);
  expect(keyOfSignedUrl(TEST_SECRET, detail.data.business_license)).toBe(store.business_license);
  const served = await s.app.request(detail.data.business_license);
  expect(served.status).toBe(200);
  expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
  // the key alone, or the address with its signature altered, reaches nothing
  expect((await s.app.request(`/${store.business_license}`)).status).toBe(404);
  expect((await s.app.request(detail.data.business_license.replace(/s=.{4}/, 's=AAAA'))).status).toBe(404);
});
