import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuItem } from '../../../machines/menus';
import { getShellActor } from '../../../src/backoffice/shell/shellActor';
import type { PageConfig } from '../../../src/backoffice/table/types';
import { expressesPage } from '../../../src/backoffice/views/Admin/exts/expresses';
import { resetApp } from '../helpers';
import { API, bodyRows, callsTo, couriers, failure, listAnswer, mountTable, ok, queryOf } from './setup';

const written = vi.hoisted(() => ({ calls: [] as { data: unknown[][]; options: unknown; fileName: string }[] }));
const sheets = vi.hoisted(() => ({ next: [] as unknown[][], files: [] as unknown[], fail: null as Error | null }));

vi.mock('write-excel-file/browser', () => ({
  default: (data: unknown[][], options: unknown) => ({
    toFile: async (fileName: string) => void written.calls.push({ data, options, fileName }),
    toBlob: async () => new Blob(),
  }),
}));
vi.mock('read-excel-file/browser', () => ({
  readSheet: async (file: unknown, sheet: unknown) => {
    sheets.files.push({ file, sheet });
    if (sheets.fail) throw sheets.fail;
    return sheets.next;
  },
}));

/** Couriers with a status dictionary (static) and a store name looked up by id (id|in). */
const withDicts: PageConfig = {
  ...expressesPage,
  columns: [
    ...expressesPage.columns.slice(1, 3),
    { label: 'table.status', value: 'status', type: 'dict' },
    { label: 'table.name', value: 'store_id', type: 'dict', dict: 'stores' },
  ],
  dictData: { status: [{ label: '启用', value: 1 }, { label: '停用', value: 0 }] },
  dicts: [{ name: 'stores', url: '/Admin/stores', selectByColumnIds: 'store_id', labelName: 'store_name', valueName: 'id' }],
};

const rowsWithDicts = couriers(1, 150).map((r, i) => ({ ...r, status: i % 2, store_id: (i % 3) + 1 }));
const storesAnswer = (call: { url: string }) => {
  const ids = (queryOf(call as never).id ?? '').replace('|in', '').split(',').filter(Boolean);
  return ok(ids.map((id) => ({ id: Number(id), store_name: `store ${id}` })));
};

describe('table page: export', () => {
  afterEach(() => {
    written.calls.splice(0);
    resetApp('/');
  });

  it('exports every row of the current search (isAll, all pages) with dictionary labels, Sheet1, the menu name', async () => {
    const { calls } = mountTable(withDicts, {
      [`GET ${API}`]: listAnswer(rowsWithDicts),
      'GET /api/Admin/stores': storesAnswer,
    });
    getShellActor(0).send({ type: 'MENUS.SET', menus: [{ id: 1, pid: 0, name: '物流', children: [{ id: 2, pid: 1, name: '物流公司', apis: '/Admin/expresses', view: 'Admin/exts/expresses/index', is_open: 0 }] }] as unknown as MenuItem[] });
    getShellActor(0).send({ type: 'ROUTE.CHANGED', path: '/Admin/expresses' });
    await screen.findByText('courier 1');
    await waitFor(() => expect(screen.getAllByText('store 1').length).toBeGreaterThan(0));
    const lookups = callsTo(calls, 'GET', '/api/Admin/stores');
    expect(queryOf(lookups[0])).toEqual({ isAll: '1', id: '1,2,3|in' });

    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    fireEvent.change(within(screen.getByRole('search')).getByLabelText('公司名称'), { target: { value: 'courier 1' } });
    fireEvent.click(within(screen.getByRole('search')).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('31'));

    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(written.calls).toHaveLength(1));
    const exportQuery = queryOf(callsTo(calls, 'GET', API).at(-1)!);
    expect(exportQuery).toEqual({ name: 'courier 1|like', isAll: '1' });
    const { data, options, fileName } = written.calls[0];
    expect(fileName).toBe('物流公司.xlsx');
    expect(options).toEqual({ sheet: 'Sheet1' });
    // the row key first (no column of the page shows it): a re-import names the rows it updates
    expect(data[0]).toEqual(['ID', '公司名称', '快递编码', '状态', '名称']);
    // courier 1, 10–19, 100–150: 62 rows, more than the 30 on screen.
    expect(data).toHaveLength(63);
    expect(data[1]).toEqual([1, 'courier 1', 'C1', '停用', 'store 1']);
    expect(data[2]).toEqual([10, 'courier 10', 'C10', '启用', 'store 1']);
    expect(data.at(-1)).toEqual([150, 'courier 150', 'C150', '启用', 'store 3']);
  });

  it('exports only the selected rows when some are selected, as table.xlsx without a menu name', async () => {
    const { calls } = mountTable(withDicts, {
      [`GET ${API}`]: listAnswer(rowsWithDicts),
      'GET /api/Admin/stores': storesAnswer,
    });
    await screen.findByText('courier 2');
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 courier 2' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 courier 3' }));
    const listCalls = callsTo(calls, 'GET', API).length;
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(written.calls).toHaveLength(1));
    expect(callsTo(calls, 'GET', API)).toHaveLength(listCalls);
    expect(written.calls[0].fileName).toBe('table.xlsx');
    expect(written.calls[0].data).toEqual([
      ['ID', '公司名称', '快递编码', '状态', '名称'],
      [2, 'courier 2', 'C2', '启用', 'store 2'],
      [3, 'courier 3', 'C3', '停用', 'store 3'],
    ]);
  });
});

