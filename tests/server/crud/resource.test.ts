import { asc, count, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client';
import type { AppEnv } from '../../../server/http/context';
import { mountResource } from '../../../server/http/crud/mount';
import { call, createTestApp, fakeGuard, openTestDatabase, type GuardCall } from './harness';
import { adminWidgets, sellerWidgets } from './resources';
import { seedWidgets } from './seed';
import { widgets } from './widgets';

let database: Database;
let app: Hono<AppEnv>;
const guardCalls: GuardCall[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  app = createTestApp(database, (a) => {
    mountResource(a, '/Seller/widgets', sellerWidgets, fakeGuard(guardCalls));
    mountResource(a, '/Admin/widgets', adminWidgets, fakeGuard());
  });
});
afterAll(() => database.close());

beforeEach(async () => {
  await database.db.delete(widgets);
  await seedWidgets(database.db);
  guardCalls.length = 0;
});

type Row = Record<string, unknown> & { id: number };

const rawRow = async (id: number) => (await database.db.select().from(widgets).where(eq(widgets.id, id)))[0];
const rowCount = async () => (await database.db.select({ n: count() }).from(widgets))[0].n;
const allRows = () => database.db.select().from(widgets).orderBy(asc(widgets.id));

describe('permissions', () => {
  it('are named <area>.<resource>.<action> and listed for the permission table', () => {
    expect(sellerWidgets.permissions).toEqual({
      index: 'seller.widgets.index',
      show: 'seller.widgets.show',
      store: 'seller.widgets.store',
      update: 'seller.widgets.update',
      destroy: 'seller.widgets.destroy',
      import: 'seller.widgets.import',
    });
    expect(adminWidgets.permissionNames).toEqual(['admin.widgets.index', 'admin.widgets.show', 'admin.widgets.store', 'admin.widgets.update', 'admin.widgets.destroy', 'admin.widgets.import']);
  });

  it('the guard is asked with the action and its permission name', async () => {
    await call(app, 'GET', '/Seller/widgets');
    await call(app, 'GET', '/Seller/widgets/1');
    await call(app, 'POST', '/Seller/widgets', { form: { name: 'n' } });
    await call(app, 'PUT', '/Seller/widgets/1', { form: { qty: '2' } });
    await call(app, 'DELETE', '/Seller/widgets/2');
    await call(app, 'POST', '/Seller/widgets/import/excel', { json: [{ name: 'i' }] });
    expect(guardCalls).toEqual([
      { action: 'index', permission: 'seller.widgets.index' },
      { action: 'show', permission: 'seller.widgets.show' },
      { action: 'store', permission: 'seller.widgets.store' },
      { action: 'update', permission: 'seller.widgets.update' },
      { action: 'destroy', permission: 'seller.widgets.destroy' },
      { action: 'import', permission: 'seller.widgets.import' },
    ]);
  });
});

describe('guard', () => {
  it('401 without a session and 403 without the permission, with nothing written', async () => {
    const before = await allRows();
    const attempts: [string, string, Parameters<typeof call>[3]][] = [
      ['POST', '/Seller/widgets', { form: { name: 'x' } }],
      ['PUT', '/Seller/widgets/1', { form: { name: 'x' } }],
      ['DELETE', '/Seller/widgets/1,2', {}],
      ['POST', '/Seller/widgets/import/excel', { json: [{ name: 'x' }] }],
    ];
    for (const [method, path, opts] of attempts) {
      expect(await call(app, method, path, { ...opts, store: null }), `${method} ${path}`).toMatchObject({ code: 401, data: [] });
      expect(await call(app, method, path, { ...opts, headers: { 'x-test-role': 'reader' } }), `${method} ${path}`).toMatchObject({ code: 403 });
    }
    expect(await allRows()).toEqual(before);
    expect(await call(app, 'GET', '/Seller/widgets', { store: null })).toMatchObject({ code: 401 });
    expect(await call(app, 'GET', '/Seller/widgets', { headers: { 'x-test-role': 'reader' } })).toMatchObject({ code: 200 });
  });

  it('answers in the caller language', async () => {
    const zh = await call(app, 'POST', '/Seller/widgets', { form: { name: 'x' }, store: null });
    const en = await call(app, 'POST', '/Seller/widgets', { form: { name: 'x' }, store: null, headers: { 'accept-language': 'en-US' } });
    expect(zh.msg).toBe('登录已失效，请重新登录。');
    expect(en.msg).toBe('Your session has expired, please log in again.');
  });
});

