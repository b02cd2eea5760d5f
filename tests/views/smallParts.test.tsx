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
    expect(await screen.findByText('手机号码为空.')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/sms')).toBe(false);
    fireEvent.change(screen.getByLabelText('手机'), { target: { value: '13800000000' } });
    fireEvent.click(screen.getByRole('button', { name: '发送验证码' }));
    expect(await screen.findByRole('button', { name: '60 秒后可重新发送' })).toBeTruthy();
    expect(formBody(calls.find((c) => c.url === '/api/sms')!)).toEqual({ phone: '13800000000', name: 'register' });
    fireEvent.click(screen.getByRole('button', { name: '60 秒后可重新发送' }));
    expect(await screen.findByText('请勿频繁发送短信.')).toBeTruthy();
  });

  it('refuses two different passwords before calling the server', async () => {
    const { calls } = fakeFetch(common);
    boot();
    fireEvent.change(await screen.findByLabelText('手机'), { target: { value: '13800000000' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'abc12345' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'abc99999' } });
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('两次输入不一致.'));
    expect(calls.some((c) => c.url === '/api/register')).toBe(false);
  });
});
