import { describe, expect, it } from 'vitest';
import {
  tableMachine,
  type CreateRowInput, type DeleteRowsInput, type ExportRowsInput, type FetchPageInput, type FetchRowInput,
  type ImportRowsInput, type ReadSheetInput, type TableInput, type UpdateRowInput,
} from '../../machines/table.machine';
import type { Row, SheetRead } from '../../machines/table';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

const ACTIONS = [
  'notifySuccess', 'notifyError', 'notifyWaitSetting', 'notifySelectFirst', 'notifyEmptySheet', 'askConfirm', 'rowSaved', 'rowsDeleted',
] as const;

const SEARCH_FIELDS = [
  { value: 'name', where: 'like' as const },
  { value: 'status' },
  { value: 'created_at', type: 'daterange' },
];

const rowsOf = (...ids: number[]): Row[] => ids.map((id) => ({ id, name: `row ${id}` }));

function setupTable(input: TableInput = { searchFields: SEARCH_FIELDS, params: { isWith: 'store' } }, options: { isValid?: (values: Record<string, unknown>) => boolean } = {}) {
  const log = recordActions(ACTIONS);
  const fetchPage = manualActor<unknown, FetchPageInput>();
  const fetchRow = manualActor<unknown, FetchRowInput>();
  const createRow = manualActor<unknown, CreateRowInput>();
  const updateRow = manualActor<unknown, UpdateRowInput>();
  const deleteRows = manualActor<unknown, DeleteRowsInput>();
  const exportRows = manualActor<unknown, ExportRowsInput>();
  const readSheet = manualActor<SheetRead, ReadSheetInput>();
  const importRows = manualActor<unknown, ImportRowsInput>();
  const isValid = options.isValid;
  const machine = tableMachine.provide({
    actions: log.actions,
    actors: {
      fetchPage: fetchPage.logic, fetchRow: fetchRow.logic, createRow: createRow.logic, updateRow: updateRow.logic,
      deleteRows: deleteRows.logic, exportRows: exportRows.logic, readSheet: readSheet.logic, importRows: importRows.logic,
    },
    ...(isValid ? { guards: { isValid: (_: unknown, params: { values: Record<string, unknown> }) => isValid(params.values) } } : {}),
  });
  const actor = createTestActor(machine, { input });
  actor.start();
  return { actor, log, fetchPage, fetchRow, createRow, updateRow, deleteRows, exportRows, readSheet, importRows };
}

/** A table whose first page (rows 1..3 of 3) is loaded. */
async function readyTable(input?: TableInput, options?: Parameters<typeof setupTable>[1]) {
  const table = setupTable(input, options);
  table.fetchPage.last().resolve({ rows: rowsOf(1, 2, 3), total: 3 });
  await flush();
  table.log.clear();
  return table;
}

const value = (actor: ReturnType<typeof setupTable>['actor']) => actor.getSnapshot().value as Record<string, unknown>;
const context = (actor: ReturnType<typeof setupTable>['actor']) => actor.getSnapshot().context;

