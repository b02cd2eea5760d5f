import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import AdminStoresPage from '../../../src/backoffice/views/Admin/exts/stores/index';
import { envelope, fakeFetch, type RecordedCall } from '../helpers';
import { freshPage, laidOutEachTest, queryOf, renderView } from './pageHelpers';

const stores = [
  { id: 1, store_name: '数码旗舰店', store_logo: '', area_info: '北京市 东城区', store_status: 1, store_verify: 2, created_at: '2024-01-02 03:04:05' },
  { id: 2, store_name: '茶叶小铺', store_logo: '', area_info: '福建省 福州市', store_status: 0, store_verify: 4, created_at: '2024-02-03 04:05:06' },
  { id: 3, store_name: '', store_logo: '', area_info: '', store_status: 0, store_verify: 1, created_at: '2024-03-04 05:06:07' },
];

const listAnswer = (call: RecordedCall) => {
  const verify = Number(queryOf(call.url).get('store_verify'));
  const rows = verify === 4 ? [stores[1]] : verify === 2 ? [stores[0]] : verify === 1 ? [stores[2]] : [];
  return envelope({ data: rows, total: rows.length, per_page: 30, current_page: 1, last_page: 1, count: { wait: 1, error: 0, create: 3 } });
};

const CLASS_TREE = [
  { id: 1, name: '食品', pid: 0, children: [{ id: 11, name: '茶饮', pid: 1, children: [{ id: 111, name: '绿茶', pid: 11 }, { id: 112, name: '红茶', pid: 11 }] }] },
];

const body = (call: RecordedCall) => qs.parse(String(call.body)) as Record<string, unknown>;
const lists = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET' && c.url.split('?')[0] === '/api/Admin/stores');

