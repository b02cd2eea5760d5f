import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../src/app/App';
import { pickLocale } from '../../src/app/locale';
import { startRouteGuard } from '../../src/app/guardActor';
import { navigate } from '../../src/app/navigation';
import { startSessions } from '../../src/app/sessionActors';
import { filterIcons } from '../../src/backoffice/fields/IconPicker';
import { ICON_NAMES } from '../../src/backoffice/fields/iconNames';
import { keywordsFromSearchPath, searchPath } from '../../src/shop/layout/searchParam';
import { envelope, fakeFetch, formBody, renderWithApp, resetApp, useMessages } from './helpers';

describe('locale choice', () => {
  it('prefers the stored language, then the browser, mapping zh / cn / zh-* to zh-cn and en* to en', () => {
    expect(pickLocale('en', 'zh-CN')).toBe('en');
    expect(pickLocale(null, 'zh')).toBe('zh-cn');
    expect(pickLocale(null, 'cn')).toBe('zh-cn');
    expect(pickLocale(null, 'zh-TW')).toBe('zh-cn');
    expect(pickLocale(null, 'en-US')).toBe('en');
    expect(pickLocale(null, 'fr-FR')).toBe('zh-cn');
    expect(pickLocale('xx', null)).toBe('zh-cn');
  });
});

describe('icon picker filter', () => {
  it('filters fa-* names by text, case-insensitively', () => {
    expect(ICON_NAMES.every((n) => n.startsWith('fa-'))).toBe(true);
    expect(filterIcons('CART')).toEqual(['fa-cart-arrow-down', 'fa-cart-plus', 'fa-shopping-cart']);
    expect(filterIcons('')).toHaveLength(ICON_NAMES.length);
    expect(filterIcons('no-such-icon')).toEqual([]);
  });
});

describe('search path', () => {
  it('encodes keywords as base64 JSON of the URI-encoded text and reads them back', () => {
    const path = searchPath('手机 壳');
    expect(path.startsWith('/s/')).toBe(true);
    expect(JSON.parse(atob(path.slice(3)))).toEqual({ keywords: encodeURIComponent('手机 壳') });
    expect(keywordsFromSearchPath(path)).toBe('手机 壳');
  });
});

