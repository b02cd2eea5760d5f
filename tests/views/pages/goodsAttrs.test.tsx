import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import GoodsAttrsPage from '../../../src/backoffice/views/Seller/goods_attrs/index';
import { specProblem } from '../../../src/backoffice/views/Seller/goods_attrs/TagsEditor';
import { envelope, fakeFetch, type RecordedCall } from '../helpers';
import { freshPage, paginator, queryOf, renderView, laidOutEachTest } from './pageHelpers';

const attrs = [{ id: 5, name: '颜色', specs: [{ id: 51, name: '红' }, { id: 52, name: '蓝' }], created_at: '2024-01-02 03:04:05' }];
const body = (call: RecordedCall) => qs.parse(String(call.body)) as Record<string, unknown>;

describe('seller attributes (Seller/goods_attrs/index)', () => {
  laidOutEachTest();

  function mount() {
    freshPage('/Seller/goods_attrs', 1);
    const fetch = fakeFetch({
      'GET /api/Seller/goods_attrs': envelope(paginator(attrs)),
      'GET /api/Seller/goods_attrs/5': envelope(attrs[0]),
      'POST /api/Seller/goods_attrs': (call) => envelope({ id: 6, ...body(call) }),
      'PUT /api/Seller/goods_attrs/5': (call) => envelope({ id: 5, ...body(call) }),
    });
    renderView(GoodsAttrsPage, 1, '/Seller/goods_attrs');
    return fetch;
  }

  it('lists specs as tags; 搜索 searches by name (the reference answered "wait setting.")', async () => {
    const { calls } = mount();
    await screen.findByText('颜色');
    expect(screen.getByText('红')).toBeTruthy();
    expect(screen.getByText('蓝')).toBeTruthy();
    expect(queryOf(calls[0].url).get('isWith')).toBe('specs');
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    const panel = await screen.findByRole('search');
    expect(screen.queryByText('wait setting.')).toBeNull();
    fireEvent.change(within(panel).getByLabelText('属性名称'), { target: { value: '颜' } });
    fireEvent.click(within(panel).getByRole('button', { name: '查询' }));
    const lists = () => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/Seller/goods_attrs?'));
    await waitFor(() => expect(lists().length).toBe(2));
    const searched = queryOf(lists()[1].url);
    expect(searched.get('name')).toBe('颜|like');
    expect(searched.get('isWith')).toBe('specs');
  });

  it('adds specs as tags (Enter or blur, duplicates refused, removable) and posts {name, specs[]}', async () => {
    const { calls } = mount();
    await screen.findByText('颜色');
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: '属性名称' }), { target: { value: '尺码' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByText('请至少添加一个规格')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const input = within(dialog).getByRole('textbox', { name: '规格名称' });
    fireEvent.change(input, { target: { value: 'S' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'M' } });
    fireEvent.blur(input);
    fireEvent.change(input, { target: { value: 'S' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(within(dialog).getByText('该规格已存在')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'XL' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(within(dialog).getByRole('button', { name: '移除规格 M' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(body(calls.find((c) => c.method === 'POST')!)).toEqual({ name: '尺码', specs: ['S', 'XL'] });
  });

  it('edits with its own values (add does not start from them) and PUTs the names', async () => {
    const { calls } = mount();
    await screen.findByText('颜色');
    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('button', { name: '移除规格 红' });
    fireEvent.click(within(dialog).getByRole('button', { name: '移除规格 红' }));
    const input = within(dialog).getByRole('textbox', { name: '规格名称' });
    fireEvent.change(input, { target: { value: '绿' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(body(calls.find((c) => c.method === 'PUT')!)).toEqual({ name: '颜色', specs: ['蓝', '绿'] });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    const add = await screen.findByRole('dialog');
    expect((within(add).getByRole('textbox', { name: '属性名称' }) as HTMLInputElement).value).toBe('');
    expect(within(add).queryByRole('button', { name: /移除规格/ })).toBeNull();
  });

  it('spec name checks', () => {
    expect(specProblem(['a'], ' ')).toBe('empty');
    expect(specProblem(['a'], 'a ')).toBe('duplicate');
    expect(specProblem([], 'x'.repeat(21))).toBe('tooLong');
    expect(specProblem([], 'b')).toBeNull();
  });
});