describe('table: list', () => {
  it('starts loading page 1 of 30 with the page params, then shows the rows', async () => {
    const { actor, fetchPage, log } = setupTable();
    expect(value(actor)).toEqual({
      list: 'loading', search: 'hidden', addDialog: 'closed', editDialog: 'closed', viewDialog: 'closed',
      delete: 'idle', export: 'idle', import: 'idle',
    });
    expect(fetchPage.calls).toHaveLength(1);
    expect(fetchPage.last().input).toEqual({ page: 1, perPage: 30, query: { isWith: 'store' }, lazy: false });
    fetchPage.last().resolve({ rows: rowsOf(1, 2), total: 42, count: { waiting: 3 } });
    await flush();
    expect(value(actor).list).toBe('ready');
    expect(context(actor)).toMatchObject({ rows: rowsOf(1, 2), total: 42, count: { waiting: 3 }, page: 1, perPage: 30 });
    expect(log.calls).toEqual([]);
  });

  it('reads a Laravel paginator and a plain array too', async () => {
    const { actor, fetchPage } = setupTable({ searchFields: 0, pageSize: 100, lazy: true });
    expect(fetchPage.last().input).toEqual({ page: 1, perPage: 100, query: {}, lazy: true });
    fetchPage.last().resolve({ data: rowsOf(7), total: '1', per_page: 100, current_page: 1, last_page: 1 });
    await flush();
    expect(context(actor)).toMatchObject({ rows: rowsOf(7), total: 1 });
    actor.send({ type: 'RELOAD' });
    fetchPage.last().resolve(rowsOf(1, 2, 3, 4));
    await flush();
    expect(context(actor)).toMatchObject({ rows: rowsOf(1, 2, 3, 4), total: 4 });
  });

  it('PAGE.SET loads that page; the same page or a page below 1 is ignored', async () => {
    const { actor, fetchPage } = await readyTable();
    actor.send({ type: 'PAGE.SET', page: 2 });
    expect(value(actor).list).toBe('loading');
    expect(fetchPage.last().input).toMatchObject({ page: 2, perPage: 30 });
    fetchPage.last().resolve({ rows: rowsOf(31), total: 31 });
    await flush();
    actor.send({ type: 'PAGE.SET', page: 2 });
    actor.send({ type: 'PAGE.SET', page: 0 });
    actor.send({ type: 'PAGE.SET', page: 1.5 });
    expect(fetchPage.calls).toHaveLength(2);
    expect(value(actor).list).toBe('ready');
    expect(context(actor).page).toBe(2);
  });

  it('PAGE.SIZE takes one of 30/100/200/300/400 and goes back to page 1', async () => {
    const { actor, fetchPage } = await readyTable();
    actor.send({ type: 'PAGE.SET', page: 3 });
    fetchPage.last().resolve({ rows: rowsOf(61), total: 61 });
    await flush();
    actor.send({ type: 'PAGE.SIZE', perPage: 200 });
    expect(fetchPage.last().input).toMatchObject({ page: 1, perPage: 200 });
    expect(context(actor)).toMatchObject({ page: 1, perPage: 200 });
    actor.send({ type: 'PAGE.SIZE', perPage: 50 });
    expect(fetchPage.calls).toHaveLength(3);
    expect(context(actor).perPage).toBe(200);
  });

  it('SEARCH.SUBMIT builds the query, goes back to page 1 and reloads (reference kept the page)', async () => {
    const { actor, fetchPage } = await readyTable();
    actor.send({ type: 'PAGE.SET', page: 4 });
    fetchPage.last().resolve({ rows: rowsOf(91), total: 100 });
    await flush();
    const values = { name: ' phone ', status: '', created_at: ['2024-01-01 00:00:00', '2024-02-01 00:00:00'] };
    actor.send({ type: 'SEARCH.SUBMIT', values });
    expect(context(actor)).toMatchObject({
      page: 1,
      searchValues: values,
      query: { name: 'phone|like', created_at: ['2024-01-01 00:00:00', '2024-02-01 00:00:00'] },
    });
    expect(fetchPage.last().input).toEqual({
      page: 1, perPage: 30, lazy: false,
      query: { isWith: 'store', name: 'phone|like', created_at: ['2024-01-01 00:00:00', '2024-02-01 00:00:00'] },
    });
  });

  it('SEARCH.RESET clears the values and re-queries page 1 (reference did not re-query)', async () => {
    const { actor, fetchPage } = await readyTable();
    actor.send({ type: 'SEARCH.SUBMIT', values: { status: 1 } });
    fetchPage.last().resolve({ rows: rowsOf(1), total: 40 });
    await flush();
    actor.send({ type: 'PAGE.SET', page: 2 });
    fetchPage.last().resolve({ rows: [], total: 40 });
    await flush();
    expect(context(actor).query).toEqual({ status: 1 });
    actor.send({ type: 'SEARCH.RESET' });
    expect(context(actor)).toMatchObject({ page: 1, searchValues: {}, query: {} });
    expect(fetchPage.last().input).toEqual({ page: 1, perPage: 30, query: { isWith: 'store' }, lazy: false });
    expect(value(actor).list).toBe('loading');
  });

  it('a lazy tree page searches every depth, flat and paginated, and goes back to its roots on reset', async () => {
    const { actor, fetchPage } = setupTable({ searchFields: [{ value: 'name', where: 'likeRight' }], lazy: true });
    expect(fetchPage.last().input).toEqual({ page: 1, perPage: 30, query: {}, lazy: true });
    fetchPage.last().resolve([{ id: 1, name: '广东', pid: 0 }]);
    await flush();
    expect(context(actor).treeRows).toBe(true);

    actor.send({ type: 'SEARCH.SUBMIT', values: { name: '广州' } });
    expect(fetchPage.last().input).toEqual({ page: 1, perPage: 30, query: { name: '广州|likeRight' }, lazy: false });
    // the roots stay a tree until the flat answer arrives
    expect(context(actor).treeRows).toBe(true);
    fetchPage.last().resolve({ data: [{ id: 2, name: '广州', pid: 1 }], total: 31, per_page: 30, current_page: 1, last_page: 2 });
    await flush();
    expect(context(actor)).toMatchObject({ rows: [{ id: 2, name: '广州', pid: 1 }], total: 31, treeRows: false });
    actor.send({ type: 'PAGE.SET', page: 2 });
    expect(fetchPage.last().input).toEqual({ page: 2, perPage: 30, query: { name: '广州|likeRight' }, lazy: false });
    fetchPage.last().resolve({ data: [{ id: 3, name: '广州西', pid: 1 }], total: 31 });
    await flush();

    // a search of nothing but blanks is no search
    actor.send({ type: 'SEARCH.SUBMIT', values: { name: '  ' } });
    expect(fetchPage.last().input).toEqual({ page: 1, perPage: 30, query: {}, lazy: true });
    fetchPage.last().resolve([{ id: 1, name: '广东', pid: 0 }]);
    await flush();
    expect(context(actor).treeRows).toBe(true);

    actor.send({ type: 'SEARCH.SUBMIT', values: { name: '广' } });
    fetchPage.last().resolve({ data: [], total: 0 });
    await flush();
    expect(context(actor).treeRows).toBe(false);
    actor.send({ type: 'SEARCH.RESET' });
    expect(fetchPage.last().input).toEqual({ page: 1, perPage: 30, query: {}, lazy: true });
    fetchPage.last().resolve([{ id: 1, name: '广东', pid: 0 }]);
    await flush();
    expect(context(actor)).toMatchObject({ rows: [{ id: 1, name: '广东', pid: 0 }], treeRows: true });
  });

  it('a newer query replaces a pending one: the stale answer is dropped', async () => {
    const { actor, fetchPage } = await readyTable();
    actor.send({ type: 'PAGE.SET', page: 2 });
    const stale = fetchPage.last();
    actor.send({ type: 'RELOAD' });
    expect(fetchPage.calls).toHaveLength(3);
    stale.resolve({ rows: rowsOf(99), total: 99 });
    await flush();
    expect(value(actor).list).toBe('loading');
    expect(context(actor).rows).toEqual(rowsOf(1, 2, 3));
    fetchPage.last().resolve({ rows: rowsOf(31, 32), total: 32 });
    await flush();
    expect(context(actor).rows).toEqual(rowsOf(31, 32));
  });

  it('ignores an answer that is an HTML document (spec §8)', async () => {
    const { actor, fetchPage, log } = await readyTable();
    actor.send({ type: 'RELOAD' });
    fetchPage.last().resolve('<!DOCTYPE html><html><body>souk</body></html>');
    await flush();
    expect(value(actor).list).toBe('ready');
    expect(context(actor)).toMatchObject({ rows: rowsOf(1, 2, 3), total: 3 });
    expect(log.calls).toEqual([]);
  });

  it('a failure answer or a rejection leaves the list failed with the message; RELOAD recovers', async () => {
    const { actor, fetchPage, log } = await readyTable();
    actor.send({ type: 'SELECT.SET', ids: [2] });
    actor.send({ type: 'RELOAD' });
    fetchPage.last().resolve({ code: 403, msg: 'no permission', data: [] });
    await flush();
    expect(value(actor).list).toBe('failed');
    expect(context(actor).errors.list).toBe('no permission');
    // the earlier rows are not shown as if they answered this query, nor kept selected
    expect(context(actor)).toMatchObject({ rows: [], total: 0, count: null, selection: [] });
    actor.send({ type: 'RELOAD' });
    fetchPage.last().reject(new Error('网络异常，请检查！'));
    await flush();
    expect(value(actor).list).toBe('failed');
    expect(context(actor).errors.list).toBe('网络异常，请检查！');
    expect(log.calls).toEqual([
      { type: 'notifyError', params: { operation: 'list', message: 'no permission' } },
      { type: 'notifyError', params: { operation: 'list', message: '网络异常，请检查！' } },
    ]);
    actor.send({ type: 'RELOAD' });
    expect(value(actor).list).toBe('loading');
    fetchPage.last().resolve({ rows: rowsOf(5), total: 1 });
    await flush();
    expect(value(actor).list).toBe('ready');
    expect(context(actor).errors.list).toBeNull();
  });

  it('a search the server refuses shows the failure, not the previous rows; the search values stay for correcting', async () => {
    const { actor, fetchPage, log } = await readyTable();
    actor.send({ type: 'SEARCH.SUBMIT', values: { name: 'abc' } });
    fetchPage.last().resolve({ code: 422, msg: '金额: 必须是数字', data: { field: 'money', issues: [{ field: 'money', message: '必须是数字' }] } });
    await flush();
    expect(value(actor).list).toBe('failed');
    expect(context(actor)).toMatchObject({ rows: [], total: 0, searchValues: { name: 'abc' }, errors: { list: '金额: 必须是数字' } });
    expect(log.calls).toEqual([{ type: 'notifyError', params: { operation: 'list', message: '金额: 必须是数字' } }]);
    actor.send({ type: 'SEARCH.RESET' });
    fetchPage.last().resolve({ rows: rowsOf(1, 2, 3), total: 3 });
    await flush();
    expect(context(actor)).toMatchObject({ rows: rowsOf(1, 2, 3), total: 3, errors: { list: null } });
  });

  it('a page past the end (its last rows were deleted) loads the last page instead', async () => {
    const { actor, fetchPage } = await readyTable();
    actor.send({ type: 'PAGE.SET', page: 3 });
    fetchPage.last().resolve({ rows: [], total: 45 });
    await flush();
    expect(value(actor).list).toBe('loading');
    expect(context(actor).page).toBe(2);
    expect(fetchPage.last().input).toMatchObject({ page: 2, perPage: 30 });
    fetchPage.last().resolve({ rows: rowsOf(31, 32), total: 45 });
    await flush();
    expect(value(actor).list).toBe('ready');
    expect(context(actor)).toMatchObject({ page: 2, rows: rowsOf(31, 32) });
  });

  it('SELECT.SET keeps the ids; a reload keeps only the ids still listed', async () => {
    const { actor, fetchPage } = await readyTable();
    actor.send({ type: 'SELECT.SET', ids: [1, 3] });
    expect(context(actor).selection).toEqual([1, 3]);
    actor.send({ type: 'RELOAD' });
    fetchPage.last().resolve({ rows: rowsOf(2, 3), total: 2 });
    await flush();
    expect(context(actor).selection).toEqual([3]);
  });
});

