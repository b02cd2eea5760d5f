import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageConfig } from '../../../src/backoffice/table/types';
import { formBody, resetApp, type RecordedCall } from '../helpers';
import { bodyRows, callsTo, couriers, mountTable, ok, queryOf } from './setup';

const AREAS = '/api/Admin/areas';

const areasPage: PageConfig = {
  url: '/Admin/areas',
  columns: [{ label: 'table.name', value: 'name' }],
  tree: { pid: 'id', lazyPid: 'pid' },
  form: {
    add: [{ label: 'table.sort', value: 'pid' }, { label: 'table.name', value: 'name' }],
    edit: [{ label: 'table.name', value: 'name' }],
    rules: { name: [{ required: true }] },
  },
};

describe('table page: lazy tree', () => {
  afterEach(() => resetApp('/'));

  it('expands a row to load its children by pid, collapses it, and reloads that parent after an add', async () => {
    const children: Record<string, { id: number; name: string; pid: number; has_children: unknown }[]> = {
      '0': [
        { id: 1, name: '广东', pid: 0, has_children: { id: 2 } },
        { id: 5, name: '北京', pid: 0, has_children: null },
      ],
      '1': [{ id: 2, name: '广州', pid: 1, has_children: null }],
    };
    const { calls } = mountTable(areasPage, {
      [`GET ${AREAS}`]: (call: RecordedCall) => {
        const q = queryOf(call);
        expect(q.isChildren).toBe('true');
        return ok(children[q.pid] ?? []);
      },
      [`POST ${AREAS}`]: (call: RecordedCall) => {
        const body = formBody(call);
        children['1'] = [...children['1'], { id: 9, name: body.name, pid: 1, has_children: null }];
        return ok({ id: 9, ...body });
      },
    });
    await screen.findByText('广东');
    expect(queryOf(callsTo(calls, 'GET', AREAS)[0])).toEqual({ isChildren: 'true', pid: '0' });
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull();
    expect(screen.queryByRole('button', { name: '展开 北京' })).toBeNull();

    const toggle = screen.getByRole('button', { name: '展开 广东' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(await screen.findByText('广州')).toBeTruthy();
    expect(queryOf(callsTo(calls, 'GET', AREAS).at(-1)!)).toEqual({ isChildren: 'true', pid: '1' });
    expect(screen.getByRole('button', { name: '收起 广东' }).getAttribute('aria-expanded')).toBe('true');
    expect(bodyRows().map((r) => r.textContent?.replace(/查看|编辑|删除|▸/g, ''))).toEqual(['广东', '广州', '北京']);
    const indent = (name: string) => (within(bodyRows().find((r) => r.textContent?.includes(name))!).getAllByRole('cell')[1] as HTMLElement).style.paddingLeft;
    expect(indent('广州')).toBe('28px');

    fireEvent.click(screen.getByRole('button', { name: '收起 广东' }));
    await waitFor(() => expect(screen.queryByText('广州')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '展开 广东' }));
    expect(await screen.findByText('广州')).toBeTruthy();
    const childLoads = callsTo(calls, 'GET', AREAS).filter((c) => queryOf(c).pid === '1').length;
    expect(childLoads).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('排序'), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '深圳' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await screen.findByText('深圳')).toBeTruthy();
    expect(callsTo(calls, 'GET', AREAS).filter((c) => queryOf(c).pid === '1')).toHaveLength(2);
    expect(callsTo(calls, 'GET', AREAS).filter((c) => queryOf(c).pid === '0')).toHaveLength(2);
  });

  it('after a delete the deleted row’s parent reloads', async () => {
    let guangzhou = true;
    const { calls } = mountTable(areasPage, {
      [`GET ${AREAS}`]: (call: RecordedCall) => {
        const q = queryOf(call);
        if (q.pid === '1') return ok(guangzhou ? [{ id: 2, name: '广州', pid: 1, has_children: null }] : []);
        return ok([{ id: 1, name: '广东', pid: 0, has_children: { id: 2 } }]);
      },
      [`DELETE ${AREAS}/2`]: () => {
        guangzhou = false;
        return ok([]);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '展开 广东' }));
    const row = (await screen.findByText('广州')).closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '删除' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByText('广州')).toBeNull());
    expect(callsTo(calls, 'GET', AREAS).filter((c) => queryOf(c).pid === '1')).toHaveLength(2);
  });
});

