import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user_roles, user_to_menus, user_to_roles, users } from '../../../server/db/schema';
import { loginOwner2Seller, loginOwnerSeller, openTestServer, type TestServer } from '../helpers';
import { listField, liveRows } from '../content/util';

/**
 * The seller console under the CRUD factory's rules: role names unique per store, a role still
 * assigned to staff is not deleted, a taken staff username answers on its field like the admin
 * pages, new staff need a password, and the staff import is an upsert within the store.
 */

let s: TestServer;
let owner: string;
let owner2: string;

beforeAll(async () => {
  s = await openTestServer();
  owner = await loginOwnerSeller(s);
  owner2 = await loginOwner2Seller(s);
});
afterAll(() => s.close());

const roleCount = (belong: number) => liveRows(s, user_roles as never, eq(user_roles.belong_id, belong));
const staffCount = () => liveRows(s, users as never, eq(users.belong_id, 1));

describe('seller roles', () => {
  it('a name already used by a role of the store is refused (422 on name); another store may use it', async () => {
    const first = await s.call('POST', '/api/Seller/roles', { token: owner, body: { name: '客服' } });
    expect(first.code, first.msg).toBe(200);
    const before = await roleCount(1);
    const dup = await s.call('POST', '/api/Seller/roles', { token: owner, lang: 'en', body: { name: '客服' } });
    expect(dup).toMatchObject({ code: 422, msg: 'This store already has a role named "客服".', data: { field: 'name' } });
    expect(await roleCount(1)).toBe(before);
    expect((await s.call('POST', '/api/Seller/roles', { token: owner2, body: { name: '客服' } })).code).toBe(200);

    const rename = await s.call('PUT', '/api/Seller/roles/1', { token: owner, body: { name: '客服' } });
    expect(rename).toMatchObject({ code: 422, data: { field: 'name' } });
    const [role1] = await s.db.select().from(user_roles).where(eq(user_roles.id, 1));
    expect(role1.name).toBe('商品专员');
  });

  it('import: names repeated in the file or taken in the store are named by row and field', async () => {
    const before = await roleCount(1);
    const res = await s.call('POST', '/api/Seller/roles/import/excel', {
      token: owner,
      body: { 'rows[0][name]': '仓管', 'rows[1][name]': '仓管', 'rows[2][name]': '商品专员', 'rows[3][name]': '财务' },
    });
    expect(res).toMatchObject({ code: 422, msg: '导入失败：3 行数据有误' });
    expect(res.data.errors).toEqual([
      { row: 0, field: 'name', message: '“仓管”在文件中出现了不止一次' },
      { row: 1, field: 'name', message: '“仓管”在文件中出现了不止一次' },
      { row: 2, field: 'name', message: '本店已有名为“商品专员”的角色。' },
    ]);
    expect(await roleCount(1)).toBe(before);
  });

  it('a role still assigned to staff is not deleted; the answer names them', async () => {
    const res = await s.call('DELETE', '/api/Seller/roles/1', { token: owner, lang: 'en' });
    expect(res).toMatchObject({ code: 422, data: { field: 'ids', blocked: [{ id: 1, name: '商品专员', count: 1 }] } });
    expect(res.msg).toBe('The role "商品专员" is still assigned to 1 staff member (seller); unassign it first.');
    expect(await roleCount(1)).toBeGreaterThan(0);
    expect(await liveRows(s, user_roles as never, eq(user_roles.id, 1))).toBe(1);
  });

  it('another store cannot delete it (404, unchanged); unassigned, it goes with its menu links', async () => {
    expect((await s.call('DELETE', '/api/Seller/roles/1', { token: owner2 })).code).toBe(404);
    const spare = await s.call('POST', '/api/Seller/roles', { token: owner, body: { name: '临时角色', ...listField('menu_id', [4]) } });
    expect(spare.code, spare.msg).toBe(200);
    const staffer = await s.call('POST', '/api/Seller/users', {
      token: owner,
      body: { username: 'temp_staff', password: 'secret12', ...listField('role_id', [spare.data.id]) },
    });
    expect(staffer.code, staffer.msg).toBe(200);
    expect((await s.call('DELETE', `/api/Seller/roles/${spare.data.id}`, { token: owner })).code).toBe(422);
    expect((await s.call('PUT', `/api/Seller/users/${staffer.data.id}`, { token: owner, body: listField('role_id', [1]) })).code).toBe(200);
    expect(await s.call('DELETE', `/api/Seller/roles/${spare.data.id}`, { token: owner })).toMatchObject({ code: 200, data: 1 });
    expect(await liveRows(s, user_to_menus as never, eq(user_to_menus.role_id, spare.data.id))).toBe(0);
  });
});