describe('table: search panel', () => {
  it('toggles shown / hidden', async () => {
    const { actor, log } = await readyTable();
    actor.send({ type: 'SEARCH.TOGGLE' });
    expect(value(actor).search).toBe('shown');
    actor.send({ type: 'SEARCH.TOGGLE' });
    expect(value(actor).search).toBe('hidden');
    expect(log.calls).toEqual([]);
  });

  it("stays hidden and says 'wait setting.' when the page has no search fields", async () => {
    const { actor, log } = await readyTable({ searchFields: 0 });
    actor.send({ type: 'SEARCH.TOGGLE' });
    expect(value(actor).search).toBe('hidden');
    expect(log.calls).toEqual([{ type: 'notifyWaitSetting', params: {} }]);
  });

  it('SEARCH.EXPAND toggles the expanded flag only with more than 5 fields', async () => {
    const many = await readyTable({ searchFields: 7 });
    many.actor.send({ type: 'SEARCH.EXPAND' });
    expect(context(many.actor).searchExpanded).toBe(false);
    many.actor.send({ type: 'SEARCH.TOGGLE' });
    many.actor.send({ type: 'SEARCH.EXPAND' });
    expect(context(many.actor).searchExpanded).toBe(true);
    many.actor.send({ type: 'SEARCH.EXPAND' });
    expect(context(many.actor).searchExpanded).toBe(false);

    const five = await readyTable({ searchFields: 5 });
    five.actor.send({ type: 'SEARCH.TOGGLE' });
    five.actor.send({ type: 'SEARCH.EXPAND' });
    expect(context(five.actor).searchExpanded).toBe(false);
    expect(value(five.actor).search).toBe('shown');
  });
});

