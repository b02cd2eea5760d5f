import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import qs from 'qs';
import { afterEach, describe, expect, it } from 'vitest';
import SellerFreightsPage from '../../../src/backoffice/views/Seller/freights/index';
import { navigate, getCommitted } from '../../../src/app/navigation';
import { envelope, fakeFetch, resetApp, type RecordedCall } from '../helpers';
import { freshPage, renderView } from './pageHelpers';

const provinces = [
  { id: 1, name: '北京市', code: '11', pid: '0', deep: 0 },
  { id: 9, name: '上海市', code: '31', pid: '0', deep: 0 },
  { id: 19, name: '广东省', code: '44', pid: '0', deep: 0 },
  { id: 31, name: '新疆维吾尔自治区', code: '65', pid: '0', deep: 0 },
];

const templates = [
  { id: 3, store_id: 1, name: '偏远地区', f_weight: '1.00', f_price: '20.00', o_weight: '1.00', o_price: '10.00', area_id: [31], area_name: '新疆维吾尔自治区', is_type: 1 },
  { id: 1, store_id: 1, name: '默认运费', f_weight: '1.00', f_price: '8.00', o_weight: '1.00', o_price: '2.00', area_id: [], area_name: '', is_type: 0 },
];

const body = (call: RecordedCall) => qs.parse(String(call.body)) as { info: Record<string, string | string[]>[] };

describe('freight template editor (Seller/freights/index)', () => {
  afterEach(() => resetApp('/'));

  function mount(saveAnswer: (call: RecordedCall) => ReturnType<typeof envelope> = () => envelope(templates)) {
    freshPage('/Seller/freights', 1);
    const fetch = fakeFetch({
      'GET /api/Seller/freights': envelope(templates),
      'GET /api/load_areas': envelope(provinces),
      'PUT /api/Seller/freights/0': saveAnswer,
    });
    renderView(SellerFreightsPage, 1, '/Seller/freights');
    return fetch;
  }

  it('shows the default template first, explains it, and lists the province templates with their provinces', async () => {
    const { calls } = mount();
    const fallback = await screen.findByRole('region', { name: '默认运费' });
    expect((within(fallback).getByRole('textbox', { name: '首重运费（元）' }) as HTMLInputElement).value).toBe('8.00');
    expect(fallback.textContent).toContain('首 1 kg 运费 ￥8.00，之后每 1 kg 加 ￥2.00。');
    fireEvent.change(within(fallback).getByRole('textbox', { name: '首重运费（元）' }), { target: { value: '0' } });
    fireEvent.change(within(fallback).getByRole('textbox', { name: '首重（kg）' }), { target: { value: '0' } });
    expect(fallback.textContent).toContain('包邮');
    const areas = screen.getByRole('region', { name: '按省份设置运费' });
    const remote = within(areas).getByRole('listitem', { name: '偏远地区' });
    expect((within(remote).getByRole('textbox', { name: '模板名称' }) as HTMLInputElement).value).toBe('偏远地区');
    expect(within(remote).getByRole('combobox', { name: '适用省份' }).getAttribute('placeholder')).toBe('新疆维吾尔自治区');
    // the chosen provinces are listed, each removable
    fireEvent.click(within(remote).getByRole('button', { name: '移除 新疆维吾尔自治区' }));
    expect(within(remote).queryByRole('list', { name: '偏远地区 的省份' })).toBeNull();
    expect(within(remote).getByRole('combobox', { name: '适用省份' }).getAttribute('placeholder')).toBe('选择省份');
    expect(calls.find((c) => c.url.startsWith('/api/load_areas'))!.url).toContain('deep=0');
  });

  it('checks before sending: a new template needs a name and a province', async () => {
    const { calls } = mount();
    await screen.findByRole('region', { name: '默认运费' });
    fireEvent.click(screen.getByRole('button', { name: '添加模板' }));
    const added = await screen.findByRole('listitem', { name: '自定义运费模板' });
    fireEvent.change(within(added).getByRole('textbox', { name: '首重（kg）' }), { target: { value: '1.234' } });
    expect(screen.getByText('有未保存的修改').getAttribute('role')).toBe('status');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await within(added).findByText('请至少选择一个省份')).toBeTruthy();
    expect(within(added).getByText('请输入 0 及以上、最多两位小数的数字')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves the whole editor; removing a template only drops it from what is sent', async () => {
    const { calls } = mount();
    await screen.findByRole('region', { name: '默认运费' });
    const fallback = screen.getByRole('region', { name: '默认运费' });
    fireEvent.change(within(fallback).getByRole('textbox', { name: '首重运费（元）' }), { target: { value: '9.5' } });
    fireEvent.click(screen.getByRole('button', { name: '删除模板 偏远地区' }));
    expect(screen.queryByRole('listitem', { name: '偏远地区' })).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = body(calls.find((c) => c.method === 'PUT')!);
    expect(sent.info).toEqual([{ id: '1', name: '默认运费', f_weight: '1.00', f_price: '9.5', o_weight: '1.00', o_price: '2.00', area_id: '' }]);
    // the answer replaces the form
    expect(await screen.findByRole('listitem', { name: '偏远地区' })).toBeTruthy();
    expect(screen.queryByText('有未保存的修改')).toBeNull();
  });

  it('asks before leaving with unsaved changes (issue 30), and lets a saved editor go', async () => {
    mount();
    const fallback = await screen.findByRole('region', { name: '默认运费' });
    navigate('/Seller/goods');
    await waitFor(() => expect(getCommitted().path).toBe('/Seller/goods'));
    navigate('/Seller/freights');
    fireEvent.change(within(fallback).getByRole('textbox', { name: '首重运费（元）' }), { target: { value: '9.5' } });
    navigate('/Seller/goods');
    const ask = await screen.findByRole('alertdialog', { name: '离开此页？' });
    expect(getCommitted().path).toBe('/Seller/freights');
    fireEvent.click(within(ask).getByRole('button', { name: '留在此页' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await screen.findByRole('listitem', { name: '偏远地区' });
    await waitFor(() => expect(screen.queryByText('有未保存的修改')).toBeNull());
    navigate('/Seller/goods');
    await waitFor(() => expect(getCommitted().path).toBe('/Seller/goods'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows the server\'s refusal at the field it names', async () => {
    mount(() => ({ body: { code: 422, msg: '提交的数据有误：info.1.area_id: 「新疆维吾尔自治区」已在模板「甲」中', data: { field: 'info.1.area_id' } } }));
    await screen.findByRole('region', { name: '默认运费' });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    const remote = screen.getByRole('listitem', { name: '偏远地区' });
    expect(await within(remote).findByText('提交的数据有误：info.1.area_id: 「新疆维吾尔自治区」已在模板「甲」中')).toBeTruthy();
  });
});
