import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file_space_dirs, file_spaces } from '../../../server/db/schema';
import { loginOwner2Seller, loginOwnerSeller, loginStaffSeller, openTestServer, type TestServer } from '../helpers';
import { liveRows } from '../content/util';

let s: TestServer;
let owner: string;
let owner2: string;
let staff: string;
let png: Buffer;

beforeAll(async () => {
  s = await openTestServer();
  owner = await loginOwnerSeller(s);
  owner2 = await loginOwner2Seller(s);
  staff = await loginStaffSeller(s);
  png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#3a6' } }).png().toBuffer();
});
afterAll(() => s.close());

type Dir = { id: number; name: string };
type File = { id: number; dir_id: number; url: string; name: string; info: string; md5: string; ext_name: string };

function upload(token: string, fields: Record<string, string>) {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(png)]), '商品主图.png');
  data.append('name', 'spaces');
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return s.call<string>('POST', '/api/Seller/uploads', { token, body: data });
}

const filesOf = (storeId: number) => liveRows(s, file_spaces as never, eq(file_spaces.belong_id, storeId));
const dirsOf = (storeId: number) => liveRows(s, file_space_dirs as never, eq(file_space_dirs.belong_id, storeId));

describe('/api/Seller/file_space_dirs (image-space folders)', () => {
  it('lists, creates, renames and searches the store\'s folders only', async () => {
    const list = await s.call<Dir[]>('GET', '/api/Seller/file_space_dirs', { token: owner, body: { isAll: 'true' } });
    expect(list.data.map((d) => d.name)).toEqual(['详情图片', '商品主图']);
    expect((await s.call<Dir[]>('GET', '/api/Seller/file_space_dirs', { token: owner2, body: { isAll: 'true' } })).data).toEqual([]);

    const created = await s.call<Dir>('POST', '/api/Seller/file_space_dirs', { token: owner, body: { name: '活动海报', belong_id: 2 } });
    expect(created.code).toBe(200);
    const [row] = await s.db.select().from(file_space_dirs).where(eq(file_space_dirs.id, created.data.id));
    expect(row.belong_id).toBe(1);
    const renamed = await s.call<Dir>('PUT', `/api/Seller/file_space_dirs/${row.id}`, { token: owner, body: { name: '活动海报 2024' } });
    expect(renamed.data.name).toBe('活动海报 2024');
    const found = await s.call<{ data: Dir[] }>('GET', '/api/Seller/file_space_dirs', { token: owner, body: { name: '活动|likeRight' } });
    expect(found.data.data.map((d) => d.id)).toEqual([row.id]);
  });

  it('refuses a blank or too long name (422, nothing written)', async () => {
    const before = await dirsOf(1);
    for (const name of ['', 'x'.repeat(31)]) expect((await s.call('POST', '/api/Seller/file_space_dirs', { token: owner, body: { name } })).code).toBe(422);
    expect(await dirsOf(1)).toBe(before);
  });

  it('a second store can neither read nor change the first store\'s folders', async () => {
    expect((await s.call('GET', '/api/Seller/file_space_dirs/1', { token: owner2 })).code).toBe(404);
    expect((await s.call('PUT', '/api/Seller/file_space_dirs/1', { token: owner2, body: { name: '偷改' } })).code).toBe(404);
    expect((await s.call('DELETE', '/api/Seller/file_space_dirs/1', { token: owner2 })).code).toBe(404);
    const [dir] = await s.db.select().from(file_space_dirs).where(eq(file_space_dirs.id, 1));
    expect(dir).toMatchObject({ name: '商品主图', deleted_at: null });
  });
});