describe('show', () => {
  it('returns a readable row of the caller store', async () => {
    const res = await call<Row>(app, 'GET', '/Seller/widgets/3');
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ id: 3, name: 'Beta', price: '99.99', store_id: 1, released_at: '2024-02-01 00:00:00' });
    expect(res.data).not.toHaveProperty('deleted_at');
    expect(res.data).not.toHaveProperty('updated_at');
  });

  it('404 for a missing, soft-deleted, other-store or non-numeric id', async () => {
    for (const id of ['999', '6', '7', 'abc', '1.5', '-1x']) {
      expect(await call(app, 'GET', `/Seller/widgets/${id}`), id).toMatchObject({ code: 404, msg: '找不到该数据。' });
    }
    expect(await call(app, 'GET', '/Seller/widgets/7', { store: 2 })).toMatchObject({ code: 200, data: { id: 7 } });
  });

  it('applies the transformer', async () => {
    const res = await call(app, 'GET', '/Admin/widgets/7');
    expect(res.data).toEqual({ id: 7, name: 'Alpha', price: '1.50', store_id: 2, label: 'Alpha (1.50)' });
  });
});

describe('store', () => {
  it('creates from writable fields, forces the session store, ignores unknown fields', async () => {
    const res = await call<Row>(app, 'POST', '/Seller/widgets', {
      form: { name: '  Widget  ', qty: '3', price: '12.5', released_at: '2024-03-01 10:00', is_open: '0', store_id: '999', id: '777', deleted_at: '2020-01-01 00:00:00', created_at: '2000-01-01 00:00:00', bogus: 'x' },
    });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ name: 'Widget', qty: 3, price: '12.50', released_at: '2024-03-01 10:00:00', is_open: 0, store_id: 1, note: 'by Widget', sku: null, pid: 0 });
    expect(res.data.id).not.toBe(777);
    expect(res.data).not.toHaveProperty('bogus');
    const stored = await rawRow(res.data.id);
    expect(stored).toMatchObject({ name: 'Widget', store_id: 1, deleted_at: null, price: '12.50' });
    expect(stored.created_at.startsWith('2000')).toBe(false);
  });

  it('accepts JSON bodies too', async () => {
    const res = await call<Row>(app, 'POST', '/Seller/widgets', { json: { name: 'Json', qty: 4, price: 2 } });
    expect(res.data).toMatchObject({ name: 'Json', qty: 4, price: '2.00', store_id: 1 });
  });

  it('bad input is a 422 naming the field, in the caller language, with nothing written', async () => {
    const before = await rowCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ qty: '1' }, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(51) }, 'name'],
      [{ name: 'ok', qty: 'abc' }, 'qty'],
      [{ name: 'ok', qty: '-1' }, 'qty'],
      [{ name: 'ok', price: '1.234' }, 'price'],
      [{ name: 'ok', price: 'ten' }, 'price'],
      [{ name: 'ok', is_open: '2' }, 'is_open'],
      [{ name: 'ok', released_at: 'soon' }, 'released_at'],
    ];
    for (const [form, field] of cases) {
      const res = await call(app, 'POST', '/Seller/widgets', { form });
      expect(res.code, JSON.stringify(form)).toBe(422);
      expect(res.data).toMatchObject({ field });
      expect(res.msg.startsWith(`提交的数据有误：${field}: `)).toBe(true);
    }
    const en = await call(app, 'POST', '/Seller/widgets', { form: { name: 'ok', price: '1.234' }, headers: { 'accept-language': 'en' } });
    expect(en.msg).toBe('Invalid data: price: must be an amount with at most 2 decimals');
    expect(await rowCount()).toBe(before);
  });

  it('a duplicate unique value is a 409 without SQL details', async () => {
    const res = await call(app, 'POST', '/Seller/widgets', { form: { name: 'dup', sku: 'A-1' }, headers: { 'accept-language': 'en' } });
    expect(res).toEqual({ code: 409, msg: 'This already exists', data: [] });
  });

  it('a failing afterWrite hook rolls the insert back', async () => {
    const before = await rowCount();
    expect(await call(app, 'POST', '/Seller/widgets', { form: { name: 'boom' } })).toMatchObject({ code: 403 });
    expect(await rowCount()).toBe(before);
  });
});