const RULES = { name: { required: true }, sort: [{ number: { min: 0, max: 999 } }] };

describe('table: add dialog', () => {
  it('opens, refuses invalid values with field errors, submits valid ones, then closes, reloads and toasts', async () => {
    const { actor, log, createRow, fetchPage } = await readyTable({ searchFields: 0, rules: RULES });
    actor.send({ type: 'ADD.OPEN', values: { sort: '0' } });
    expect(value(actor).addDialog).toBe('open');
    expect(context(actor).dialogs.add.values).toEqual({ sort: '0' });

    actor.send({ type: 'ADD.SUBMIT', values: { name: ' ', sort: '1000' } });
    expect(value(actor).addDialog).toBe('open');
    expect(context(actor).errors.add.fields).toEqual({
      name: { key: 'msg.requiredMsg' },
      sort: { key: 'validate.maxValue', values: { max: 999 } },
    });
    expect(context(actor).dialogs.add.values).toEqual({ name: ' ', sort: '1000' });
    expect(createRow.calls).toHaveLength(0);

    actor.send({ type: 'ADD.SUBMIT', values: { name: 'Shoes', sort: '3' } });
    expect(value(actor).addDialog).toBe('submitting');
    expect(context(actor).errors.add).toEqual({ fields: {}, message: null });
    expect(createRow.last().input).toEqual({ values: { name: 'Shoes', sort: '3' } });

    createRow.last().resolve({ id: 9, name: 'Shoes', pid: 0 });
    await flush();
    expect(value(actor).addDialog).toBe('closed');
    expect(value(actor).list).toBe('loading');
    expect(fetchPage.calls).toHaveLength(2);
    expect(context(actor).dialogs.add.values).toEqual({});
    expect(log.calls).toEqual([
      { type: 'rowSaved', params: { mode: 'add', id: null, values: { name: 'Shoes', sort: '3' }, answer: { id: 9, name: 'Shoes', pid: 0 } } },
      { type: 'notifySuccess', params: { operation: 'add' } },
    ]);
  });

  it('an answer carrying code, data and msg is a failure: the dialog stays open with the values (spec §8)', async () => {
    const { actor, log, createRow, fetchPage } = await readyTable();
    actor.send({ type: 'ADD.OPEN' });
    actor.send({ type: 'ADD.SUBMIT', values: { name: 'Dup' } });
    createRow.last().resolve({ code: 409, msg: 'name already taken', data: { field: 'name' } });
    await flush();
    expect(value(actor).addDialog).toBe('open');
    expect(context(actor).dialogs.add.values).toEqual({ name: 'Dup' });
    expect(context(actor).errors.add).toEqual({ fields: {}, message: 'name already taken' });
    expect(log.calls).toEqual([{ type: 'notifyError', params: { operation: 'add', message: 'name already taken' } }]);
    expect(fetchPage.calls).toHaveLength(1);

    actor.send({ type: 'ADD.SUBMIT', values: { name: 'Dup 2' } });
    createRow.last().reject({ kind: 'transport', status: 500, message: '500 (Internal Server Error) ' });
    await flush();
    expect(value(actor).addDialog).toBe('open');
    expect(context(actor).dialogs.add.values).toEqual({ name: 'Dup 2' });
    expect(log.paramsOf('notifyError')[1]).toEqual({ operation: 'add', message: '500 (Internal Server Error) ' });
  });

  it('ADD.CANCEL closes and forgets the values and errors', async () => {
    const { actor, createRow } = await readyTable({ searchFields: 0, rules: RULES });
    actor.send({ type: 'ADD.OPEN' });
    actor.send({ type: 'ADD.SUBMIT', values: {} });
    expect(context(actor).errors.add.fields).toEqual({ name: { key: 'msg.requiredMsg' } });
    actor.send({ type: 'ADD.CANCEL' });
    expect(value(actor).addDialog).toBe('closed');
    expect(context(actor).dialogs.add.values).toEqual({});
    expect(context(actor).errors.add).toEqual({ fields: {}, message: null });
    expect(createRow.calls).toHaveLength(0);
  });

  it('a rule limited to one form applies only there: a password required on add, optional on edit', async () => {
    const rules = { password: [{ required: true, on: 'add' as const }, { minLength: 6 }] };
    const { actor, createRow, fetchRow, updateRow } = await readyTable({ searchFields: 0, rules });
    actor.send({ type: 'ADD.OPEN' });
    actor.send({ type: 'ADD.SUBMIT', values: { password: '' } });
    expect(value(actor).addDialog).toBe('open');
    expect(context(actor).errors.add.fields).toEqual({ password: { key: 'msg.requiredMsg' } });
    expect(createRow.calls).toHaveLength(0);

    actor.send({ type: 'EDIT.OPEN', id: 1 });
    fetchRow.last().resolve({ id: 1, password: '' });
    await flush();
    actor.send({ type: 'EDIT.SUBMIT', values: { id: 1, password: '12' } });
    expect(context(actor).errors.edit.fields).toEqual({ password: { key: 'validate.minLength', values: { min: 6 } } });
    actor.send({ type: 'EDIT.SUBMIT', values: { id: 1, password: '' } });
    expect(value(actor).editDialog).toBe('submitting');
    expect(updateRow.last().input).toEqual({ id: 1, values: { id: 1, password: '' } });
  });

  it('a provided isValid guard replaces the rule check', async () => {
    const { actor, createRow } = await readyTable({ searchFields: 0, rules: RULES }, { isValid: (values) => values.ok === true });
    actor.send({ type: 'ADD.OPEN' });
    actor.send({ type: 'ADD.SUBMIT', values: { ok: true } });
    expect(value(actor).addDialog).toBe('submitting');
    expect(createRow.last().input).toEqual({ values: { ok: true } });
  });
});

