import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../src/app/App';
import { startRouteGuard } from '../../../src/app/guardActor';
import type { Locale } from '../../../src/app/locale';
import { getCommitted, navigate } from '../../../src/app/navigation';
import { startSessions } from '../../../src/app/sessionActors';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { envelope, fakeFetch, renderWithApp, resetApp, useMessages, type FakeAnswer, type RecordedCall } from '../helpers';

/** /user/address and the AddressFormDialog (docs/orders-api.md "Addresses"). */
const SLOW = { timeout: 8000 };

const common = {
  'GET /api/common': envelope({ classes: [], brands: [], common: { web_name: 'Souk', logo: '', icp: '' }, ip: '1.2.3.4', cart: 0 }),
  'GET /api/cart_count': envelope(0),
  'GET /api/load_areas': (call: RecordedCall): FakeAnswer => {
    const pid = new URLSearchParams(call.url.split('?')[1] ?? '').get('pid');
    if (pid === '11') return envelope([{ id: 20, code: '1101', pid: '11', name: '北京市', leaf: false }]);
    if (pid === '1101') return envelope([{ id: 30, code: '110105', pid: '1101', name: '朝阳区', leaf: true }]);
    return envelope([{ id: 10, code: '11', pid: '0', name: '北京', leaf: false }]);
  },
};

const HOME = { id: 1, receive_name: '张三', receive_tel: '13912345678', area_info: '北京 北京市 朝阳区', address: '建国路 1 号', province_id: 10, city_id: 20, region_id: 30, area: [10, 20, 30], is_default: true, created_at: '2026-11-01 10:00:00' };
const WORK = { ...HOME, id: 2, receive_name: '李四', receive_tel: '010-88886666', address: '光华路 9 号', is_default: false };

function login() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify({ id: 7, nickname: 'Ann', belong_id: 0 }));
}

function boot(path: string, locale: Locale = 'zh-cn') {
  window.history.replaceState(null, '', path);
  useMessages(locale);
  startSessions();
  startRouteGuard();
  navigate(path, { replace: true });
  return renderWithApp(<AppRoutes />);
}

const calledWith = (calls: RecordedCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.url.split('?')[0] === path);
const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

