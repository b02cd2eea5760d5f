import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageEnv } from '../../../server/storage/env';
import { s3Storage } from '../../../server/storage/s3';
import { StorageUnavailable } from '../../../server/storage/types';
import { startS3Standin, type S3Standin } from '../../e2e/s3Standin';
import { loginAdmin, loginOwnerSeller, loginShopper, openTestServer, type TestServer } from '../helpers';

/**
 * The s3 driver against an S3-compatible stand-in that checks every request's signature: what
 * we send (signed PUTs of the right keys and types, nothing on the local disk), serving
 * /uploads from the bucket, the CDN redirect, a bucket that is down or refuses our keys (a clear
 * 503, never a 500), and the admin's 上传配置 taking effect without a restart.
 */
let standin: S3Standin;
let s: TestServer;
/** A server with no storage in its environment: the admin's settings decide. */
let local: TestServer;
let png: Buffer;

const countFiles = (dir: string): number =>
  existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? countFiles(join(dir, e.name)) : 1), 0) : 0;

function form(bytes: Buffer, fields: Record<string, string> = {}, filename = 'photo.png') {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(bytes)]), filename);
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

beforeAll(async () => {
  standin = await startS3Standin('souk-s3-test');
  [s, local] = await Promise.all([openTestServer({ config: { storage: storageEnv(standin.env()) } }), openTestServer()]);
  png = await sharp({ create: { width: 500, height: 400, channels: 3, background: '#3a6' } }).png().toBuffer();
}, 180_000);
afterAll(async () => {
  await s?.close();
  await local?.close();
  await standin?.stop();
});