describe('table: edit dialog', () => {
  it('loads the row, validates, updates it, then closes, reloads and toasts', async () => {
    const { actor, log, fetchRow, updateRow, fetchPage } = await readyTable({ searchFields: 0, rules: RULES });
    actor.send({ type: 'EDIT.OPEN', id: 2 });
    expect(value(actor).editDialog).toBe('loading');
    expect(fetchRow.last().input).toEqual({ id: 2 });
    fetchRow.last().resolve({ id: 2, name: 'row 2', pid: 1, sort: 5 });
    await flush();
    expect(value(actor).editDialog).toBe('open');
    expect(context(actor).dialogs.edit).toEqual({ id: 2, row: { id: 2, name: 'row 2', pid: 1, sort: 5 }, values: { id: 2, name: 'row 2', pid: 1, sort: 5 } });

    actor.send({ type: 'EDIT.SUBMIT', values: { id: 2, name: '', pid: 1, sort: -1 } });
    expect(value(actor).editDialog).toBe('open');
    expect(context(actor).errors.edit.fields).toEqual({ name: { key: 'msg.requiredMsg' }, sort: { key: 'validate.minValue', values: { min: 0 } } });

    actor.send({ type: 'EDIT.SUBMIT', values: { id: 2, name: 'renamed', pid: 1, sort: 5 } });
    expect(value(actor).editDialog).toBe('submitting');
    expect(updateRow.last().input).toEqual({ id: 2, values: { id: 2, name: 'renamed', pid: 1, sort: 5 } });
    updateRow.last().resolve({ id: 2, name: 'renamed', pid: 1 });
    await flush();
    expect(value(actor).editDialog).toBe('closed');
    expect(context(actor).dialogs.edit).toEqual({ id: null, row: null, values: {} });
    expect(fetchPage.calls).toHaveLength(2);
    expect(log.calls).toEqual([
      { type: 'rowSaved', params: { mode: 'edit', id: 2, values: { id: 2, name: 'renamed', pid: 1, sort: 5 }, answer: { id: 2, name: 'renamed', pid: 1 } } },
      { type: 'notifySuccess', params: { operation: 'edit' } },
    ]);
  });

  it('a failed update keeps the dialog open with the values; a rejection too', async () => {
    const { actor, log, fetchRow, updateRow } = await readyTable();
    actor.send({ type: 'EDIT.OPEN', id: 1 });
    fetchRow.last().resolve({ id: 1, name: 'row 1' });
    await flush();
    actor.send({ type: 'EDIT.SUBMIT', values: { id: 1, name: 'x' } });
    updateRow.last().resolve({ code: 422, msg: 'name too short', data: { field: 'name' } });
    await flush();
    expect(value(actor).editDialog).toBe('open');
    expect(context(actor).dialogs.edit.values).toEqual({ id: 1, name: 'x' });
    expect(context(actor).errors.edit.message).toBe('name too short');
    actor.send({ type: 'EDIT.SUBMIT', values: { id: 1, name: 'xy' } });
    updateRow.last().reject(new Error('Not Found Pages 404.'));
    await flush();
    expect(value(actor).editDialog).toBe('open');
    expect(context(actor).dialogs.edit.values).toEqual({ id: 1, name: 'xy' });
    expect(log.calls).toEqual([
      { type: 'notifyError', params: { operation: 'edit', message: 'name too short' } },
      { type: 'notifyError', params: { operation: 'edit', message: 'Not Found Pages 404.' } },
    ]);
    actor.send({ type: 'EDIT.CANCEL' });
    expect(value(actor).editDialog).toBe('closed');
    expect(context(actor).dialogs.edit).toEqual({ id: null, row: null, values: {} });
    expect(context(actor).errors.edit).toEqual({ fields: {}, message: null });
  });

  it('a failed or refused load closes the dialog with an error toast; EDIT.CANCEL while loading closes it', async () => {
    const { actor, log, fetchRow } = await readyTable();
    actor.send({ type: 'EDIT.OPEN', id: 404 });
    fetchRow.last().resolve({ code: 404, msg: 'no such row', data: null });
    await flush();
    expect(value(actor).editDialog).toBe('closed');
    expect(context(actor).errors.edit.message).toBe('no such row');
    actor.send({ type: 'EDIT.OPEN', id: 3 });
    expect(context(actor).errors.edit.message).toBeNull();
    fetchRow.last().reject(new Error('timeout'));
    await flush();
    expect(value(actor).editDialog).toBe('closed');
    expect(log.calls).toEqual([
      { type: 'notifyError', params: { operation: 'edit', message: 'no such row' } },
      { type: 'notifyError', params: { operation: 'edit', message: 'timeout' } },
    ]);
    actor.send({ type: 'EDIT.OPEN', id: 3 });
    const pending = fetchRow.last();
    actor.send({ type: 'EDIT.CANCEL' });
    expect(value(actor).editDialog).toBe('closed');
    pending.resolve({ id: 3 });
    await flush();
    expect(value(actor).editDialog).toBe('closed');
  });
});

