import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rate_limits, users } from '../../../server/db/schema';
import { eq } from 'drizzle-orm';
import { DEFAULT_MIN_FREE_BYTES, freeBytesOf, UPLOAD_LIMITS } from '../../../server/modules/uploads/limits';
import { loginAdmin, loginOwnerSeller, loginShopper, openTestServer, type TestServer } from '../helpers';

/**
 * A full disk turned an upload into a code-500 envelope (and can leave the embedded database
 * unable to open): uploads are refused below a free-space margin under DATA_DIR, and each
 * account has an upload rate limit and a daily quota. The free-space reading is injected.
 */
let s: TestServer;
let free = 10 * 1024 ** 3;
let png: Buffer;
beforeAll(async () => {
  s = await openTestServer({ freeBytes: async () => free });
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3c3' } }).png().toBuffer();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterAll(async () => {
  vi.restoreAllMocks();
  await s.close();
});

function form(fields: Record<string, string> = {}, filename = 'photo.png') {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(png)]), filename);
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}
const countFiles = (dir = s.config.uploadsDir): number =>
  existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? countFiles(join(dir, e.name)) : 1), 0) : 0;

describe('upload limits', () => {
  it('reads the real free space under a directory', async () => {
    expect(await freeBytesOf(s.config.dataDir)).toBeGreaterThan(0);
  });

  it.each([
    ['shopper', '/api/uploads', loginShopper, {}],
    ['seller', '/api/Seller/uploads', loginOwnerSeller, { name: 'goods' }],
    ['admin', '/api/Admin/uploads', loginAdmin, {}],
  ] as const)('%s: below the free-space margin an upload is refused with a clear message; nothing is written', async (_who, path, login, fields) => {
    const token = await login(s);
    const before = countFiles();
    free = DEFAULT_MIN_FREE_BYTES + png.length; // the margin, but not the room the file and its copies need
    const refused = await s.call('POST', path, { token, body: form(fields), lang: 'en' });
    expect(refused).toMatchObject({ status: 200, code: 507, msg: 'The server is running out of disk space: uploads are paused, please tell the site operator.' });
    expect(countFiles()).toBe(before);
    free = 10 * 1024 ** 3;
    expect((await s.call('POST', path, { token, body: form(fields) })).code).toBe(200);
  });

  it('a shopper may upload a limited number of files a minute', async () => {
    const token = await loginShopper(s);
    const [demo] = await s.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
    await s.db.delete(rate_limits).where(eq(rate_limits.key, `upload:n:user:${demo.id}`));
    const answers = [];
    for (let i = 0; i < UPLOAD_LIMITS.user.perMinute + 2; i++) answers.push((await s.call('POST', '/api/uploads', { token, body: form() })).code);
    expect(answers.filter((code) => code === 200)).toHaveLength(UPLOAD_LIMITS.user.perMinute);
    expect(answers.slice(-2)).toEqual([429, 429]);
    // another account is not held back by it
    expect((await s.call('POST', '/api/Seller/uploads', { token: await loginOwnerSeller(s), body: form() })).code).toBe(200);
  });

  it('the daily quota per account: uploads count against it and past it are refused, naming it', async () => {
    const token = await loginAdmin(s);
    const key = 'upload:kib:admin:1';
    await s.db.delete(rate_limits).where(eq(rate_limits.key, key));
    expect((await s.call('POST', '/api/Admin/uploads', { token, body: form() })).code).toBe(200);
    const [charged] = await s.db.select().from(rate_limits).where(eq(rate_limits.key, key));
    expect(charged.count).toBe(Math.ceil(png.length / 1024));
    await s.db.update(rate_limits).set({ count: UPLOAD_LIMITS.admin.kibPerDay }).where(eq(rate_limits.key, key));
    const before = countFiles();
    const refused = await s.call('POST', '/api/Admin/uploads', { token, body: form(), lang: 'en' });
    expect(refused).toMatchObject({ code: 422, msg: "You have reached today's upload limit (2048 MB); please try again tomorrow.", data: { field: 'file' } });
    expect(countFiles()).toBe(before);
  });
});