describe('register page', () => {
  beforeEach(() => resetApp('/'));
  afterEach(() => resetApp('/'));

  const common = { 'GET /api/common': envelope({ classes: [], brands: [], common: { web_name: 'Souk' }, ip: '', cart: 0 }), 'GET /api/cart_count': envelope(0) };

  function boot() {
    window.history.replaceState(null, '', '/register');
    useMessages('zh-cn');
    startSessions();
    startRouteGuard();
    navigate('/register', { replace: true });
    renderWithApp(<AppRoutes />);
  }

  it('refuses a phone-less SMS request, then counts down on the button after sending', async () => {
    const { calls } = fakeFetch({ ...common, 'POST /api/sms': envelope([]) });
    boot();
    fireEvent.click(await screen.findByRole('button', { name: '发送验证码' }));
    expect(await screen.findByText('手机号码为空。')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/sms')).toBe(false);
    fireEvent.change(screen.getByLabelText('手机'), { target: { value: '13800000000' } });
    fireEvent.click(screen.getByRole('button', { name: '发送验证码' }));
    expect(await screen.findByRole('button', { name: '60 秒后可重新发送' })).toBeTruthy();
    expect(formBody(calls.find((c) => c.url === '/api/sms')!)).toEqual({ phone: '13800000000', name: 'register' });
    fireEvent.click(screen.getByRole('button', { name: '60 秒后可重新发送' }));
    expect(await screen.findByText('请勿频繁发送短信。')).toBeTruthy();
  });

  it('refuses two different passwords before calling the server', async () => {
    const { calls } = fakeFetch(common);
    boot();
    fireEvent.change(await screen.findByLabelText('手机'), { target: { value: '13800000000' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'abc12345' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'abc99999' } });
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(screen.getByLabelText('确认密码').getAttribute('aria-invalid')).toBe('true'));
    expect(fieldError('确认密码')).toBe('两次输入不一致。');
    expect(calls.some((c) => c.url === '/api/register')).toBe(false);
  });

  /** The message under a field (its aria-describedby error), or null. */
  function fieldError(label: string): string | null {
    const input = screen.getByLabelText(label);
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
    return ids.length ? document.getElementById(ids[0])!.textContent : null;
  }
  async function fill(values: { phone?: string; password?: string; re?: string; code?: string }, page = '注册') {
    fireEvent.change(await screen.findByLabelText('手机'), { target: { value: values.phone ?? '13800000000' } });
    fireEvent.change(screen.getByLabelText(page === '注册' ? '密码' : '新密码'), { target: { value: values.password ?? 'abc12345' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: values.re ?? values.password ?? 'abc12345' } });
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: values.code ?? '123456' } });
  }
  const issues = (field: string) => ({ field, issues: [{ path: field, code: 'too_small' }] });

  it('checks every field before sending, each message under its field', async () => {
    const { calls } = fakeFetch(common);
    boot();
    await fill({ phone: '12345', password: 'abc', code: '12' });
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(fieldError('手机')).toBe('请输入正确的 11 位手机号'));
    expect(fieldError('密码')).toBe('密码需为 6–32 个字符');
    expect(fieldError('验证码')).toBe('验证码为 6 位数字');
    for (const label of ['手机', '密码', '验证码']) expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    // typing in a field clears its message
    fireEvent.change(screen.getByLabelText('手机'), { target: { value: '13800000000' } });
    expect(fieldError('手机')).toBeNull();
    expect(calls.some((c) => c.url === '/api/register')).toBe(false);
  });

  it("puts the server's field refusals under the field in the field's words, never the raw field name or a toast", async () => {
    let answer = envelope(issues('password'), 422, 'password 至少需要 6 个字符。');
    const { calls } = fakeFetch({ ...common, 'POST /api/register': () => answer });
    boot();
    await fill({});
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(fieldError('密码')).toBe('密码需为 6–32 个字符'));
    expect(screen.getByLabelText('密码').getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).not.toMatch(/password|phone|username/);
    // a refusal that is a sentence of its own (phone taken: 409 on username) is shown as written
    answer = envelope({ field: 'username' }, 409, '该手机号已注册。');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(fieldError('手机')).toBe('该手机号已注册。'));
    answer = envelope({ field: 'code' }, 422, '验证码错误或已过期。');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(fieldError('验证码')).toBe('验证码错误或已过期。'));
    expect(calls.filter((c) => c.url === '/api/register')).toHaveLength(3);
    expect(screen.queryByRole('status')?.textContent ?? '').not.toContain('验证码错误');
  });

  it('says an SMS refusal of the phone under the phone field, not in a toast', async () => {
    const { calls } = fakeFetch({ ...common, 'POST /api/sms': envelope(issues('phone'), 422, 'phone 格式不正确。') });
    boot();
    fireEvent.change(await screen.findByLabelText('手机'), { target: { value: '1380000' } });
    fireEvent.click(screen.getByRole('button', { name: '发送验证码' }));
    // not a phone number: said at once, nothing sent
    await waitFor(() => expect(fieldError('手机')).toBe('请输入正确的 11 位手机号'));
    expect(calls.some((c) => c.url === '/api/sms')).toBe(false);
    fireEvent.change(screen.getByLabelText('手机'), { target: { value: '13800000000' } });
    fireEvent.click(screen.getByRole('button', { name: '发送验证码' }));
    await waitFor(() => expect(fieldError('手机')).toBe('请输入正确的 11 位手机号'));
    expect(calls.filter((c) => c.url === '/api/sms')).toHaveLength(1);
    expect(document.body.textContent).not.toContain('phone');
  });

  it('the forgot-password page does the same, in English too', async () => {
    fakeFetch({ ...common, 'POST /api/forget_password': envelope(issues('password'), 422, 'The field password needs at least 6 characters.') });
    window.history.replaceState(null, '', '/forget_password');
    useMessages('en');
    startSessions();
    startRouteGuard();
    navigate('/forget_password', { replace: true });
    renderWithApp(<AppRoutes />);
    fireEvent.change(await screen.findByLabelText('Phone'), { target: { value: '13800000000' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'abc12345' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'abc12345' } });
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.submit(screen.getByLabelText('Verification code').closest('form')!);
    await waitFor(() => expect(fieldError('New password')).toBe('The password needs 6 to 32 characters'));
    expect(document.body.textContent).not.toContain('The field password');
  });
});

describe('points in English (issue 15: plurals)', () => {
  afterEach(() => resetApp('/'));

  it('says 1 point, 300 points and 1.50 points', async () => {
    const { Points } = await import('../../src/shop/points/PointsCard');
    useMessages('en');
    renderWithApp(
      <>
        <Points value="1.00" className="one" />
        <Points value="300.00" className="many" />
        <Points value="1.50" className="part" />
      </>,
    );
    expect(document.querySelector('.one')!.textContent).toBe('1 point');
    expect(document.querySelector('.many')!.textContent).toBe('300 points');
    expect(document.querySelector('.part')!.textContent).toBe('1.50 points');
  });
});