describe('table: view dialog', () => {
  it('loads and shows the row, closes on cancel', async () => {
    const { actor, fetchRow, log } = await readyTable();
    actor.send({ type: 'VIEW.OPEN', id: 1 });
    expect(value(actor).viewDialog).toBe('loading');
    expect(fetchRow.last().input).toEqual({ id: 1 });
    fetchRow.last().resolve({ id: 1, name: 'row 1' });
    await flush();
    expect(value(actor).viewDialog).toBe('open');
    expect(context(actor).dialogs.view).toEqual({ id: 1, row: { id: 1, name: 'row 1' } });
    actor.send({ type: 'VIEW.CANCEL' });
    expect(value(actor).viewDialog).toBe('closed');
    expect(context(actor).dialogs.view).toEqual({ id: null, row: null });
    expect(log.calls).toEqual([]);
  });

  it('closes with an error on a refused or failed load, or when cancelled while loading', async () => {
    const { actor, fetchRow, log } = await readyTable();
    actor.send({ type: 'VIEW.OPEN', id: 1 });
    fetchRow.last().resolve({ code: 403, msg: 'forbidden', data: [] });
    await flush();
    expect(value(actor).viewDialog).toBe('closed');
    expect(context(actor).errors.view).toBe('forbidden');
    actor.send({ type: 'VIEW.OPEN', id: 1 });
    expect(context(actor).errors.view).toBeNull();
    fetchRow.last().reject('boom');
    await flush();
    expect(value(actor).viewDialog).toBe('closed');
    expect(context(actor).errors.view).toBe('boom');
    actor.send({ type: 'VIEW.OPEN', id: 2 });
    actor.send({ type: 'VIEW.CANCEL' });
    expect(value(actor).viewDialog).toBe('closed');
    expect(log.calls).toEqual([
      { type: 'notifyError', params: { operation: 'view', message: 'forbidden' } },
      { type: 'notifyError', params: { operation: 'view', message: 'boom' } },
    ]);
  });

  it('add, edit and view dialogs open and close independently', async () => {
    const { actor, fetchRow } = await readyTable();
    actor.send({ type: 'ADD.OPEN' });
    actor.send({ type: 'EDIT.OPEN', id: 1 });
    actor.send({ type: 'VIEW.OPEN', id: 2 });
    expect(value(actor)).toMatchObject({ addDialog: 'open', editDialog: 'loading', viewDialog: 'loading' });
    expect(fetchRow.calls.map((call) => call.input)).toEqual([{ id: 1 }, { id: 2 }]);
    fetchRow.calls[1].resolve({ id: 2 });
    await flush();
    expect(value(actor)).toMatchObject({ addDialog: 'open', editDialog: 'loading', viewDialog: 'open' });
    actor.send({ type: 'ADD.CANCEL' });
    expect(value(actor)).toMatchObject({ addDialog: 'closed', editDialog: 'loading', viewDialog: 'open' });
  });
});