describe('table page: import', () => {
  afterEach(() => {
    sheets.files.splice(0);
    sheets.fail = null;
    resetApp('/');
  });

  const pick = () => {
    const input = screen.getByTestId('import-file') as HTMLInputElement;
    const file = new File(['xlsx'], 'couriers.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    fireEvent.change(input, { target: { files: [file] } });
    return file;
  };

  it('posts the first sheet as JSON rows (labels mapped to fields) and lists the refused rows of a 422', async () => {
    sheets.next = [
      ['公司名称', '快递编码', '创建时间'],
      ['顺丰', 'SF', new Date(2024, 0, 2, 3, 4, 5)],
      [null, null, null],
      ['中通', 'bad code!', null],
    ];
    const { calls } = mountTable(expressesPage, {
      [`GET ${API}`]: listAnswer(couriers(1, 3)),
      [`POST ${API}/import/excel`]: failure(422, '1 行数据不正确', { field: 'rows', errors: [{ row: 1, field: 'code', message: '编码只能包含字母、数字、_ 和 -' }] }),
    });
    await screen.findByText('courier 1');
    const file = pick();
    const report = await screen.findByRole('dialog');
    expect(within(report).getByRole('heading', { name: '导入结果' })).toBeTruthy();
    expect(within(report).getByRole('alert').textContent).toBe('1 行数据不正确');
    const items = within(within(report).getByRole('list', { name: '导入错误' })).getAllByRole('listitem');
    // 中通 is on sheet line 4 (header, 顺丰, a blank line), though it was the second row sent
    expect(items.map((li) => li.textContent)).toEqual(['第 4 行快递编码编码只能包含字母、数字、_ 和 -']);
    expect(within(report).getByText('跳过了 1 个空行（第 3 行）')).toBeTruthy();
    expect(sheets.files).toEqual([{ file, sheet: 1 }]);
    const post = callsTo(calls, 'POST', `${API}/import/excel`)[0];
    expect(post.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(post.body))).toEqual([
      { name: '顺丰', code: 'SF', created_at: '2024-01-02 03:04:05' },
      { name: '中通', code: 'bad code!' },
    ]);
    expect(screen.queryByText('操作成功。')).toBeNull();
  });

  it('reports how many rows were imported and reloads the list', async () => {
    sheets.next = [['公司名称', '快递编码'], ['顺丰', 'SF'], ['中通', 'ZTO']];
    const { calls } = mountTable(expressesPage, {
      [`GET ${API}`]: listAnswer(couriers(1, 3)),
      [`POST ${API}/import/excel`]: ok({ imported: 2 }),
    });
    await screen.findByText('courier 1');
    const lists = callsTo(calls, 'GET', API).length;
    pick();
    const report = await screen.findByRole('dialog');
    expect(within(report).getByText('已导入 2 行')).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, 'GET', API).length).toBe(lists + 1));
    fireEvent.click(within(report).getAllByRole('button', { name: '关闭' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('an empty sheet clears the choice and posts nothing', async () => {
    sheets.next = [['公司名称', '快递编码']];
    const { calls } = mountTable(expressesPage, {
      [`GET ${API}`]: listAnswer(couriers(1, 3)),
      [`POST ${API}/import/excel`]: ok({ imported: 0 }),
    });
    await screen.findByText('courier 1');
    pick();
    expect(await screen.findByText('表格没有数据，已清除所选文件')).toBeTruthy();
    expect(callsTo(calls, 'POST', `${API}/import/excel`)).toHaveLength(0);
    expect((screen.getByTestId('import-file') as HTMLInputElement).value).toBe('');
    expect(bodyRows()).toHaveLength(3);
  });

  it('reads a header in the other language (exported in English, imported with the Chinese interface) and raw field names', async () => {
    sheets.next = [['ID', 'Courier', ' courier  CODE ', 'Created at'], [7, '顺丰', 'SF', '2024-01-02 03:04:05'], [null, '中通', 'ZTO', null]];
    const { calls } = mountTable(expressesPage, {
      [`GET ${API}`]: listAnswer(couriers(1, 3)),
      [`POST ${API}/import/excel`]: ok({ imported: 2 }),
    });
    await screen.findByText('courier 1');
    pick();
    const report = await screen.findByRole('dialog');
    expect(within(report).getByText('已导入 2 行')).toBeTruthy();
    expect(within(report).queryByText(/空行/)).toBeNull();
    expect(JSON.parse(String(callsTo(calls, 'POST', `${API}/import/excel`)[0].body))).toEqual([
      { id: 7, name: '顺丰', code: 'SF', created_at: '2024-01-02 03:04:05' },
      { name: '中通', code: 'ZTO' },
    ]);
    fireEvent.click(within(report).getAllByRole('button', { name: '关闭' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    sheets.next = [['name', 'code'], ['圆通', 'YTO']];
    pick();
    await screen.findByRole('dialog');
    await waitFor(() => expect(callsTo(calls, 'POST', `${API}/import/excel`)).toHaveLength(2));
    expect(JSON.parse(String(callsTo(calls, 'POST', `${API}/import/excel`)[1].body))).toEqual([{ name: '圆通', code: 'YTO' }]);
  });

  it('refuses a sheet with columns the page does not know, naming them; nothing is posted', async () => {
    sheets.next = [['公司名称', '备注列', '', 'Kurier'], ['顺丰', 'x', 'y', null]];
    const { calls } = mountTable(expressesPage, {
      [`GET ${API}`]: listAnswer(couriers(1, 3)),
      [`POST ${API}/import/excel`]: ok({ imported: 1 }),
    });
    await screen.findByText('courier 1');
    pick();
    const report = await screen.findByRole('dialog');
    expect(within(report).getByRole('alert').textContent).toBe(
      '表格中有本页不认识的列：「备注列」、第 C 列（无表头）、「Kurier」。请使用本页导出的表头（中文或英文均可），或删除这些列后再导入。',
    );
    expect(callsTo(calls, 'POST', `${API}/import/excel`)).toHaveLength(0);
    expect(screen.queryByText('已导入 1 行')).toBeNull();
  });

  it("says in the interface's language that a file is no spreadsheet (not the reader's English message)", async () => {
    sheets.fail = new Error("Doesn't look like an .xlsx file");
    const { calls } = mountTable(expressesPage, { [`GET ${API}`]: listAnswer(couriers(1, 3)) });
    await screen.findByText('courier 1');
    pick();
    expect(await screen.findByText('无法读取该文件：请选择 .xlsx 格式的 Excel 表格。')).toBeTruthy();
    expect(screen.queryByText(/Doesn't look like/)).toBeNull();
    expect(callsTo(calls, 'POST', `${API}/import/excel`)).toHaveLength(0);
  });

  it('reports the blank lines it skipped with the rows imported', async () => {
    sheets.next = [['公司名称', '快递编码'], ['顺丰', 'SF'], [null, null], ['', '  '], ['中通', 'ZTO'], [null, null]];
    const { calls } = mountTable(expressesPage, {
      [`GET ${API}`]: listAnswer(couriers(1, 3)),
      [`POST ${API}/import/excel`]: ok({ imported: 2 }),
    });
    await screen.findByText('courier 1');
    pick();
    const report = await screen.findByRole('dialog');
    expect(within(report).getByText('已导入 2 行')).toBeTruthy();
    expect(within(report).getByText('跳过了 2 个空行（第 3、4 行）')).toBeTruthy();
    expect(JSON.parse(String(callsTo(calls, 'POST', `${API}/import/excel`)[0].body))).toHaveLength(2);
  });
});