describe('seller staff', () => {
  it('a taken username answers on the username field with the admin pages\' message', async () => {
    const before = await staffCount();
    for (const username of ['demo', '18888888889', 'seller']) {
      const res = await s.call('POST', '/api/Seller/users', { token: owner, lang: 'en', body: { username, password: 'secret12', ...listField('role_id', [1]) } });
      expect(res, username).toMatchObject({
        code: 409,
        msg: `The username ${username} is already taken.`,
        data: { field: 'username', issues: [{ field: 'username', message: `The username ${username} is already taken.` }] },
      });
    }
    const zh = await s.call('POST', '/api/Seller/users', { token: owner, body: { username: 'demo', password: 'secret12', ...listField('role_id', [1]) } });
    expect(zh.msg).toBe('用户名 demo 已存在。');
    const rename = await s.call('PUT', '/api/Seller/users/3', { token: owner, body: { username: 'demo' } });
    expect(rename).toMatchObject({ code: 409, data: { field: 'username' } });
    expect(await staffCount()).toBe(before);
    const [seller] = await s.db.select().from(users).where(eq(users.id, 3));
    expect(seller.username).toBe('seller');
  });

  it('a new staff member needs a password (422 on password), nothing written', async () => {
    const before = await staffCount();
    for (const body of <Record<string, string>[]>[{ username: 'no_pw_1' }, { username: 'no_pw_2', password: '' }]) {
      const res = await s.call('POST', '/api/Seller/users', { token: owner, lang: 'en', body: { ...body, ...listField('role_id', [1]) } });
      expect(res, JSON.stringify(body)).toMatchObject({ code: 422, msg: 'Please enter a password.', data: { field: 'password' } });
    }
    expect(await staffCount()).toBe(before);
    expect(await liveRows(s, user_to_roles as never, and(eq(user_to_roles.role_id, 1), isNull(user_to_roles.deleted_at)))).toBeGreaterThan(0);
  });

  it('import updates the store\'s own staff by id, refuses the owner\'s and other accounts\' ids, and checks new rows', async () => {
    const before = await s.db.select().from(users);
    const res = await s.call('POST', '/api/Seller/users/import/excel', {
      token: owner,
      lang: 'en',
      body: {
        'rows[0][id]': 3,
        'rows[0][nickname]': '导入改名',
        'rows[1][id]': 1,
        'rows[1][nickname]': '篡改店主',
        'rows[2][id]': 4,
        'rows[2][nickname]': '篡改买家',
        'rows[3][username]': 'imported_1',
        'rows[4][username]': 'demo',
        'rows[4][password]': 'secret12',
      },
    });
    expect(res.code).toBe(422);
    expect(res.data.errors).toEqual([
      { row: 1, field: 'id', message: 'The id 1 is not yours to change' },
      { row: 2, field: 'id', message: 'The id 4 is not yours to change' },
      { row: 4, field: 'username', message: 'The username demo is already taken.' },
    ]);
    expect(await s.db.select().from(users)).toEqual(before);

    const ok = await s.call('POST', '/api/Seller/users/import/excel', {
      token: owner,
      lang: 'en',
      body: { 'rows[0][id]': 3, 'rows[0][nickname]': '导入改名', 'rows[1][username]': 'imported_1', 'rows[1][password]': 'secret12' },
    });
    expect(ok).toMatchObject({ code: 200, data: { imported: 2, created: 1, updated: 1 } });
    const [seller] = await s.db.select().from(users).where(eq(users.id, 3));
    expect(seller).toMatchObject({ nickname: '导入改名', belong_id: 1, username: 'seller' });
    const [created] = await s.db.select().from(users).where(eq(users.username, 'imported_1'));
    expect(created.belong_id).toBe(1);

    const noPassword = await s.call('POST', '/api/Seller/users/import/excel', { token: owner, lang: 'en', body: { 'rows[0][username]': 'imported_2' } });
    expect(noPassword.data.errors).toEqual([{ row: 0, field: 'password', message: 'Please enter a password.' }]);
  });
});