describe('update', () => {
  it('writes only the writable fields that are present and returns the row', async () => {
    const before = await rawRow(3);
    const res = await call<Row>(app, 'PUT', '/Seller/widgets/3', { form: { qty: '42', bogus: '1', id: '99', created_at: '2000-01-01 00:00:00' } });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ id: 3, name: 'Beta', qty: 42, price: '99.99', note: 'green' });
    const after = await rawRow(3);
    expect(after).toMatchObject({ ...before, qty: 42, updated_at: after.updated_at });
    expect(after.created_at).toBe(before.created_at);
  });

  it('PATCH works the same; store_id in the body is overridden by the session', async () => {
    const res = await call<Row>(app, 'PATCH', '/Seller/widgets/4', { form: { store_id: '2', name: 'Gamma 2' } });
    expect(res.data).toMatchObject({ id: 4, name: 'Gamma 2', store_id: 1 });
    expect((await rawRow(4)).store_id).toBe(1);
  });

  it('404 for another store, a soft-deleted or missing row, with nothing written', async () => {
    const before = await allRows();
    for (const id of ['7', '6', '999', 'x']) {
      expect(await call(app, 'PUT', `/Seller/widgets/${id}`, { form: { name: 'hijack' } }), id).toMatchObject({ code: 404 });
    }
    expect(await allRows()).toEqual(before);
  });

  it('bad input is a 422 with nothing written', async () => {
    const before = await rawRow(2);
    expect(await call(app, 'PUT', '/Seller/widgets/2', { form: { name: 'fine', qty: 'many' } })).toMatchObject({ code: 422, data: { field: 'qty' } });
    expect(await call(app, 'PUT', '/Seller/widgets/2', { form: { name: '' } })).toMatchObject({ code: 422, data: { field: 'name' } });
    expect(await rawRow(2)).toEqual(before);
  });

  it('an update with no writable field returns the row unchanged', async () => {
    const before = await rawRow(1);
    const res = await call<Row>(app, 'PUT', '/Seller/widgets/1', { form: { bogus: '1' } });
    expect(res.data).toMatchObject({ id: 1, name: 'Alpha' });
    expect(await rawRow(1)).toEqual(before);
  });
});

describe('destroy', () => {
  it('soft-deletes a comma list of rows in scope and answers the count', async () => {
    const res = await call(app, 'DELETE', '/Seller/widgets/1,2');
    expect(res).toMatchObject({ code: 200, data: 2 });
    expect((await rawRow(1)).deleted_at).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(await call(app, 'GET', '/Seller/widgets/1')).toMatchObject({ code: 404 });
    const list = await call<Row[]>(app, 'GET', '/Seller/widgets', { query: { isAll: '1' } });
    expect(list.data.map((r) => r.id)).toEqual([5, 4, 3]);
    expect(await call(app, 'DELETE', '/Seller/widgets/1,2')).toMatchObject({ code: 404 });
    expect(await call(app, 'PUT', '/Seller/widgets/1', { form: { name: 'back' } })).toMatchObject({ code: 404 });
  });

  it('only rows in scope count; another store alone is a 404', async () => {
    expect(await call(app, 'DELETE', '/Seller/widgets/7')).toMatchObject({ code: 404 });
    expect((await rawRow(7)).deleted_at).toBeNull();
    expect(await call(app, 'DELETE', '/Seller/widgets/3,7,3')).toMatchObject({ code: 200, data: 1 });
    expect((await rawRow(7)).deleted_at).toBeNull();
  });

  it('a non-numeric part is a 422 and nothing is deleted', async () => {
    for (const ids of ['1,abc', '1,,2', '1;drop', '1,2.5']) {
      expect(await call(app, 'DELETE', `/Seller/widgets/${encodeURIComponent(ids)}`), ids).toMatchObject({ code: 422, data: { field: 'ids' } });
    }
    expect((await allRows()).filter((r) => r.deleted_at !== null).map((r) => r.id)).toEqual([6]);
  });
});