describe('user addresses', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
    login();
  });
  afterEach(() => resetApp('/'));

  it('sends a logged-out visitor to the login page and back', async () => {
    localStorage.clear();
    const { calls } = fakeFetch(common);
    boot('/user/address');
    await waitFor(() => expect(getCommitted().path).toBe('/login'), SLOW);
    expect(window.location.search).toBe('?redirect=%2Fuser%2Faddress');
    expect(calledWith(calls, 'GET', '/api/user/addresses')).toHaveLength(0);
  });

  it('lists the addresses, default first and marked, inside the user centre menu', async () => {
    fakeFetch({ ...common, 'GET /api/user/addresses': envelope([HOME, WORK]) });
    boot('/user/address');
    expect(await screen.findByText('李四', {}, SLOW)).toBeTruthy();
    const items = screen.getAllByRole('listitem').filter((li) => li.textContent?.includes('13912345678') || li.textContent?.includes('010-88886666'));
    expect(within(items[0]).getByText('默认')).toBeTruthy();
    expect(within(items[1]).queryByText('默认')).toBeNull();
    expect(within(items[0]).queryByRole('button', { name: '设为默认' })).toBeNull();
    expect(within(items[1]).getByRole('button', { name: '设为默认' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: '个人中心菜单' });
    expect(within(menu).getByRole('link', { name: '收货地址' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('已保存 2 个地址，最多 20 个')).toBeTruthy();
  });

  it('adds an address: checks the fields first, picks the area in the cascader, posts once, reloads', async () => {
    let rows = [HOME];
    const { calls } = fakeFetch({
      ...common,
      'GET /api/user/addresses': () => envelope(rows),
      'POST /api/user/addresses': () => {
        rows = [HOME, { ...WORK, id: 3, receive_name: '王五' }];
        return envelope(rows[1]);
      },
    });
    boot('/user/address');
    fireEvent.click(await screen.findByRole('button', { name: '新增收货地址' }, SLOW));
    const dialog = await screen.findByRole('region', { name: '新增收货地址' }, SLOW);
    expect(getCommitted().path).toBe('/user/address/form');
    // every field the save requires is marked before the shopper tries (region and street too)
    expect([...dialog.querySelectorAll('[data-required="true"]')].map((mark) => mark.textContent)).toEqual(['收货人', '手机号码', '所在地区', '详细地址']);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    const name = within(dialog).getByLabelText('收货人');
    const tel = within(dialog).getByLabelText('手机号码');
    await waitFor(() => expect(errorOf(name)).toBe('必填'));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(within(dialog).getByLabelText('详细地址'))).toBe('必填');
    expect(within(dialog).getAllByRole('alert').map((a) => a.textContent)).toContain('请选择省、市、区');
    expect(calledWith(calls, 'POST', '/api/user/addresses')).toHaveLength(0);

    fireEvent.change(name, { target: { value: '王五' } });
    fireEvent.change(tel, { target: { value: '1391234' } });
    fireEvent.change(within(dialog).getByLabelText('详细地址'), { target: { value: '光华路 9 号' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /所在地区/ }));
    fireEvent.click(await screen.findByRole('button', { name: '北京' }));
    fireEvent.click(await screen.findByRole('button', { name: '北京市' }));
    fireEvent.click(await screen.findByRole('button', { name: '朝阳区' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /所在地区/ }).textContent).toContain('北京 / 北京市 / 朝阳区'));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(errorOf(tel)).toBe('请输入 11 位手机号或固定电话'));
    expect(calledWith(calls, 'POST', '/api/user/addresses')).toHaveLength(0);

    fireEvent.change(tel, { target: { value: '13800000000' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: '设为默认地址' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(getCommitted().path).toBe('/user/address'));
    expect(await screen.findByText('地址已保存')).toBeTruthy();
    const [post] = calledWith(calls, 'POST', '/api/user/addresses');
    const body = new URLSearchParams(String(post.body));
    expect([body.get('receive_name'), body.get('receive_tel'), body.get('address'), body.get('is_default')]).toEqual(['王五', '13800000000', '光华路 9 号', '1']);
    expect([body.get('area[0]'), body.get('area[1]'), body.get('area[2]')]).toEqual(['10', '20', '30']);
    expect(calledWith(calls, 'POST', '/api/user/addresses')).toHaveLength(1);
    expect(await screen.findByText('王五')).toBeTruthy();
  });

  it('edits an address; a refusal naming a field shows on that field', async () => {
    const { calls } = fakeFetch({
      ...common,
      'GET /api/user/addresses': envelope([HOME, WORK]),
      'GET /api/user/addresses/2': envelope(WORK),
      'PUT /api/user/addresses/2': envelope({ field: 'area', issues: [{ field: 'area', message: '请选择有效的省、市、区' }] }, 422, '提交的数据有误：area: 请选择有效的省、市、区'),
    });
    boot('/user/address');
    fireEvent.click(await screen.findByRole('button', { name: '编辑 李四 的地址' }, SLOW));
    const dialog = await screen.findByRole('region', { name: '编辑收货地址' }, SLOW);
    expect(getCommitted().path).toBe('/user/address/form/2');
    await within(dialog).findByLabelText('收货人');
    expect((within(dialog).getByLabelText('收货人') as HTMLInputElement).value).toBe('李四');
    expect((within(dialog).getByLabelText('手机号码') as HTMLInputElement).value).toBe('010-88886666');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /所在地区/ }).textContent).toContain('北京 / 北京市 / 朝阳区'));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(dialog).getAllByRole('alert').map((a) => a.textContent)).toContain('请选择有效的省、市、区'));
    expect(calledWith(calls, 'PUT', '/api/user/addresses/2')).toHaveLength(1);
    expect(getCommitted().path).toBe('/user/address/form/2');
  });

  it("the default's switch is fixed on (another address takes over the default)", async () => {
    fakeFetch({ ...common, 'GET /api/user/addresses': envelope([HOME, WORK]), 'GET /api/user/addresses/1': envelope(HOME) });
    // opened directly, as a reload or a shared link does
    boot('/user/address/form/1');
    const dialog = await screen.findByRole('region', { name: '编辑收货地址' }, SLOW);
    await within(dialog).findByLabelText('收货人');
    const toggle = within(dialog).getByRole('switch', { name: '设为默认地址' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(toggle.hasAttribute('disabled') || toggle.getAttribute('aria-disabled') === 'true').toBe(true);
  });

  it('deletes only after the confirm, and sets the default', async () => {
    let rows = [HOME, WORK];
    const { calls } = fakeFetch({
      ...common,
      'GET /api/user/addresses': () => envelope(rows),
      'DELETE /api/user/addresses/2': () => {
        rows = [HOME];
        return envelope(1);
      },
      'PUT /api/user/addresses/2': envelope({ ...WORK, is_default: true }),
      'PUT /api/user/addresses/default/2': () => {
        rows = [{ ...WORK, is_default: true }, { ...HOME, is_default: false }];
        return envelope(rows[0]);
      },
    });
    boot('/user/address');
    fireEvent.click(await screen.findByRole('button', { name: '设为默认' }, SLOW));
    await waitFor(() => expect(calledWith(calls, 'PUT', '/api/user/addresses/default/2')).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByRole('button', { name: '设为默认' })).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: '删除 李四 的地址' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('李四');
    fireEvent.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calledWith(calls, 'DELETE', '/api/user/addresses/2')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '删除 李四 的地址' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calledWith(calls, 'DELETE', '/api/user/addresses/2')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('李四')).toBeNull());
  });

  it('speaks English', async () => {
    fakeFetch({ ...common, 'GET /api/user/addresses': envelope([]) });
    boot('/user/address', 'en');
    expect(await screen.findByText('No address yet', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add an address' }));
    const dialog = await screen.findByRole('region', { name: 'New address' }, SLOW);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(within(dialog).getByLabelText('Recipient'))).toBe('Required'));
    expect(within(dialog).getAllByRole('alert').map((a) => a.textContent)).toContain('Choose the province, city and district');
  });
});
