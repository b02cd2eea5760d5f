import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../src/app/App';
import { startRouteGuard } from '../../src/app/guardActor';
import { getCommitted, navigate } from '../../src/app/navigation';
import { getSession, startSessions } from '../../src/app/sessionActors';
import { authMessages } from '../../server/modules/auth/messages';
import en from '../../locales/en.json';
import zh from '../../locales/zh-cn.json';
import { adminMenus } from './fixtures';
import { envelope, fakeFetch, formBody, renderWithApp, resetApp, useMessages } from './helpers';

/** Boot the app at `path` (call fakeFetch first; beforeEach has reset everything). */
function boot(path: string) {
  window.history.replaceState(null, '', path);
  useMessages('zh-cn');
  startSessions();
  startRouteGuard();
  navigate(path, { replace: true });
  return renderWithApp(<AppRoutes />);
}

const common = { 'GET /api/common': envelope({ classes: [], brands: [], common: { web_name: 'Souk', logo: '', icp: '' }, ip: '1.2.3.4', cart: 0 }), 'GET /api/cart_count': envelope(0) };

describe('shopper login page', () => {
  beforeEach(() => resetApp('/'));
  afterEach(() => resetApp('/'));

  it('refuses empty fields with the server’s own sentence for a failed login and sends nothing', async () => {
    const { calls } = fakeFetch(common);
    boot('/login');
    const submit = await screen.findByRole('button', { name: '登 录' });
    fireEvent.click(submit);
    expect(await screen.findByText('账号或密码错误。')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('手机 / 用户名'), { target: { value: '13800000000' } });
    fireEvent.click(submit);
    expect(screen.getByRole('alert').textContent).toBe('账号或密码错误。');
    expect(calls.filter((c) => c.url.startsWith('/api/login'))).toHaveLength(0);
    // issue 15: one sentence, whoever refuses (the server's loginFailed, in both languages)
    expect(zh['auth.login.failed']).toBe(authMessages('loginFailed', 'zh-cn'));
    expect(en['auth.login.failed']).toBe(authMessages('loginFailed', 'en'));
  });

  it('logs in with Enter, stores token and user, and goes home', async () => {
    const { calls } = fakeFetch({
      ...common,
      'POST /api/login': envelope({ token_type: 'Bearer', access_token: 'tok', refresh_token: 'r', expires_in: 7200 }),
      'POST /api/auth/info': envelope({ id: 7, nickname: 'Ann', belong_id: 0 }),
    });
    boot('/login');
    fireEvent.change(await screen.findByLabelText('手机 / 用户名'), { target: { value: 'ann' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'pw123456' } });
    fireEvent.submit(screen.getByLabelText('密码').closest('form')!);
    await waitFor(() => expect(getCommitted().path).toBe('/'));
    const loginCall = calls.find((c) => c.url === '/api/login')!;
    expect(formBody(loginCall)).toEqual({ username: 'ann', password: 'pw123456', provider: 'users', area: 'user' });
    const info = calls.find((c) => c.url === '/api/auth/info')!;
    expect(info.headers.get('authorization')).toBe('Bearer tok');
    expect(localStorage.getItem('token')).toBe('tok');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ nickname: 'Ann' });
    expect(await screen.findByText('欢迎您，Ann')).toBeTruthy();
  });

  it('refuses a sub-account (belong_id > 0): message shown, no token kept', async () => {
    fakeFetch({
      ...common,
      'POST /api/login': envelope({ token_type: 'Bearer', access_token: 'sub', refresh_token: 'r', expires_in: 7200 }),
      'POST /api/auth/info': envelope({ id: 9, nickname: 'Sub', belong_id: 3 }),
    });
    boot('/login');
    fireEvent.change(await screen.findByLabelText('手机 / 用户名'), { target: { value: 'seller' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: '登 录' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('子账号不允许购买'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(getSession(2).getSnapshot().matches('loggedOut')).toBe(true);
    expect(getCommitted().path).toBe('/login');
  });

  it('shows the server message of a failed login', async () => {
    fakeFetch({ ...common, 'POST /api/login': envelope([], 422, '账号或密码错误') });
    boot('/login');
    fireEvent.change(await screen.findByLabelText('手机 / 用户名'), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'y' } });
    fireEvent.click(screen.getByRole('button', { name: '登 录' }));
    expect(await screen.findByText('账号或密码错误')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('back-office login page', () => {
  beforeEach(() => resetApp('/'));
  afterEach(() => resetApp('/'));

  it('asks to read the agreement when unchecked, and refuses empty fields', async () => {
    const { calls } = fakeFetch({});
    boot('/Admin/login');
    // the first test to load the lazy login page waits for its chunk
    const agreement = await screen.findByRole('checkbox', undefined, { timeout: 5000 });
    expect((agreement as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '登 录' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入账户密码');
    fireEvent.click(agreement);
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: '登 录' }));
    expect(screen.getByRole('alert').textContent).toBe('请先阅读《网站协议》');
    expect(calls).toHaveLength(0);
  });

  it('the agreement link opens the agreement (it only toggled the checkbox) and leaves the box as it was', async () => {
    const { calls } = fakeFetch({ 'GET /api/agreements/agreement': envelope({ name: '网站协议', ename: 'agreement', content: '<p>平台规则第一条</p>##qingwuit##{"type":"doc","content":[]}' }) });
    boot('/Seller/login');
    const agreement = (await screen.findByRole('checkbox', undefined, { timeout: 5000 })) as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: '《网站协议》' }));
    const dialog = await screen.findByRole('dialog', { name: '网站协议' });
    expect(await within(dialog).findByText('平台规则第一条')).toBeTruthy();
    expect(dialog.textContent).not.toContain('qingwuit');
    expect(agreement.checked).toBe(true);
    expect(calls.filter((c) => c.url.startsWith('/api/agreements/agreement'))).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('logs in with area=admin, loads the menus and lands on defaultUrl inside the shell', async () => {
    const { calls } = fakeFetch({
      'POST /api/login': envelope({ token_type: 'Bearer', access_token: 'adm', refresh_token: 'r', expires_in: 7200 }),
      'POST /api/Admin/auth/info': envelope({ id: 1, nickname: 'Root', defaultUrl: '/Admin/dashboard' }),
      'GET /api/Admin/load_menu': envelope(adminMenus),
    });
    boot('/Admin/login');
    fireEvent.change(await screen.findByLabelText('账号'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'pw' } });
    fireEvent.submit(screen.getByLabelText('密码').closest('form')!);
    await waitFor(() => expect(getCommitted().path).toBe('/Admin/dashboard'));
    expect(formBody(calls.find((c) => c.url === '/api/login')!)).toMatchObject({ provider: 'admins', area: 'admin' });
    expect(localStorage.getItem('admin_token')).toBe('adm');
    expect(localStorage.getItem('token')).toBeNull();
    const menuCall = calls.find((c) => c.url.startsWith('/api/Admin/load_menu'))!;
    expect(menuCall.url).toBe('/api/Admin/load_menu?type=getChildren');
    expect(menuCall.headers.get('authorization')).toBe('Bearer adm');
    expect(await screen.findByText('欢迎回来，Root')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '功能模块' }).textContent).toBe('工作台商品中心系统中心');
  });
});