describe('import', () => {
  it('imports a JSON array of rows in one go, forcing the scope', async () => {
    const before = await rowCount();
    const res = await call(app, 'POST', '/Seller/widgets/import/excel', {
      json: [{ name: 'I1', qty: '1', price: '1.1' }, { name: 'I2', store_id: 9 }, { name: 'I3', note: 'n' }],
    });
    expect(res).toMatchObject({ code: 200, data: { imported: 3 } });
    expect(await rowCount()).toBe(before + 3);
    const imported = (await allRows()).filter((r) => r.name.startsWith('I'));
    expect(imported.map((r) => [r.name, r.store_id, r.price, r.note])).toEqual([
      ['I1', 1, '1.10', 'by I1'],
      ['I2', 1, '0.00', 'by I2'],
      ['I3', 1, '0.00', 'n'],
    ]);
  });

  it('takes form rows[i][field] too, and {rows: [...]} JSON', async () => {
    const form = await call(app, 'POST', '/Seller/widgets/import/excel', { form: { rows: [{ name: 'F1', qty: '2' }, { name: 'F2' }] } });
    expect(form).toMatchObject({ code: 200, data: { imported: 2 } });
    const json = await call(app, 'POST', '/Seller/widgets/import/excel', { json: { rows: [{ name: 'J1' }] } });
    expect(json).toMatchObject({ code: 200, data: { imported: 1 } });
  });

  it('is all-or-nothing: every bad row is reported and nothing is written', async () => {
    const before = await rowCount();
    const res = await call(app, 'POST', '/Seller/widgets/import/excel', {
      json: [{ name: 'ok' }, { qty: 'x' }, { name: 'ok2' }, { name: 'ok3', price: '1.999' }],
      headers: { 'accept-language': 'en' },
    });
    expect(res.code).toBe(422);
    expect(res.msg).toBe('Import failed: 2 rows are invalid');
    const errors = (res.data as { errors: { row: number; field: string; message: string }[] }).errors;
    expect(errors.map((e) => [e.row, e.field])).toEqual([
      [1, 'name'],
      [1, 'qty'],
      [3, 'price'],
    ]);
    for (const e of errors) expect(e.message.length).toBeGreaterThan(0);
    expect(await rowCount()).toBe(before);
  });

  it('a database conflict in a later row rolls back the earlier ones', async () => {
    const before = await rowCount();
    const res = await call(app, 'POST', '/Seller/widgets/import/excel', { json: [{ name: 'a', sku: 'NEW-1' }, { name: 'b', sku: 'A-2' }] });
    expect(res.code).toBe(409);
    expect(await rowCount()).toBe(before);
    expect((await allRows()).some((r) => r.sku === 'NEW-1')).toBe(false);
  });

  it('an empty or shapeless import is a 422; the import schema may differ from the create schema', async () => {
    expect(await call(app, 'POST', '/Seller/widgets/import/excel', { json: [] })).toMatchObject({ code: 422, data: { field: 'rows' } });
    expect(await call(app, 'POST', '/Seller/widgets/import/excel', { form: { rows: 'x' } })).toMatchObject({ code: 422, data: { field: 'rows' } });
    const admin = await call(app, 'POST', '/Admin/widgets/import/excel', { json: [{ name: 'x', store_id: '0' }] });
    expect(admin).toMatchObject({ code: 422, data: { errors: [{ row: 0, field: 'store_id' }] } });
    expect(await call(app, 'POST', '/Admin/widgets/import/excel', { json: [{ name: 'x', store_id: '3' }] })).toMatchObject({ data: { imported: 1 } });
  });
});