describe('admin stores (Admin/exts/stores/index)', () => {
  laidOutEachTest();

  function mount() {
    freshPage('/Admin/stores');
    const fetch = fakeFetch({
      'GET /api/Admin/stores': listAnswer,
      'GET /api/Admin/stores/2': envelope({ ...stores[1], store_company_name: '茶叶有限公司', class_id: [[1, 11, 111], [1, 11, 112], [1, 11, 999]] }),
      'GET /api/load_goods_classes': envelope(CLASS_TREE),
      'PUT /api/Admin/stores/1': (call) => envelope({ ...stores[0], ...body(call) }),
      'PUT /api/Admin/stores/2': (call) => envelope({ ...stores[1], ...body(call) }),
      'DELETE /api/Admin/stores/3': envelope(1),
    });
    renderView(AdminStoresPage, 0, '/Admin/stores');
    return fetch;
  }

  it('lists approved stores first, shows badges and switches tabs', async () => {
    const { calls } = mount();
    await screen.findByText('茶叶小铺');
    expect(queryOf(lists(calls)[0].url).get('store_verify')).toBe('4');
    expect(queryOf(lists(calls)[0].url).get('isResource')).toBe('Admin');
    const tabs = screen.getByRole('tablist', { name: '审核状态' });
    expect(within(tabs).getByRole('tab', { name: '通过审核' }).getAttribute('aria-selected')).toBe('true');
    const pending = within(tabs).getByRole('tab', { name: /审核中/ });
    expect(pending.textContent).toContain('1');
    expect(within(tabs).getByRole('tab', { name: /填写资料/ }).textContent).toContain('3');

    fireEvent.click(pending);
    await screen.findByText('数码旗舰店');
    expect(queryOf(lists(calls).at(-1)!.url).get('store_verify')).toBe('2');
    expect(screen.queryByRole('button', { name: '添加' })).toBeNull();
  });

  it('names what each badge counts (stores, not "pending" on the refused and drafting tabs)', async () => {
    mount();
    await screen.findByText('茶叶小铺');
    const tabs = screen.getByRole('tablist', { name: '审核状态' });
    // the badges come with the list's count, which may render a moment after the rows
    await waitFor(() => expect(within(tabs).getByRole('tab', { name: /填写资料/ }).querySelector('[aria-label]')?.getAttribute('aria-label')).toBe('3 家店铺'));
    expect(within(tabs).getByRole('tab', { name: /审核中/ }).querySelector('[aria-label]')?.getAttribute('aria-label')).toBe('1 家店铺');
  });

  it('offers no review on a draft that was never submitted; an application can be deleted, an approved store cannot', async () => {
    const { calls } = mount();
    await screen.findByText('茶叶小铺');
    const approved = screen.getByText('茶叶小铺').closest('[role="row"]') as HTMLElement;
    expect(within(approved).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(screen.getByRole('toolbar')).queryByRole('button', { name: '删除' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: /填写资料/ }));
    await waitFor(() => expect(screen.queryByText('茶叶小铺')).toBeNull());
    const draft = (await screen.findAllByRole('row')).find((row) => row.getAttribute('aria-rowindex') === '2')!;
    expect(within(draft).queryByRole('button', { name: '通过' })).toBeNull();
    expect(within(draft).queryByRole('button', { name: '拒绝' })).toBeNull();
    expect(within(screen.getByRole('toolbar')).getByRole('button', { name: '删除' })).toBeTruthy();
    fireEvent.click(within(draft).getByRole('button', { name: '删除' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/api/Admin/stores/3');
  });

  it('the view dialog shows the classes the store applied for, by name', async () => {
    mount();
    await screen.findByText('茶叶小铺');
    fireEvent.click(screen.getByRole('button', { name: '查看' }));
    const dialog = await screen.findByRole('dialog');
    const classes = await within(dialog).findByTestId('store-classes');
    expect([...classes.children].map((tag) => tag.textContent)).toEqual(['食品 / 茶饮 / 绿茶', '食品 / 茶饮 / 红茶', '食品 / 茶饮 / #999']);
    expect(within(dialog).getByText('产品栏目')).toBeTruthy();
  });

  it('approves after a confirmation: PUT {store_verify: 4}', async () => {
    const { calls } = mount();
    fireEvent.click(await screen.findByRole('tab', { name: /审核中/ }));
    await screen.findByText('数码旗舰店');
    fireEvent.click(screen.getByRole('button', { name: '通过' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('数码旗舰店');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/Admin/stores/1');
    expect(body(put)).toEqual({ store_verify: '4', store_refuse_info: '' });
    // The list reloads after the change.
    await waitFor(() => expect(lists(calls).length).toBe(3));
  });

  it('refuses with a required reason of at most 200 characters: PUT {store_verify: 3, store_refuse_info}', async () => {
    const { calls } = mount();
    fireEvent.click(await screen.findByRole('tab', { name: /审核中/ }));
    await screen.findByText('数码旗舰店');
    fireEvent.click(screen.getByRole('button', { name: '拒绝' }));
    const dialog = await screen.findByRole('dialog', { name: /拒绝店铺/ });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('不能为空。');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    const reason = within(dialog).getByLabelText('拒绝原因') as HTMLTextAreaElement;
    // a real reason fits (the limit was 20), counted rather than cut
    expect(reason.getAttribute('maxlength')).toBeNull();
    expect(within(dialog).getByText('0/200')).toBeTruthy();
    fireEvent.change(reason, { target: { value: '营业执照模糊' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/Admin/stores/1');
    expect(body(put)).toEqual({ store_verify: '3', store_refuse_info: '营业执照模糊' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /拒绝店铺/ })).toBeNull());
  });

  it('opens a closed store directly and closes an open one after a confirmation', async () => {
    const { calls } = mount();
    await screen.findByText('茶叶小铺');
    fireEvent.click(screen.getByRole('button', { name: '开启' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.url).toBe('/api/Admin/stores/2');
    expect(body(calls.find((c) => c.method === 'PUT')!)).toEqual({ store_status: '1' });

    fireEvent.click(screen.getByRole('tab', { name: /审核中/ }));
    const row = (await screen.findByText('数码旗舰店')).closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '关闭' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    const put = calls.filter((c) => c.method === 'PUT')[1];
    expect(put.url).toBe('/api/Admin/stores/1');
    expect(body(put)).toEqual({ store_status: '0' });
  });
});