describe('table page: search on a lazy tree', () => {
  afterEach(() => resetApp('/'));

  it('lists matching rows of every depth, flat and paginated with their parent, and goes back to the tree on reset', async () => {
    const all = [
      { id: 1, name: '广东', pid: 0 },
      { id: 2, name: '广州', pid: 1 },
      ...Array.from({ length: 34 }, (_, i) => ({ id: 100 + i, name: `广州区${i}`, pid: 2 })),
    ];
    const { calls } = mountTable(
      { ...areasPage, search: [{ label: 'table.name', value: 'name', where: 'likeRight' }] },
      {
        [`GET ${AREAS}`]: (call: RecordedCall) => {
          const q = queryOf(call);
          if (q.isChildren) return ok(all.filter((r) => String(r.pid) === q.pid).map((r) => ({ ...r, has_children: all.some((c) => c.pid === r.id) ? {} : null })));
          if (q.id) {
            const ids = q.id.replace(/\|in$/, '').split(',');
            expect(q.isAll).toBe('1');
            return ok(all.filter((r) => ids.includes(String(r.id))));
          }
          const needle = (q.name ?? '').replace(/\|likeRight$/, '');
          const rows = all.filter((r) => r.name.startsWith(needle));
          const page = Number(q.page);
          const perPage = Number(q.per_page);
          return ok({ data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length, per_page: perPage, current_page: page });
        },
      },
    );
    await screen.findByText('广东');
    expect(screen.queryByText('广州')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    const form = screen.getByRole('search');
    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: '广州' } });
    fireEvent.click(within(form).getByRole('button', { name: '查询' }));
    await screen.findByText('广州区0');
    const searched = callsTo(calls, 'GET', AREAS).find((c) => queryOf(c).name);
    expect(queryOf(searched!)).toEqual({ name: '广州|likeRight', page: '1', per_page: '30' });
    // flat: no toggles, the parent in its own column (a name once looked up), a paginator
    expect(screen.queryByRole('button', { name: /^展开/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: '上级' })).toBeTruthy();
    const cellsOf = (name: string) => within(bodyRows().find((r) => within(r).queryByText(name))!).getAllByRole('cell').map((c) => c.textContent);
    await waitFor(() => expect(cellsOf('广州区0')[2]).toBe('广州'));
    expect(cellsOf('广州')[2]).toBe('广东');
    const lookup = callsTo(calls, 'GET', AREAS).find((c) => queryOf(c).id);
    expect(queryOf(lookup!).id).toBe('1,2|in');
    fireEvent.click(screen.getByRole('button', { name: '第 2 页' }));
    await screen.findByText('广州区33');
    expect(queryOf(callsTo(calls, 'GET', AREAS).filter((c) => queryOf(c).name).at(-1)!)).toEqual({ name: '广州|likeRight', page: '2', per_page: '30' });

    fireEvent.click(within(form).getByRole('button', { name: '重置' }));
    await screen.findByText('广东');
    await waitFor(() => expect(screen.queryByText('广州区33')).toBeNull());
    expect(queryOf(callsTo(calls, 'GET', AREAS).at(-1)!)).toEqual({ isChildren: 'true', pid: '0' });
    expect(screen.getByRole('button', { name: '展开 广东' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: '上级' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull();
  });
});

describe('table page: virtualised rows', () => {
  afterEach(() => resetApp('/'));

  it('renders only the visible rows of 10,000 and follows the scroll', async () => {
    const all = couriers(1, 10_000);
    mountTable(
      { url: '/Admin/expresses', columns: [{ label: 'table.id', value: 'id' }, { label: 'table.name', value: 'name' }], noPagination: true },
      { 'GET /api/Admin/expresses': (call: RecordedCall) => (expect(queryOf(call).isAll).toBe('1'), ok(all)) },
    );
    await screen.findByText('courier 1');
    const table = screen.getByRole('table');
    expect(table.getAttribute('aria-rowcount')).toBe('10001');
    const rendered = bodyRows();
    expect(rendered.length).toBeGreaterThan(10);
    expect(rendered.length).toBeLessThan(40);
    expect(screen.queryByText('courier 5000')).toBeNull();

    const scroller = screen.getByTestId('table-scroll');
    scroller.scrollTop = 44 * 5000;
    fireEvent.scroll(scroller);
    expect(await screen.findByText('courier 5001')).toBeTruthy();
    expect(screen.queryByText('courier 1')).toBeNull();
    expect(bodyRows().length).toBeLessThan(40);
    const indexes = bodyRows().map((r) => Number(r.getAttribute('aria-rowindex')));
    expect(Math.min(...indexes)).toBeGreaterThan(4980);
    // Every row is at least the row height and grows with its content (issue 15: no fixed height).
    expect(new Set(bodyRows().map((r) => r.style.minHeight))).toEqual(new Set(['44px']));
    expect(new Set(bodyRows().map((r) => r.style.height))).toEqual(new Set(['']));
  });
});
