import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '../../src/api/auth';
import { transportError } from '../../machines/envelope';
import { areaPath, request, resultText } from '../../src/api/client';
import { setSessionSink, type SessionSignal } from '../../src/api/sessionBridge';
import { getToasts } from '../../src/ui/toast';
import { envelope, fakeFetch, formBody, resetApp, useMessages } from './helpers';

describe('api client', () => {
  const signals: [number, SessionSignal][] = [];
  beforeEach(() => {
    resetApp('/');
    useMessages('zh-cn');
    signals.length = 0;
    setSessionSink((area, signal) => signals.push([area, signal]));
  });
  afterEach(() => {
    setSessionSink(null);
    vi.unstubAllGlobals();
  });

  it('prefixes /api, adds the area prefix only through areaPath, and unwraps ok envelopes', async () => {
    const { calls } = fakeFetch({ 'POST /api/Admin/auth/info': envelope({ id: 1, nickname: 'Root' }) });
    expect(areaPath(0, 'auth/info')).toBe('/Admin/auth/info');
    expect(areaPath(1, '/uploads')).toBe('/Seller/uploads');
    expect(areaPath(2, 'auth/info')).toBe('/auth/info');
    const result = await request(0, 'POST', areaPath(0, 'auth/info'), { provider: 'admins' });
    expect(result).toEqual({ kind: 'ok', data: { id: 1, nickname: 'Root' }, msg: 'ok' });
    expect(calls[0].url).toBe('/api/Admin/auth/info');
  });

  it('sends the bearer token of the given area, never guessed from the URL', async () => {
    localStorage.setItem('admin_token', 'A');
    localStorage.setItem('seller_token', 'S');
    localStorage.setItem('token', 'U');
    const { calls } = fakeFetch({ 'POST /api/logout': envelope([]), 'GET /api/common': envelope({}) });
    await request(1, 'POST', '/logout', { provider: 'users' });
    await request(0, 'POST', '/logout', { provider: 'admins' });
    await request(2, 'GET', '/common');
    expect(calls.map((c) => c.headers.get('authorization'))).toEqual(['Bearer S', 'Bearer A', 'Bearer U']);
    localStorage.clear();
    await request(2, 'GET', '/common');
    expect(calls[3].headers.get('authorization')).toBeNull();
  });

  it('sends Accept-Language from the current locale', async () => {
    const { calls } = fakeFetch({ 'GET /api/common': envelope({}) });
    await request(2, 'GET', '/common');
    useMessages('en');
    await request(2, 'GET', '/common');
    expect(calls.map((c) => c.headers.get('accept-language'))).toEqual(['zh-cn', 'en']);
  });

  it('form-encodes POST bodies with brackets and zeroes empty is_type / is_sort on a copy', async () => {
    const { calls } = fakeFetch({ 'PUT /api/Admin/menus/3': envelope(true), 'GET /api/Admin/menus': envelope([]) });
    const payload = { name: '商品', is_type: '', is_sort: '', apis: ['a', 'b'], option: { width: 150 } };
    await request(0, 'PUT', '/Admin/menus/3', payload);
    expect(payload.is_type).toBe('');
    expect(payload.is_sort).toBe('');
    expect(calls[0].headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    const body = formBody(calls[0]);
    expect(body).toMatchObject({ name: '商品', is_type: '0', is_sort: '0', 'apis[0]': 'a', 'apis[1]': 'b', 'option[width]': '150' });
    await request(0, 'GET', '/Admin/menus', { page: 2, id: ['1', '2'], name: 'x|like' });
    const query = new URLSearchParams(calls[1].url.split('?')[1]);
    expect(query.get('page')).toBe('2');
    expect(query.getAll('id[]')).toEqual(['1', '2']);
    expect(query.get('name')).toBe('x|like');
    expect(calls[1].body).toBeNull();
  });

  it('sends multipart bodies as given', async () => {
    const { calls } = fakeFetch({ 'POST /api/Admin/uploads': envelope('/uploads/avatar/a.png') });
    const form = new FormData();
    form.append('name', 'avatar');
    const result = await request(0, 'POST', '/Admin/uploads', form);
    expect(calls[0].body).toBe(form);
    expect(result).toMatchObject({ kind: 'ok', data: '/uploads/avatar/a.png' });
  });

  it('stores a renewed token from the Authorization header and tells the session', async () => {
    localStorage.setItem('seller_token', 'old');
    fakeFetch({ 'GET /api/Seller/load_menu': { ...envelope([]), headers: { Authorization: 'Bearer fresh-token' } } });
    await request(1, 'GET', '/Seller/load_menu', { type: 'getChildren' });
    expect(localStorage.getItem('seller_token')).toBe('fresh-token');
    expect(localStorage.getItem('token')).toBeNull();
    expect(signals).toEqual([[1, { type: 'TOKEN.RENEWED', token: 'fresh-token' }]]);
  });

  it('maps 401 to unauthorized, toasts its message and sends UNAUTHORIZED to that area', async () => {
    fakeFetch({ 'POST /api/Admin/auth/info': envelope([], 401, '登录已失效') });
    const result = await request(0, 'POST', '/Admin/auth/info', { provider: 'admins' });
    expect(result).toEqual({ kind: 'unauthorized', msg: '登录已失效' });
    expect(signals).toEqual([[0, { type: 'UNAUTHORIZED' }]]);
    expect(getToasts().map((t) => t.text)).toContain('登录已失效');
  });

  it('maps fail, forbidden, throttled and silent envelopes with the spec toasts', async () => {
    fakeFetch({
      'POST /api/a': envelope([], 422, 'bad field'),
      'POST /api/b': envelope([], 403, 'no permission'),
      'POST /api/c': envelope([], 429, 'slow down'),
      'POST /api/d': envelope({ x: 1 }, 405, ''),
    });
    expect(await request(2, 'POST', '/a', {})).toEqual({ kind: 'fail', code: 422, msg: 'bad field', data: [] });
    expect(await request(2, 'POST', '/b', {})).toEqual({ kind: 'forbidden', msg: 'no permission' });
    expect((await request(2, 'POST', '/c', {})).kind).toBe('throttled');
    expect(await request(2, 'POST', '/d', {})).toEqual({ kind: 'silent', data: { x: 1 } });
    const texts = getToasts().map((t) => t.text);
    expect(texts).toEqual(expect.arrayContaining(['bad field', 'no permission', '您请求太频繁了，请休息一会']));
    expect(signals).toEqual([]);
  });

  it('quiet requests do not toast', async () => {
    fakeFetch({ 'POST /api/a': envelope([], 500, 'quiet failure') });
    const before = getToasts().length;
    await request(2, 'POST', '/a', {}, { quiet: true });
    expect(getToasts().length).toBe(before);
  });

  it('maps transport failures: HTTP 404, 500, and no response', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeFetch({ 'GET /api/missing': { status: 404, body: { code: 404, msg: 'nope', data: [] } }, 'GET /api/boom': { status: 500, body: { code: 500, msg: 'db down', data: [] } } });
    expect(await request(2, 'GET', '/missing')).toEqual({ kind: 'transport', status: 404, message: 'Not Found Pages 404.' });
    expect(await request(2, 'GET', '/boom')).toEqual({ kind: 'transport', status: 500, message: '500 (Internal Server Error) db down' });
    expect(await request(2, 'GET', '/offline')).toEqual({ kind: 'transport', status: 0, message: '网络异常，请检查！' });
    expect(errors).toHaveBeenCalledWith('网络异常，请检查！');
    expect(getToasts().map((t) => t.text)).toEqual(expect.arrayContaining(['Not Found Pages 404.', '网络异常，请检查！']));
    errors.mockRestore();
  });

  it('login sends username, password, provider and area', async () => {
    const { calls } = fakeFetch({ 'POST /api/login': envelope({ access_token: 't', token_type: 'Bearer' }) });
    await login(1, 'seller', 'secret');
    expect(formBody(calls[0])).toEqual({ username: 'seller', password: 'secret', provider: 'users', area: 'seller' });
  });

  it("resultText says a refusal as the server wrote it and our own messages (no answer, throttled) in the page's language", () => {
    useMessages('en');
    expect(resultText(transportError())).toBe('Network error, please check your connection!');
    expect(resultText({ kind: 'fail', code: 422, msg: 'nope', data: null })).toBe('nope');
    expect(resultText(transportError(404))).toBe('Not Found Pages 404.');
    expect(resultText({ kind: 'html' })).toBe('');
    useMessages('zh-cn');
    expect(resultText(transportError())).toBe('网络异常，请检查！');
  });
});
