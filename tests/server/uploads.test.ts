import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeFolder } from '../../server/modules/uploads/service';
import { loginAdmin, loginOperator, loginOwnerSeller, loginShopper, openTestServer, type TestServer } from './helpers';

let s: TestServer;
let png: Buffer;
beforeAll(async () => {
  s = await openTestServer();
  png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c33' } }).png().toBuffer();
});
afterAll(async () => {
  await s.close();
});

const blob = (bytes: Buffer) => new Blob([new Uint8Array(bytes)]);

function form(file: Blob, fields: Record<string, string> = {}, filename = 'photo.png') {
  const data = new FormData();
  data.append('file', file, filename);
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}
const fileOf = (url: string) => join(s.config.uploadsDir, url.replace(/^\/uploads\//, ''));
const countFiles = (dir = s.config.uploadsDir): number =>
  existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? countFiles(join(dir, e.name)) : 1), 0) : 0;

describe('uploads', () => {
  it('stores an image under <folder>/<date>/ and answers its URL', async () => {
    const token = await loginShopper(s);
    const res = await s.call('POST', '/api/uploads', { token, body: form(blob(png), { name: 'avatar' }) });
    expect(res.code).toBe(200);
    expect(res.data).toMatch(/^\/uploads\/avatar\/\d{4}-\d{2}-\d{2}\/[0-9a-f]{32}\.png$/);
    const meta = await sharp(readFileSync(fileOf(res.data))).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 400, height: 300 });
    const served = await s.app.request(res.data);
    expect(served.status).toBe(200);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('resizes per option and writes thumbnails', async () => {
    const token = await loginOwnerSeller(s);
    const res = await s.call('POST', '/api/Seller/uploads', {
      token,
      body: form(blob(png), { name: 'goods', option: JSON.stringify({ width: 150, height: 150, thumb: [[100, 100]] }) }),
    });
    expect(res.code).toBe(200);
    const meta = await sharp(readFileSync(fileOf(res.data))).metadata();
    expect(meta.width).toBe(150);
    expect(meta.height).toBe(113);
    const thumb = fileOf(res.data).replace(/\.png$/, '_100.png');
    expect((await sharp(readFileSync(thumb)).metadata()).width).toBe(100);
  });

  it('detects the real format (a JPEG named .png is stored as .jpg)', async () => {
    const jpeg = await sharp(png).jpeg().toBuffer();
    const res = await s.call('POST', '/api/Admin/uploads', { token: await loginAdmin(s), body: form(blob(jpeg), { name: 'logo' }, 'x.png') });
    expect(res.code).toBe(200);
    expect(res.data).toMatch(/^\/uploads\/logo\/.+\.jpg$/);
  });

  it('sanitises the folder name', async () => {
    expect(safeFolder('../../etc')).toBe('etc');
    expect(safeFolder('Store_Logo!')).toBe('store_logo');
    expect(safeFolder('...')).toBe('myfiles');
    expect(safeFolder(undefined)).toBe('myfiles');
    const res = await s.call('POST', '/api/uploads', { token: await loginShopper(s), body: form(blob(png), { name: '../../../tmp' }) });
    expect(res.data).toMatch(/^\/uploads\/tmp\//);
    expect(existsSync(fileOf(res.data))).toBe(true);
  });

  it('refuses a non-image renamed .png, an SVG, a missing file and a bad option, and writes nothing', async () => {
    const token = await loginShopper(s);
    const before = countFiles();
    const fake = await s.call('POST', '/api/uploads', { token, body: form(new Blob(['<?php echo 1; ?>']), {}, 'shell.png'), lang: 'en' });
    expect(fake).toMatchObject({ code: 422, msg: 'Only images (jpg, png, gif, webp) can be uploaded.' });
    expect(fake.data.field).toBe('file');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    expect((await s.call('POST', '/api/uploads', { token, body: form(new Blob([svg]), {}, 'x.png') })).code).toBe(422);
    const none = new FormData();
    none.append('name', 'avatar');
    expect((await s.call('POST', '/api/uploads', { token, body: none })).data.field).toBe('file');
    const badOption = await s.call('POST', '/api/uploads', { token, body: form(blob(png), { option: '{width:' }) });
    expect(badOption.data.field).toBe('option');
    const hugeOption = await s.call('POST', '/api/uploads', { token, body: form(blob(png), { option: JSON.stringify({ width: 100000 }) }) });
    expect(hugeOption.code).toBe(422);
    expect(countFiles()).toBe(before);
  });

  it('refuses a file over 10,485,760 bytes', async () => {
    const big = Buffer.concat([png, Buffer.alloc(10_485_761 - png.length)]);
    const res = await s.call('POST', '/api/uploads', { token: await loginShopper(s), body: form(blob(big)), lang: 'en' });
    expect(res.code).toBe(422);
    expect(res.msg).toBe('The file must not exceed 10 MB.');
  });

  it('needs a login of the right area', async () => {
    const before = countFiles();
    const body = () => form(blob(png));
    expect((await s.call('POST', '/api/uploads', { body: body() })).code).toBe(401);
    expect((await s.call('POST', '/api/uploads', { token: await loginAdmin(s), body: body() })).code).toBe(401);
    expect((await s.call('POST', '/api/Seller/uploads', { token: await loginShopper(s), body: body() })).code).toBe(401);
    expect((await s.call('POST', '/api/Admin/uploads', { token: await loginOwnerSeller(s), body: body() })).code).toBe(401);
    expect(countFiles()).toBe(before);
    expect((await s.call('POST', '/api/Admin/uploads', { token: await loginOperator(s), body: body() })).code).toBe(200);
  });
});

describe('admin file uploads (uploadType=uploadFile)', () => {
  const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 1)]);
  const pem = Buffer.from('-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----\n');

  it('stores an app package in the public tree and a certificate in the private one', async () => {
    const token = await loginAdmin(s);
    const apk = await s.call('POST', '/api/Admin/uploads', { token, body: form(blob(zip), { name: 'apk', uploadType: 'uploadFile' }, 'souk.apk') });
    expect(apk.code).toBe(200);
    expect(apk.data).toMatch(/^\/uploads\/apk\/\d{4}-\d{2}-\d{2}\/[0-9a-f]{32}\.apk$/);
    expect(readFileSync(fileOf(apk.data))).toEqual(zip);

    const cert = await s.call('POST', '/api/Admin/uploads', { token, body: form(blob(pem), { name: 'crt', uploadType: 'uploadFile' }, 'apiclient_cert.pem') });
    expect(cert.code).toBe(200);
    expect(cert.data).toMatch(/^private\/\d{4}-\d{2}-\d{2}\/[0-9a-f]{32}\.pem$/);
    expect(readFileSync(join(s.config.dataDir, cert.data), 'utf8')).toContain('BEGIN CERTIFICATE');
    // never reachable over HTTP
    const served = await s.app.request(`/uploads/${cert.data}`);
    expect(served.status).not.toBe(200);
  });

  it('refuses a type outside the list, or content that does not match its extension, writing nothing', async () => {
    const token = await loginAdmin(s);
    const before = countFiles();
    const exe = await s.call('POST', '/api/Admin/uploads', { token, body: form(blob(zip), { uploadType: 'uploadFile' }, 'tool.exe') });
    expect(exe.code).toBe(422);
    expect(exe.msg).toContain('apk');
    const fakeApk = await s.call('POST', '/api/Admin/uploads', { token, body: form(blob(Buffer.from('<script>alert(1)</script>')), { uploadType: 'uploadFile' }, 'souk.apk') });
    expect(fakeApk.code).toBe(422);
    const fakePem = await s.call('POST', '/api/Admin/uploads', { token, body: form(blob(zip), { uploadType: 'uploadFile' }, 'key.pem') });
    expect(fakePem.code).toBe(422);
    const badType = await s.call('POST', '/api/Admin/uploads', { token, body: form(blob(zip), { uploadType: 'anything' }, 'souk.apk') });
    expect(badType.code).toBe(422);
    expect(countFiles()).toBe(before);
  });

  it('is for the admin console only: sellers and shoppers still get images only', async () => {
    const seller = await loginOwnerSeller(s);
    const res = await s.call('POST', '/api/Seller/uploads', { token: seller, body: form(blob(zip), { uploadType: 'uploadFile' }, 'souk.apk') });
    expect(res.code).toBe(422);
  });
});
