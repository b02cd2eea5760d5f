import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expressesPage } from '../../../src/backoffice/views/Admin/exts/expresses';
import { resetApp } from '../helpers';
import { API, bodyRows, callsTo, couriers, listAnswer, mountTable, ok, queryOf } from './setup';

describe('table page: list, paging, search', () => {
  afterEach(() => resetApp('/'));

  it('loads page 1 of 30 and pages through with the paginator (total, sizes, prev, pager, next, jumper)', async () => {
    const { calls } = mountTable(expressesPage, { [`GET ${API}`]: listAnswer(couriers(1, 95)) });
    expect(await screen.findByText('courier 1')).toBeTruthy();
    expect(queryOf(callsTo(calls, 'GET', API)[0])).toEqual({ page: '1', per_page: '30' });
    const nav = screen.getByRole('navigation', { name: '分页' });
    expect(within(nav).getByText('共 95 条')).toBeTruthy();
    expect(within(nav).getAllByRole('button', { name: /^第 \d+ 页$/ }).map((b) => b.textContent)).toEqual(['1', '2', '3', '4']);
    expect(within(nav).getByRole('button', { name: '第 1 页' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(nav).getByRole('button', { name: '下一页' }));
    expect(await screen.findByText('courier 31')).toBeTruthy();
    expect(queryOf(callsTo(calls, 'GET', API).at(-1)!)).toEqual({ page: '2', per_page: '30' });

    fireEvent.change(within(nav).getByLabelText('前往'), { target: { value: '4' } });
    fireEvent.keyDown(within(nav).getByLabelText('前往'), { key: 'Enter' });
    expect(await screen.findByText('courier 91')).toBeTruthy();
    expect(bodyRows()).toHaveLength(5);

    const sizes = within(nav).getByLabelText('每页条数') as HTMLSelectElement;
    expect([...sizes.options].map((o) => o.value)).toEqual(['30', '100', '200', '300', '400']);
    fireEvent.change(sizes, { target: { value: '100' } });
    await waitFor(() => expect(queryOf(callsTo(calls, 'GET', API).at(-1)!)).toEqual({ page: '1', per_page: '100' }));
    await waitFor(() => expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('96'));
    expect(screen.getByText('courier 1')).toBeTruthy();
    expect(within(nav).getAllByRole('button', { name: /^第 \d+ 页$/ })).toHaveLength(1);
  });

  it("says 'at least' when the server stopped counting (total_capped), and the exact total on a short last page", async () => {
    mountTable(expressesPage, {
      [`GET ${API}`]: (call) => {
        const page = Number(queryOf(call).page);
        return page === 1
          ? ok({ data: couriers(1, 30), total: 10_001, total_capped: true, per_page: 30, current_page: 1, last_page: 334 })
          : ok({ data: couriers(30_001, 30_005), total: 30_005, per_page: 30, current_page: page, last_page: page });
      },
    });
    await screen.findByText('courier 1');
    const nav = screen.getByRole('navigation', { name: '分页' });
    expect(within(nav).getByTestId('pagination-total').textContent).toBe('至少 10001 条');
    fireEvent.change(within(nav).getByLabelText('前往'), { target: { value: '1001' } });
    fireEvent.keyDown(within(nav).getByLabelText('前往'), { key: 'Enter' });
    expect(await screen.findByText('courier 30001')).toBeTruthy();
    expect(within(nav).getByTestId('pagination-total').textContent).toBe('共 30005 条');
  });

  it('renders cells: "-" for empty text, 0 as 0, created_at 165 px', async () => {
    mountTable(
      { url: '/Admin/expresses', columns: [{ label: 'table.name', value: 'name' }, { label: 'table.sort', value: 'is_sort' }, { label: 'table.createdAt', value: 'created_at' }] },
      { [`GET ${API}`]: listAnswer([{ id: 1, name: '', is_sort: 0, created_at: null }]) },
    );
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    const cells = within(bodyRows()[0]).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['', '-', '0', '-', '查看编辑删除']);
    const header = screen.getAllByRole('row')[0] as HTMLElement;
    // 165 px given room (the time under the date when the page is short of it)
    expect(header.style.gridTemplateColumns).toContain('165px)');
  });

  it('search submit goes back to page 1 with the operator; reset re-queries without filters', async () => {
    const { calls } = mountTable(expressesPage, { [`GET ${API}`]: listAnswer(couriers(1, 95)) });
    await screen.findByText('courier 1');
    fireEvent.click(screen.getByRole('button', { name: '第 3 页' }));
    await screen.findByText('courier 61');
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    const form = screen.getByRole('search');
    fireEvent.change(within(form).getByLabelText('公司名称'), { target: { value: 'courier 7' } });
    fireEvent.click(within(form).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(queryOf(callsTo(calls, 'GET', API).at(-1)!)).toEqual({ page: '1', per_page: '30', name: 'courier 7|like' }));
    await waitFor(() => expect(bodyRows().map((r) => within(r).getAllByRole('cell')[2].textContent)).toEqual(['courier 7', 'courier 70', 'courier 71', 'courier 72', 'courier 73', 'courier 74', 'courier 75', 'courier 76', 'courier 77', 'courier 78', 'courier 79']));
    fireEvent.click(within(form).getByRole('button', { name: '重置' }));
    await waitFor(() => expect(queryOf(callsTo(calls, 'GET', API).at(-1)!)).toEqual({ page: '1', per_page: '30' }));
    expect((within(form).getByLabelText('公司名称') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(screen.queryByRole('search')).toBeNull();
  });

  it('shows the first 5 search fields with an expand toggle', async () => {
    const search = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((v) => ({ label: 'table.name', value: v }));
    mountTable({ ...expressesPage, search }, { [`GET ${API}`]: listAnswer(couriers(1, 2)) });
    await screen.findByText('courier 1');
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    const form = screen.getByRole('search');
    expect(within(form).getAllByLabelText('名称')).toHaveLength(5);
    fireEvent.click(within(form).getByRole('button', { name: '展开' }));
    expect(within(form).getAllByLabelText('名称')).toHaveLength(7);
    expect(within(form).getByRole('button', { name: '收起' }).getAttribute('aria-expanded')).toBe('true');
  });

  it("says 'wait setting.' when the page has no search fields", async () => {
    const { search: _none, ...withoutSearch } = expressesPage;
    mountTable(withoutSearch, { [`GET ${API}`]: listAnswer(couriers(1, 2)) });
    await screen.findByText('courier 1');
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('wait setting.')).toBeTruthy();
    expect(screen.queryByRole('search')).toBeNull();
  });

  it('shows the default buttons: add, search, export, row view / edit / delete; import and batch delete hidden', async () => {
    mountTable({ url: PAGE, columns: expressesPage.columns, form: expressesPage.form }, { [`GET ${API}`]: listAnswer(couriers(1, 1)) });
    await screen.findByText('courier 1');
    const toolbar = screen.getByRole('toolbar', { name: '表格操作' });
    expect(within(toolbar).getAllByRole('button').map((b) => b.textContent)).toEqual(['添加', '搜索', '列4/4', '导出']);
    expect(within(bodyRows()[0]).getAllByRole('button').map((b) => b.textContent)).toEqual(['查看', '编辑', '删除']);
  });
});

const PAGE = '/Admin/expresses';