describe('/api/Seller/file_spaces (images) and uploads with dir_id', () => {
  it('an upload with dir_id is recorded in that folder; without dir_id nothing is recorded', async () => {
    const before = await filesOf(1);
    const res = await upload(owner, { dir_id: '1' });
    expect(res.code, res.msg).toBe(200);
    const [row] = await s.db.select().from(file_spaces).where(eq(file_spaces.url, res.data));
    expect(row).toMatchObject({ belong_id: 1, dir_id: 1, name: '商品主图.png', ext_name: 'png', info: '120*80', status: 1 });
    expect(row.md5).toMatch(/^[0-9a-f]{32}$/);
    expect((await upload(owner, { dir_id: '0' })).code).toBe(200);
    expect((await upload(owner, {})).code).toBe(200);
    expect(await filesOf(1)).toBe(before + 2);

    const inDir = await s.call<{ data: File[]; total: number }>('GET', '/api/Seller/file_spaces', { token: owner, body: { dir_id: '1', per_page: '20' } });
    expect(inDir.data.total).toBe(1);
    expect(inDir.data.data[0]).toMatchObject({ url: res.data, info: '120*80' });
    const temp = await s.call<{ total: number }>('GET', '/api/Seller/file_spaces', { token: owner, body: { dir_id: '0' } });
    expect(temp.data.total).toBe(1);
  });

  it('staff with the goods page may use the image space', async () => {
    const res = await upload(staff, { dir_id: '2' });
    expect(res.code, res.msg).toBe(200);
    const list = await s.call<{ total: number }>('GET', '/api/Seller/file_spaces', { token: staff, body: { dir_id: '2' } });
    expect(list.data.total).toBe(1);
  });

  it('another store\'s folder or a bad dir_id is refused and nothing is recorded', async () => {
    const before = [await filesOf(1), await filesOf(2)];
    expect((await upload(owner2, { dir_id: '1' })).code).toBe(422);
    expect((await upload(owner, { dir_id: 'abc' })).code).toBe(422);
    expect((await upload(owner, { dir_id: '9999' })).code).toBe(422);
    expect([await filesOf(1), await filesOf(2)]).toEqual(before);
  });

  it('a second store can neither list, open nor delete the first store\'s images', async () => {
    const [file] = await s.db.select().from(file_spaces).where(and(eq(file_spaces.belong_id, 1), isNull(file_spaces.deleted_at)));
    expect((await s.call<{ total: number }>('GET', '/api/Seller/file_spaces', { token: owner2 })).data.total).toBe(0);
    expect((await s.call('GET', `/api/Seller/file_spaces/${file.id}`, { token: owner2 })).code).toBe(404);
    expect((await s.call('DELETE', `/api/Seller/file_spaces/${file.id}`, { token: owner2 })).code).toBe(404);
    expect(await liveRows(s, file_spaces as never, eq(file_spaces.id, file.id))).toBe(1);
  });

  it('images cannot be created or edited through the resource (404, nothing written)', async () => {
    const before = await filesOf(1);
    expect((await s.call('POST', '/api/Seller/file_spaces', { token: owner, body: { url: '/uploads/x.png' } })).code).toBe(404);
    expect((await s.call('PUT', '/api/Seller/file_spaces/1', { token: owner, body: { url: 'https://evil.example/x.png' } })).code).toBe(404);
    expect(await filesOf(1)).toBe(before);
  });

  it('deletes an image; deleting a folder deletes its images\' records', async () => {
    const temp = await s.call<{ data: File[] }>('GET', '/api/Seller/file_spaces', { token: owner, body: { dir_id: '0' } });
    expect((await s.call('DELETE', `/api/Seller/file_spaces/${temp.data.data[0].id}`, { token: owner })).data).toBe(1);
    expect(await liveRows(s, file_spaces as never, and(eq(file_spaces.belong_id, 1), eq(file_spaces.dir_id, 1)))).toBe(1);
    const res = await s.call('DELETE', '/api/Seller/file_space_dirs/1', { token: owner });
    expect(res).toMatchObject({ code: 200, data: 1 });
    expect(await liveRows(s, file_spaces as never, and(eq(file_spaces.belong_id, 1), eq(file_spaces.dir_id, 1)))).toBe(0);
    expect(await liveRows(s, file_spaces as never, and(eq(file_spaces.belong_id, 1), eq(file_spaces.dir_id, 2)))).toBe(1);
    expect((await s.call('DELETE', '/api/Seller/file_space_dirs/1', { token: owner })).code).toBe(404);
  });

  it('staff without a page that opens the image space get 403', async () => {
    // the staff role loses its goods menus
    await s.call('PUT', '/api/Seller/roles/1', { token: owner, body: { 'menu_id[0]': 13 } });
    expect((await s.call('GET', '/api/Seller/file_space_dirs', { token: staff })).code).toBe(403);
    expect((await upload(staff, { dir_id: '2' })).code).toBe(403);
  });
});