describe('table: delete', () => {
  it('with nothing selected, DELETE.SELECTED says select first and stays idle', async () => {
    const { actor, log, deleteRows } = await readyTable();
    actor.send({ type: 'DELETE.SELECTED' });
    expect(value(actor).delete).toBe('idle');
    expect(log.calls).toEqual([{ type: 'notifySelectFirst', params: {} }]);
    expect(deleteRows.calls).toHaveLength(0);
  });

  it('asks to confirm; DECLINE does nothing', async () => {
    const { actor, log, deleteRows } = await readyTable();
    actor.send({ type: 'DELETE.ONE', id: 2 });
    expect(value(actor).delete).toBe('confirming');
    expect(context(actor).deleteIds).toEqual([2]);
    expect(log.calls).toEqual([{ type: 'askConfirm', params: { ids: [2], title: 'msg.warning', message: 'msg.deleteConfirm' } }]);
    actor.send({ type: 'DECLINE' });
    expect(value(actor).delete).toBe('idle');
    expect(context(actor).deleteIds).toEqual([]);
    expect(deleteRows.calls).toHaveLength(0);
    expect(log.calls).toHaveLength(1);
  });

  it('deletes the selected rows on CONFIRM, then reloads, toasts and reports the ids', async () => {
    const { actor, log, deleteRows, fetchPage } = await readyTable();
    actor.send({ type: 'SELECT.SET', ids: [1, 3] });
    actor.send({ type: 'DELETE.SELECTED' });
    expect(value(actor).delete).toBe('confirming');
    actor.send({ type: 'CONFIRM' });
    expect(value(actor).delete).toBe('deleting');
    expect(deleteRows.last().input).toEqual({ ids: [1, 3] });
    deleteRows.last().resolve(null);
    await flush();
    expect(value(actor).delete).toBe('idle');
    expect(value(actor).list).toBe('loading');
    expect(fetchPage.calls).toHaveLength(2);
    expect(context(actor)).toMatchObject({ selection: [], deleteIds: [] });
    expect(log.calls).toEqual([
      { type: 'askConfirm', params: { ids: [1, 3], title: 'msg.warning', message: 'msg.deleteConfirm' } },
      { type: 'rowsDeleted', params: { ids: [1, 3] } },
      { type: 'notifySuccess', params: { operation: 'delete' } },
    ]);
  });

  it('a refused or failed delete shows the error and does not reload', async () => {
    const { actor, log, deleteRows, fetchPage } = await readyTable();
    actor.send({ type: 'DELETE.ONE', id: 1 });
    actor.send({ type: 'CONFIRM' });
    deleteRows.last().resolve({ code: 403, msg: 'not yours', data: [] });
    await flush();
    expect(value(actor).delete).toBe('idle');
    expect(context(actor).errors.delete).toBe('not yours');
    actor.send({ type: 'DELETE.ONE', id: 1 });
    actor.send({ type: 'CONFIRM' });
    deleteRows.last().reject(new Error('offline'));
    await flush();
    expect(value(actor).delete).toBe('idle');
    expect(context(actor)).toMatchObject({ deleteIds: [] });
    expect(context(actor).errors.delete).toBe('offline');
    expect(log.paramsOf('notifyError')).toEqual([
      { operation: 'delete', message: 'not yours' },
      { operation: 'delete', message: 'offline' },
    ]);
    expect(log.types()).not.toContain('rowsDeleted');
    expect(fetchPage.calls).toHaveLength(1);
  });
});

describe('table: export', () => {
  it('without a selection exports every row of the current search (all pages)', async () => {
    const { actor, log, exportRows, fetchPage } = await readyTable();
    actor.send({ type: 'SEARCH.SUBMIT', values: { name: 'tea' } });
    fetchPage.last().resolve({ rows: rowsOf(1), total: 250 });
    await flush();
    log.clear();
    actor.send({ type: 'EXPORT' });
    expect(value(actor).export).toBe('exporting');
    expect(exportRows.last().input).toEqual({ mode: 'all', query: { isWith: 'store', name: 'tea|like' } });
    exportRows.last().resolve(undefined);
    await flush();
    expect(value(actor).export).toBe('idle');
    expect(log.calls).toEqual([{ type: 'notifySuccess', params: { operation: 'export' } }]);
  });

  it('with a selection exports only the selected rows; failures are reported', async () => {
    const { actor, log, exportRows } = await readyTable();
    actor.send({ type: 'SELECT.SET', ids: [3, 1] });
    actor.send({ type: 'EXPORT' });
    expect(exportRows.last().input).toEqual({ mode: 'selected', ids: [3, 1], rows: rowsOf(1, 3) });
    exportRows.last().resolve({ code: 500, msg: 'export failed', data: [] });
    await flush();
    expect(value(actor).export).toBe('idle');
    expect(context(actor).errors.export).toBe('export failed');
    actor.send({ type: 'EXPORT' });
    expect(context(actor).errors.export).toBeNull();
    exportRows.last().reject(new Error('disk full'));
    await flush();
    expect(value(actor).export).toBe('idle');
    expect(context(actor).errors.export).toBe('disk full');
    expect(log.calls).toEqual([
      { type: 'notifyError', params: { operation: 'export', message: 'export failed' } },
      { type: 'notifyError', params: { operation: 'export', message: 'disk full' } },
    ]);
  });
});

