import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import AreasPage, { areaCodePath } from '../../../src/backoffice/views/Admin/exts/areas/index';
import { envelope, fakeFetch, formBody, resetApp, type RecordedCall } from '../helpers';
import { freshPage, queryOf, renderView, withLayout } from './pageHelpers';

/** Areas (screens §4.5): the parent is picked with a lazy cascader, not typed as a code. */
const levels: Record<string, { id: number; code: string; pid: string; deep: number; name: string; leaf: boolean }[]> = {
  '0': [
    { id: 1, code: '11', pid: '0', deep: 0, name: '北京市', leaf: false },
    { id: 2, code: '44', pid: '0', deep: 0, name: '广东省', leaf: false },
  ],
  '11': [{ id: 3, code: '1101', pid: '11', deep: 1, name: '市辖区', leaf: false }],
  '1101': [{ id: 4, code: '110105', pid: '1101', deep: 2, name: '朝阳区', leaf: true }],
};

describe('areas page: parent picker', () => {
  let restore: () => void = () => {};
  afterEach(() => {
    restore();
    resetApp('/');
  });

  function mount() {
    freshPage('/Admin/areas');
    restore = withLayout();
    const fetch = fakeFetch({
      'GET /api/Admin/areas': (call: RecordedCall) =>
        envelope((levels[queryOf(call.url).get('pid') ?? '0'] ?? []).map((r) => ({ ...r, has_children: r.leaf ? null : {} }))),
      'GET /api/Admin/areas/4': envelope({ ...levels['1101'][0], created_at: '2024-01-01 00:00:00' }),
      'GET /api/load_areas': (call: RecordedCall) => {
        const q = queryOf(call.url);
        expect(q.get('isLazy')).toBe('1');
        return envelope(levels[q.get('pid') ?? '0'] ?? []);
      },
      'POST /api/Admin/areas': (call: RecordedCall) => envelope({ id: 9, ...formBody(call) }),
      'PUT /api/Admin/areas/4': (call: RecordedCall) => envelope({ ...levels['1101'][0], ...formBody(call) }),
      'GET /api/Admin/clear_area': envelope([]),
    });
    renderView(AreasPage, 0, '/Admin/areas');
    return fetch;
  }

  it('清理缓存 (reference toolbar) asks the server to rebuild the area tree, says so and reloads the list', async () => {
    const { calls } = mount();
    await screen.findByText('北京市');
    const lists = () => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/Admin/areas')).length;
    const before = lists();
    fireEvent.click(within(screen.getByRole('toolbar', { name: '表格操作' })).getByRole('button', { name: '清理缓存' }));
    expect(await screen.findByText('地区缓存已清理')).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/Admin/clear_area'))).toHaveLength(1);
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
  });

  it('adds an area under a parent picked level by level (top level by default)', async () => {
    const { calls } = mount();
    await screen.findByText('北京市');
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('textbox', { name: /上级/ })).toBeNull();
    const picker = within(dialog).getByRole('button', { name: /上级地区/ });
    await waitFor(() => expect(picker.textContent).toContain('顶级'));
    fireEvent.click(picker);
    fireEvent.click(await within(dialog).findByRole('button', { name: '北京市' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: '市辖区' }));
    await waitFor(() => expect(picker.textContent).toContain('北京市 / 市辖区'));
    expect(calls.filter((c) => c.url.startsWith('/api/load_areas')).map((c) => queryOf(c.url).get('pid'))).toEqual(['0', '11', '1101']);
    fireEvent.change(within(dialog).getByRole('textbox', { name: '区域代码' }), { target: { value: '110120' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '区域名称' }), { target: { value: '新区' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(formBody(calls.find((c) => c.method === 'POST')!)).toEqual({ pid: '1101', code: '110120', name: '新区' });
  });

  it('edits an area showing its parent by name, the levels along it loaded', async () => {
    const { calls } = mount();
    fireEvent.click(await screen.findByRole('button', { name: '展开 北京市' }));
    fireEvent.click(await screen.findByRole('button', { name: '展开 市辖区' }));
    const row = (await screen.findByText('朝阳区')).closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    const picker = await within(dialog).findByRole('button', { name: /上级地区/ });
    await waitFor(() => expect(picker.textContent).toContain('北京市 / 市辖区'));
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(formBody(calls.find((c) => c.method === 'PUT')!)).toMatchObject({ pid: '1101', code: '110105', name: '朝阳区' });
    expect(areaCodePath('110105')).toEqual(['11', '1101', '110105']);
    expect(areaCodePath('0')).toEqual(['0']);
  });
});