describe('the s3 driver (UPLOAD_DRIVER=s3)', () => {
  it('puts an upload and its thumbnails in the bucket, signed, and nothing on the disk', async () => {
    const before = standin.sent.length;
    const res = await s.call('POST', '/api/Seller/uploads', { token: await loginOwnerSeller(s), body: form(png, { name: 'goods' }) });
    expect(res.code).toBe(200);
    expect(res.data).toMatch(/^\/uploads\/goods\/\d{4}-\d{2}-\d{2}\/[0-9a-f]{32}\.png$/);
    const puts = standin.sent.slice(before).filter((r) => r.method === 'PUT');
    const key = res.data.slice(1);
    expect(puts.map((r) => r.path).sort()).toEqual(
      [`/souk-s3-test/${key}`, `/souk-s3-test/${key.replace('.png', '_400.png')}`, `/souk-s3-test/${key.replace('.png', '_150.png')}`].sort(),
    );
    for (const put of puts) {
      expect(put.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=[^,]*host[^,]*, Signature=[0-9a-f]{64}$/);
      expect(put.headers['content-type']).toBe('image/png');
      expect(put.headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$|^UNSIGNED-PAYLOAD$/);
    }
    expect(countFiles(s.config.dataDir)).toBe(0);
  });

  it('serves /uploads/… from the bucket with caching headers and an ETag', async () => {
    const res = await s.call('POST', '/api/uploads', { token: await loginShopper(s), body: form(png, { name: 'avatar' }) });
    const served = await s.app.request(res.data);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = served.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(500);
    const again = await s.app.request(res.data, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect((await s.app.request(res.data.replace(/[0-9a-f]{32}/, '0'.repeat(32)))).status).toBe(404);
    expect((await s.app.request('/uploads/../package.json')).status).not.toBe(200);
  });

  it('keeps payment certificates out of /uploads: under private/ in the bucket', async () => {
    const pem = Buffer.from('-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    const res = await s.call('POST', '/api/Admin/uploads', { token: await loginAdmin(s), body: form(pem, { uploadType: 'uploadFile', name: 'cert' }, 'app.crt') });
    expect(res.code).toBe(200);
    expect(res.data).toMatch(/^private\/\d{4}-\d{2}-\d{2}\/[0-9a-f]{32}\.crt$/);
    expect(standin.sent.some((r) => r.method === 'PUT' && r.path === `/souk-s3-test/${res.data}`)).toBe(true);
    expect((await s.app.request(`/uploads/${res.data}`)).status).toBe(404);
    expect(countFiles(s.config.dataDir)).toBe(0);
  });

  it('a bucket that is down is a clear 503, for uploads and for serving, never a 500', async () => {
    const token = await loginShopper(s);
    const stored = await s.call('POST', '/api/uploads', { token, body: form(png, { name: 'avatar' }) });
    await standin.pause();
    try {
      const res = await s.call('POST', '/api/uploads', { token, body: form(png, { name: 'avatar' }), lang: 'en' });
      expect(res.status).toBe(200);
      expect(res.code).toBe(503);
      expect(res.msg).toMatch(/File storage cannot be reached/);
      const served = await s.app.request(stored.data);
      expect(served.status).toBe(503);
      expect(served.headers.get('retry-after')).toBe('30');
    } finally {
      await standin.start();
    }
    expect((await s.app.request(stored.data)).status).toBe(200);
  });

  it('keys the bucket refuses are StorageUnavailable (the stand-in checks the signature)', async () => {
    const wrong = s3Storage({ ...storageEnv(standin.env()).s3!, secretAccessKey: 'not-the-secret' });
    await expect(wrong.put('uploads/x/y.png', png, 'image/png')).rejects.toBeInstanceOf(StorageUnavailable);
    await expect(wrong.check()).rejects.toThrow(/file storage unavailable/);
    const missing = s3Storage({ ...storageEnv(standin.env()).s3!, bucket: 'no-such-bucket' });
    await expect(missing.get('uploads/x/y.png')).rejects.toThrow(/NoSuchBucket/);
  });

  it('the environment wins over the admin settings', async () => {
    await s.call('PUT', '/api/Admin/configs/update', {
      token: await loginAdmin(s),
      body: { 'upload[save_type]': 'true', 'upload[key]': 'k', 'upload[access]': 'secret', 'upload[bucket]': 'another-bucket', 'upload[endpoint]': 'https://oss.example.com' },
    });
    await new Promise((r) => setTimeout(r, 1100));
    const before = standin.sent.length;
    const res = await s.call('POST', '/api/uploads', { token: await loginShopper(s), body: form(png, { name: 'avatar' }) });
    expect(res.code).toBe(200);
    expect(standin.sent.slice(before).some((r) => r.path === `/souk-s3-test${res.data}`)).toBe(true);
  });

  it('keeps identity documents in the bucket under private/, served only through signed addresses', async () => {
    const before = standin.sent.length;
    const res = await s.call('POST', '/api/uploads', { token: await loginShopper(s), body: form(png, { name: 'identity' }) });
    expect(res.code).toBe(200);
    expect(res.data).toMatch(/^\/api\/files\/private\/identity\/u\d+\/.+\?e=\d+&s=/);
    const key = res.data.slice('/api/files/'.length, res.data.indexOf('?'));
    expect(standin.sent.slice(before).some((r) => r.method === 'PUT' && r.path === `/souk-s3-test/${key}`)).toBe(true);
    expect(countFiles(s.config.dataDir)).toBe(0);
    expect((await s.app.request(res.data)).status).toBe(200);
    expect((await s.app.request(`/uploads/${key.slice('private/'.length)}`)).status).toBe(404);
  });

  it('the 上传配置 page is told the environment fixes the driver', async () => {
    const read = await s.call('GET', '/api/Admin/configs?name=upload', { token: await loginAdmin(s) });
    // the secret saved by the test above is never sent back
    expect(read.data).toMatchObject({ env_driver: 's3', access: '', access_set: true });
    expect(JSON.stringify(read.data)).not.toContain('"secret"');
  });
});

describe('storage settings', () => {
  it('reads UPLOAD_DRIVER and S3_* and refuses an incomplete s3 setup with a clear message', () => {
    expect(storageEnv({})).toEqual({});
    expect(storageEnv({ UPLOAD_DRIVER: 'local' })).toEqual({ driver: 'local' });
    expect(() => storageEnv({ UPLOAD_DRIVER: 's3', S3_BUCKET: 'b' })).toThrow('UPLOAD_DRIVER=s3 needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY');
    expect(() => storageEnv({ UPLOAD_DRIVER: 'ftp' })).toThrow('UPLOAD_DRIVER must be "local" or "s3"');
    expect(() => storageEnv({ ...standin.env(), S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT must be an http(s) URL');
    expect(storageEnv({ ...standin.env(), S3_FORCE_PATH_STYLE: '', S3_REGION: '' }).s3).toMatchObject({ forcePathStyle: false, region: 'us-east-1' });
  });

  it("the admin's 上传配置 takes effect without a restart once complete, and never sends the secret back", async () => {
    {
      const admin = await loginAdmin(local);
      const seller = await loginOwnerSeller(local);
      const upload = () => local.call('POST', '/api/Seller/uploads', { token: seller, body: form(png, { name: 'goods' }) });
      const first = await upload();
      expect(existsSync(join(local.config.dataDir, first.data))).toBe(true);
      // incomplete (no secret): still the local disk
      const endpoint = standin.endpoint.replace(/^http:\/\//, '');
      const partial = await local.call('PUT', '/api/Admin/configs/update', { token: admin, body: { 'upload[save_type]': 'true', 'upload[key]': 'S3RVER', 'upload[bucket]': standin.bucket, 'upload[endpoint]': endpoint, 'upload[path_style]': 'true' } });
      expect(partial.code).toBe(200);
      const bad = await local.call('PUT', '/api/Admin/configs/update', { token: admin, body: { 'upload[region]': 'us east' }, lang: 'en' });
      expect(bad.code).toBe(422);
      expect(bad.msg).toMatch(/region/);
      await new Promise((r) => setTimeout(r, 1100));
      expect(existsSync(join(local.config.dataDir, (await upload()).data))).toBe(true);
      // complete: the next uploads go to the bucket (within the settings' one-second memo)
      await local.call('PUT', '/api/Admin/configs/update', { token: admin, body: { 'upload[access]': 'S3RVER' } });
      const read = await local.call('GET', '/api/Admin/configs?name=upload', { token: admin });
      expect(read.data).toMatchObject({ save_type: true, key: 'S3RVER', access: '', access_set: true, path_style: true });
      await new Promise((r) => setTimeout(r, 1100));
      const before = standin.sent.length;
      const moved = await upload();
      expect(moved.code).toBe(200);
      expect(existsSync(join(local.config.dataDir, moved.data))).toBe(false);
      expect(standin.sent.slice(before).some((r) => r.method === 'PUT' && r.path === `/${standin.bucket}${moved.data}`)).toBe(true);
      // files from before the switch are still served (from the disk) until storage:migrate copies them
      expect((await local.app.request(first.data)).status).toBe(200);
      expect((await local.app.request(moved.data)).status).toBe(200);
      // a CDN base URL: /uploads/… answers with a redirect there
      await local.call('PUT', '/api/Admin/configs/update', { token: admin, body: { 'upload[cdn]': 'https://cdn.example.com/' } });
      await new Promise((r) => setTimeout(r, 1100));
      const redirected = await local.app.request(moved.data);
      expect(redirected.status).toBe(302);
      expect(redirected.headers.get('location')).toBe(`https://cdn.example.com${moved.data}`);
    }
  });
});

describe('npm run storage:migrate (copyLocalFiles)', () => {
  it('copies the local uploads and private files into the bucket under the same keys', async () => {
    const token = await loginShopper(local);
    const res = await local.call('POST', '/api/uploads', { token, body: form(png, { name: 'avatar' }) });
    // the admin test above switched `local` to the bucket: write one file the old way, on the disk
    const { localStorage } = await import('../../../server/storage/local');
    const disk = localStorage(local.config.dataDir);
    await disk.put('uploads/avatar/2020-01-01/old.png', png, 'image/png');
    await disk.put('private/2020-01-01/old.pem', Buffer.from('-----BEGIN CERTIFICATE-----\n'), 'application/x-pem-file');
    const { copyLocalFiles } = await import('../../../server/storage/migrate');
    const bucket = s3Storage(storageEnv(standin.env()).s3!);
    await expect(bucket.check()).resolves.toBeUndefined();
    const dry = await copyLocalFiles(local.config.dataDir, bucket, { dryRun: true });
    expect(await bucket.get('uploads/avatar/2020-01-01/old.png')).toBeNull();
    const report = await copyLocalFiles(local.config.dataDir, bucket);
    expect(report.failed).toEqual([]);
    expect(report.copied).toBe(dry.copied);
    expect(report.copied).toBeGreaterThanOrEqual(4);
    expect((await bucket.get('uploads/avatar/2020-01-01/old.png'))?.size).toBe(png.length);
    expect((await bucket.get('private/2020-01-01/old.pem'))?.contentType).toBe('application/x-pem-file');
    expect(res.code).toBe(200);
  });
});