describe('table: import', () => {
  const file = { name: 'goods.xlsx', size: 2048 };
  const sheet = [{ name: 'A', sort: 1 }, { name: 'B', sort: 2 }];
  /** The sheet as read, without sheet lines (errors keep their row index alone). */
  const read = (rows: Row[]): SheetRead => ({ rows, lines: [], skipped: [] });

  it('reads the first sheet, imports the rows, reports how many and reloads', async () => {
    const { actor, log, readSheet, importRows, fetchPage } = await readyTable();
    actor.send({ type: 'IMPORT.PICK', file });
    expect(value(actor).import).toBe('reading');
    expect(context(actor).importFile).toEqual(file);
    expect(readSheet.last().input).toEqual({ file });
    readSheet.last().resolve(read(sheet));
    await flush();
    expect(value(actor).import).toBe('importing');
    expect(importRows.last().input).toEqual({ rows: sheet });
    importRows.last().resolve({ imported: 2 });
    await flush();
    expect(value(actor).import).toBe('reported');
    expect(context(actor)).toMatchObject({ lastImport: { ok: true, imported: 2 }, sheetRows: [] });
    expect(fetchPage.calls).toHaveLength(2);
    expect(log.calls).toEqual([{ type: 'notifySuccess', params: { operation: 'import' } }]);
    actor.send({ type: 'IMPORT.DISMISS' });
    expect(value(actor).import).toBe('idle');
    expect(context(actor)).toMatchObject({ lastImport: null, importFile: null });
  });

  it('an empty sheet clears the choice and says so', async () => {
    const { actor, log, readSheet, importRows } = await readyTable();
    actor.send({ type: 'IMPORT.PICK', file });
    readSheet.last().resolve(read([]));
    await flush();
    expect(value(actor).import).toBe('idle');
    expect(context(actor).importFile).toBeNull();
    expect(importRows.calls).toHaveLength(0);
    expect(log.calls).toEqual([{ type: 'notifyEmptySheet', params: { file } }]);
  });

  it('reports the per-row errors of a refused import, never a success', async () => {
    const { actor, log, readSheet, importRows, fetchPage } = await readyTable();
    const errors = [{ row: 1, field: 'name', message: 'name is required' }];
    actor.send({ type: 'IMPORT.PICK', file });
    readSheet.last().resolve(read(sheet));
    await flush();
    importRows.last().resolve({ code: 422, msg: '1 row is invalid', data: { field: 'rows', errors } });
    await flush();
    expect(value(actor).import).toBe('reported');
    expect(context(actor).lastImport).toEqual({ ok: false, message: '1 row is invalid', errors });
    expect(log.calls).toEqual([{ type: 'notifyError', params: { operation: 'import', message: '1 row is invalid' } }]);
    expect(fetchPage.calls).toHaveLength(1);

    actor.send({ type: 'IMPORT.DISMISS' });
    actor.send({ type: 'IMPORT.PICK', file });
    readSheet.last().resolve(read(sheet));
    await flush();
    importRows.last().resolve(null);
    await flush();
    expect(context(actor).lastImport).toEqual({ ok: false, message: '', errors: [] });
    expect(log.types()).not.toContain('notifySuccess');
  });

  it('a rejected import or an unreadable file is reported with its message', async () => {
    const { actor, log, readSheet, importRows } = await readyTable();
    const errors = [{ row: 0, field: 'sort', message: 'sort must be a number' }];
    actor.send({ type: 'IMPORT.PICK', file });
    readSheet.last().resolve(read(sheet));
    await flush();
    importRows.last().reject({ msg: 'invalid rows', data: { errors } });
    await flush();
    expect(value(actor).import).toBe('reported');
    expect(context(actor).lastImport).toEqual({ ok: false, message: 'invalid rows', errors });
    actor.send({ type: 'IMPORT.DISMISS' });

    actor.send({ type: 'IMPORT.PICK', file: { name: 'notes.txt', size: 3 } });
    readSheet.last().reject(new Error('not a spreadsheet'));
    await flush();
    expect(value(actor).import).toBe('reported');
    expect(context(actor).lastImport).toEqual({ ok: false, message: 'not a spreadsheet', errors: [] });
    expect(log.paramsOf('notifyError')).toEqual([
      { operation: 'import', message: 'invalid rows' },
      { operation: 'import', message: 'not a spreadsheet' },
    ]);
  });

  it('keeps the sheet lines in context: row errors name their sheet line, skipped lines stay until dismissed', async () => {
    const { actor, readSheet, importRows } = await readyTable();
    actor.send({ type: 'IMPORT.PICK', file });
    readSheet.last().resolve({ rows: [...sheet, { name: 'C', sort: 'x' }], lines: [2, 3, 5], skipped: [4] });
    await flush();
    expect(context(actor)).toMatchObject({ sheetLines: [2, 3, 5], skippedLines: [4] });
    expect(importRows.last().input).toEqual({ rows: [...sheet, { name: 'C', sort: 'x' }] });
    importRows.last().resolve({ code: 422, msg: '1 row is invalid', data: { field: 'rows', errors: [{ row: 2, field: 'sort', message: 'bad' }] } });
    await flush();
    expect(value(actor).import).toBe('reported');
    expect(context(actor).lastImport).toEqual({ ok: false, message: '1 row is invalid', errors: [{ row: 2, field: 'sort', message: 'bad', line: 5 }] });
    expect(context(actor)).toMatchObject({ sheetRows: [], sheetLines: [], skippedLines: [4] });
    actor.send({ type: 'IMPORT.DISMISS' });
    expect(context(actor)).toMatchObject({ lastImport: null, skippedLines: [] });

    // A rejection's row errors are numbered the same way; a new pick forgets the old lines.
    actor.send({ type: 'IMPORT.PICK', file });
    expect(context(actor)).toMatchObject({ sheetLines: [], skippedLines: [] });
    readSheet.last().resolve({ rows: sheet, lines: [3, 4], skipped: [2] });
    await flush();
    importRows.last().reject({ msg: 'invalid rows', errors: [{ row: 1, field: 'name', message: 'taken' }, { row: 7, field: 'name', message: 'odd' }] });
    await flush();
    expect(context(actor).lastImport).toEqual({
      ok: false, message: 'invalid rows', errors: [{ row: 1, field: 'name', message: 'taken', line: 4 }, { row: 7, field: 'name', message: 'odd' }],
    });
    expect(context(actor).skippedLines).toEqual([2]);
  });
});
