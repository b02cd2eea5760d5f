import { asc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client';
import type { AppEnv } from '../../../server/http/context';
import { mountResourceWith } from '../../../server/http/crud-guards';
import { mountResource } from '../../../server/http/crud/mount';
import { call, createTestApp, fakeGuard, openTestDatabase } from './harness';
import { afterDeleteCalls, ruledWidgets } from './resources';
import { seedWidgets } from './seed';
import { widgets } from './widgets';

/**
 * The declarative rules of the CRUD factory (resource `unique`, `dependents`, `beforeDelete`,
 * `afterDelete`), the import as an upsert by key, and field issues of list filters. Seed: store 1
 * rows 1–6 (tree 1 → 3 → 5, 1 → 4; 6 soft-deleted child of 2), store 2 row 7 (child of 2).
 */

let database: Database;
let app: Hono<AppEnv>;

beforeAll(async () => {
  database = await openTestDatabase();
  app = createTestApp(database, (a) => {
    mountResource(a, '/Seller/ruled', ruledWidgets, fakeGuard());
    // The same resource on a page without an update action: an import may only add rows.
    mountResourceWith(a, '/Seller/addonly', ruledWidgets, fakeGuard(), { only: ['index', 'store', 'import'] });
  });
});
afterAll(() => database.close());

beforeEach(async () => {
  await database.db.delete(widgets);
  await seedWidgets(database.db);
  afterDeleteCalls.length = 0;
});

type Issue = { row: number; field: string; message: string };
const allRows = () => database.db.select().from(widgets).orderBy(asc(widgets.id));
const rawRow = async (id: number) => (await database.db.select().from(widgets).where(eq(widgets.id, id)))[0];
const en = { 'accept-language': 'en' };

describe('unique rules', () => {
  it('create: a value another live row holds is refused naming the field and the value, nothing written', async () => {
    const before = await allRows();
    const sku = await call(app, 'POST', '/Seller/ruled', { form: { name: 'New', sku: 'A-1' }, store: 2, headers: en });
    expect(sku).toEqual({ code: 409, msg: '"A-1" is already in use', data: { field: 'sku', issues: [{ field: 'sku', message: '"A-1" is already in use' }] } });
    const name = await call(app, 'POST', '/Seller/ruled', { form: { name: 'Beta' } });
    expect(name).toMatchObject({ code: 422, msg: '名称“Beta”已存在', data: { field: 'name' } });
    expect(await allRows()).toEqual(before);
  });

  it('a scoped rule holds within the store only; a soft-deleted row holds nothing', async () => {
    // store 2 has no 'Beta'; store 1's 'Epsilon' (row 6) is deleted
    expect(await call(app, 'POST', '/Seller/ruled', { form: { name: 'Beta' }, store: 2 })).toMatchObject({ code: 200, data: { name: 'Beta', store_id: 2 } });
    expect(await call(app, 'POST', '/Seller/ruled', { form: { name: 'Epsilon' } })).toMatchObject({ code: 200 });
  });

  it('update: refused for another row\'s value, allowed to keep its own', async () => {
    const before = await rawRow(4);
    expect(await call(app, 'PUT', '/Seller/ruled/4', { form: { name: 'Beta' } })).toMatchObject({ code: 422, data: { field: 'name' } });
    expect(await call(app, 'PUT', '/Seller/ruled/4', { form: { sku: 'A-2' } })).toMatchObject({ code: 409, data: { field: 'sku' } });
    expect(await rawRow(4)).toEqual(before);
    expect(await call(app, 'PUT', '/Seller/ruled/3', { form: { name: 'Beta', qty: '11' } })).toMatchObject({ code: 200, data: { name: 'Beta', qty: 11 } });
    expect(await call(app, 'PUT', '/Seller/ruled/1', { form: { sku: 'A-1', name: 'Alpha' } })).toMatchObject({ code: 200 });
  });
  it('a duplicate written before the rule stays editable under its own value; taking it anew is refused', async () => {
    await database.db.insert(widgets).values({ id: 50, store_id: 1, name: 'Beta', note: 'legacy twin' });
    expect(await call(app, 'PUT', '/Seller/ruled/50', { form: { name: 'Beta', qty: '3' } })).toMatchObject({ code: 200, data: { qty: 3 } });
    expect(await call(app, 'PUT', '/Seller/ruled/3', { form: { name: 'Beta', note: 'still' } })).toMatchObject({ code: 200 });
    expect(await call(app, 'POST', '/Seller/ruled/import/excel', { json: [{ id: 3, name: 'Beta' }, { id: 50, name: 'Beta' }] })).toMatchObject({ code: 200, data: { updated: 2 } });
    expect(await call(app, 'PUT', '/Seller/ruled/4', { form: { name: 'Beta' } })).toMatchObject({ code: 422, data: { field: 'name' } });
    const imported = await call(app, 'POST', '/Seller/ruled/import/excel', { json: [{ id: 4, name: 'Beta' }] });
    expect(imported).toMatchObject({ code: 422, data: { errors: [{ row: 0, field: 'name' }] } });
  });
});

describe('dependents', () => {
  it('a row with live children is not deleted; the answer names it, how many and which', async () => {
    const before = await allRows();
    const res = await call(app, 'DELETE', '/Seller/ruled/1', { headers: en });
    expect(res).toEqual({
      code: 422,
      msg: '"Alpha" still has 2 children (Beta, Gamma)',
      data: { field: 'ids', blocked: [{ id: 1, name: 'Alpha', count: 2, message: '"Alpha" still has 2 children (Beta, Gamma)' }] },
    });
    expect(await allRows()).toEqual(before);
    expect(afterDeleteCalls).toEqual([]);
  });

  it('only live dependents count (row 6 is deleted), wherever they are (row 7 is another store\'s)', async () => {
    const res = await call(app, 'DELETE', '/Seller/ruled/2');
    expect(res).toMatchObject({ code: 422, msg: '“alphabet”下还有 1 个子项（Alpha）' });
    expect((await rawRow(2)).deleted_at).toBeNull();
  });

  it('a comma-id delete is all or nothing: one blocked row keeps every row', async () => {
    const before = await allRows();
    const res = await call(app, 'DELETE', '/Seller/ruled/4,3');
    expect(res).toMatchObject({ code: 422, data: { field: 'ids', blocked: [{ id: 3, name: 'Beta', count: 1 }] } });
    expect(await allRows()).toEqual(before);
  });

  it('every blocked row is listed; the message names the first one asked', async () => {
    const res = await call(app, 'DELETE', '/Seller/ruled/3,1', { headers: en });
    expect(res.msg).toBe('"Beta" still has 1 children (Delta)');
    expect((res.data as { blocked: { id: number }[] }).blocked.map((b) => b.id)).toEqual([3, 1]);
  });

  it('children deleted in the same request do not block; afterDelete gets the deleted keys', async () => {
    const res = await call(app, 'DELETE', '/Seller/ruled/1,3,4,5');
    expect(res).toMatchObject({ code: 200, data: 4 });
    for (const id of [1, 3, 4, 5]) expect((await rawRow(id)).deleted_at).not.toBeNull();
    expect(afterDeleteCalls.map((keys) => [...keys].sort())).toEqual([[1, 3, 4, 5]]);
  });

  it('another store\'s row is out of reach (404, unchanged); beforeDelete may refuse (nothing written)', async () => {
    expect(await call(app, 'DELETE', '/Seller/ruled/5', { store: 2 })).toMatchObject({ code: 404 });
    expect((await rawRow(5)).deleted_at).toBeNull();
    await call(app, 'PUT', '/Seller/ruled/5', { form: { name: 'Locked' } });
    expect(await call(app, 'DELETE', '/Seller/ruled/4,5')).toMatchObject({ code: 403 });
    expect((await rawRow(4)).deleted_at).toBeNull();
    expect(afterDeleteCalls).toEqual([]);
  });
});

describe('import: an upsert by key within the caller\'s scope', () => {
  const post = (rows: unknown[], opts: Parameters<typeof call>[3] = {}) => call(app, 'POST', '/Seller/ruled/import/excel', { json: rows, ...opts });

  it('a row with an id of the caller updates it; without one, or with an unknown or deleted id, it adds one', async () => {
    const res = await post([
      { id: 3, name: 'Beta 2', qty: '12' },
      { name: 'Fresh' },
      { id: '6', name: 'Again' },
      { id: 999, name: 'Unknown id' },
    ]);
    expect(res).toEqual({ code: 200, msg: '操作成功。', data: { imported: 4, created: 3, updated: 1 } });
    expect(await rawRow(3)).toMatchObject({ name: 'Beta 2', qty: 12, note: 'green', store_id: 1, price: '99.99' });
    expect((await rawRow(6)).deleted_at).not.toBeNull();
    expect(await rawRow(999)).toBeUndefined();
    const added = (await allRows()).filter((row) => row.id > 100);
    expect(added.map((row) => [row.name, row.store_id])).toEqual([
      ['Fresh', 1],
      ['Again', 1],
      ['Unknown id', 1],
    ]);
  });

  it('re-importing rows as exported (id and every column) updates them in place', async () => {
    const exported = (await call<Record<string, unknown>[]>(app, 'GET', '/Seller/ruled', { query: { isAll: '1' } })).data;
    const before = await allRows();
    const res = await post(exported);
    expect(res).toMatchObject({ code: 200, data: { imported: 5, created: 0, updated: 5 } });
    const after = await allRows();
    expect(after.map(({ updated_at: _u, ...row }) => row)).toEqual(before.map(({ updated_at: _u, ...row }) => row));
  });

  it('an id of another store is refused, never updated, and nothing else is written', async () => {
    const before = await allRows();
    const res = await post([{ id: 3, name: 'Mine' }, { name: 'New one' }, { id: 7, name: 'Hijack' }], { headers: en });
    expect(res.code).toBe(422);
    expect(res.msg).toBe('Import failed: 1 row is invalid');
    expect((res.data as { errors: Issue[] }).errors).toEqual([{ row: 2, field: 'id', message: 'The id 7 is not yours to change' }]);
    expect(await allRows()).toEqual(before);
  });

  it('an update row is checked like an update (only its fields), a new row like a create', async () => {
    const before = await allRows();
    const res = await post([{ id: 4, qty: '30' }, { qty: '1' }, { id: 5, qty: 'many' }, { id: 'x1', name: 'Bad id' }, { id: 4, qty: '2' }], { headers: en });
    expect(res.code).toBe(422);
    expect((res.data as { errors: Issue[] }).errors).toEqual([
      { row: 1, field: 'name', message: 'is required' },
      { row: 2, field: 'qty', message: 'must be a number' },
      { row: 3, field: 'id', message: 'is not valid' },
      { row: 4, field: 'id', message: '"4" appears more than once in the file' },
    ]);
    expect(await allRows()).toEqual(before);
  });

  it('messages are the form\'s translated ones, naming no field (the client shows its label)', async () => {
    const zh = await post([{ name: 'x'.repeat(51) }, {}, { name: 'ok', price: '1.234' }]);
    expect((zh.data as { errors: Issue[] }).errors).toEqual([
      { row: 0, field: 'name', message: '最多 50 个字符' },
      { row: 1, field: 'name', message: '不能为空' },
      { row: 2, field: 'price', message: '必须是最多两位小数的金额' },
    ]);
    const en2 = await post([{ name: 'x'.repeat(51) }], { headers: en });
    expect((en2.data as { errors: Issue[] }).errors[0].message).toBe('allows at most 50 characters');
  });

  it('unique values are checked within the file and against the table, naming row and field', async () => {
    const before = await allRows();
    const res = await post(
      [
        { name: 'One', sku: 'S-1' },
        { name: 'Two', sku: 'S-1' },
        { name: 'Three', sku: 'A-2' },
        { name: 'Gamma' },
        { id: 1, sku: 'A-1' },
      ],
      { headers: en },
    );
    expect(res.code).toBe(422);
    expect(res.msg).toBe('Import failed: 4 rows are invalid');
    expect((res.data as { errors: Issue[] }).errors).toEqual([
      { row: 0, field: 'sku', message: '"S-1" appears more than once in the file' },
      { row: 1, field: 'sku', message: '"S-1" appears more than once in the file' },
      { row: 2, field: 'sku', message: '"A-2" is already in use' },
      { row: 3, field: 'name', message: 'The name "Gamma" is taken' },
    ]);
    expect(await allRows()).toEqual(before);
  });

  it('rows the import renames are judged by their new values', async () => {
    // Gamma (4) becomes Gamma 2, so a new Gamma is free; Beta (3) takes Delta's name while Delta (5) leaves it.
    const res = await post([{ id: 4, name: 'Gamma 2' }, { name: 'Gamma' }, { id: 3, name: 'Delta' }, { id: 5, name: 'Delta 2' }]);
    expect(res).toMatchObject({ code: 200, data: { imported: 4, created: 1, updated: 3 } });
    expect((await rawRow(3)).name).toBe('Delta');
  });

  it('a write hook\'s refusal is reported on its row; nothing is written', async () => {
    const before = await allRows();
    const res = await post([{ name: 'fine' }, { name: 'refuse' }], { headers: en });
    expect(res).toMatchObject({ code: 422, data: { errors: [{ row: 1, field: 'name', message: 'name cannot be refuse' }] } });
    expect(await allRows()).toEqual(before);
  });

  it('updating needs the update permission (403, nothing written); adding alone does not', async () => {
    const before = await allRows();
    const importer = { 'x-test-role': 'importer' };
    expect(await post([{ name: 'Added' }, { id: 3, name: 'Changed' }], { headers: importer })).toMatchObject({ code: 403 });
    expect(await allRows()).toEqual(before);
    expect(await post([{ name: 'Added' }], { headers: importer })).toMatchObject({ code: 200, data: { created: 1 } });
  });

  it('a page without an update action refuses rows that name an existing row', async () => {
    const before = await allRows();
    const res = await call(app, 'POST', '/Seller/addonly/import/excel', { json: [{ id: 3, name: 'Changed' }], headers: en });
    expect(res).toMatchObject({ code: 422, data: { errors: [{ row: 0, field: 'id', message: 'This import cannot change existing rows (id 3)' }] } });
    expect(await allRows()).toEqual(before);
  });
});

describe('list filters', () => {
  it('a bad search value names the parameter and says what is wrong without it, for the client to label', async () => {
    const zh = await call(app, 'GET', '/Seller/ruled', { query: { qty: 'abc' } });
    expect(zh).toEqual({ code: 422, msg: 'qty 必须是整数', data: { field: 'qty', issues: [{ field: 'qty', message: '必须是整数' }] } });
    const price = await call(app, 'GET', '/Seller/ruled', { query: { price: 'abc' }, headers: en });
    expect(price.data).toEqual({ field: 'price', issues: [{ field: 'price', message: 'must be a number' }] });
    const page = await call(app, 'GET', '/Seller/ruled', { query: { page: '0' }, headers: en });
    expect(page.data).toEqual({ field: 'page', issues: [{ field: 'page', message: 'must be a whole number above 0' }] });
  });
});
