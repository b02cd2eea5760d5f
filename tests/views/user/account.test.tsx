import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { envelope, fakeFetch, formBody, resetApp } from '../helpers';
import { SLOW, boot, calledWith, common, login } from './fixtures';

/** /user/info, /user/safe/password, /user/safe/phone, /user/oauth, /user/article/:name. */
const info = (over: Record<string, unknown> = {}) => ({ id: 7, nickname: 'Ann', avatar: '', sex: 1, birthday: null, phone: '13800000000', pay_password_set: true, updated_at: '1', ...over });

describe('user centre: account pages', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
    login();
  });
  afterEach(() => resetApp('/'));

  it('/user/info saves nickname, sex and birthday; a blank nickname is refused before sending', async () => {
    const { calls } = fakeFetch({ ...common, 'POST /api/auth/info': envelope(info()), 'POST /api/auth/edit': envelope(1) });
    boot('/user/info');
    const nickname = await screen.findByLabelText('昵称', {}, SLOW);
    // the avatar's file input has its label as its name
    expect((screen.getByLabelText('用户头像') as HTMLInputElement).type).toBe('file');
    fireEvent.change(nickname, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请输入昵称')).toBeTruthy();
    expect(calledWith(calls, 'POST', '/api/auth/edit')).toHaveLength(0);
    fireEvent.change(nickname, { target: { value: '小安' } });
    fireEvent.click(screen.getByRole('radio', { name: '女' }));
    fireEvent.change(screen.getByLabelText('生日'), { target: { value: '1995-06-01' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('资料已保存')).toBeTruthy();
    expect(formBody(calledWith(calls, 'POST', '/api/auth/edit')[0])).toEqual({ provider: 'users', nickname: '小安', avatar: '', sex: '0', birthday: '1995-06-01' });
  });

  it('/user/safe/password changes the login password with a code, /user/safe/phone the phone with codes of both phones', async () => {
    const { calls } = fakeFetch({
      ...common,
      'POST /api/auth/info': envelope(info()),
      'POST /api/sms': envelope([]),
      'PUT /api/user/password': envelope([]),
      'PUT /api/user/phone': envelope({ field: 'new_code' }, 422, '验证码错误或已过期。'),
    });
    boot('/user/safe/password');
    const passwordSection = await screen.findByRole('region', { name: '登录密码' }, SLOW);
    fireEvent.change(within(passwordSection).getByLabelText('新密码'), { target: { value: 'Souk-2026x' } });
    fireEvent.change(within(passwordSection).getByLabelText('重复密码'), { target: { value: 'Souk-2026y' } });
    fireEvent.click(within(passwordSection).getByRole('button', { name: '修改登录密码' }));
    expect(await within(passwordSection).findByText('两次输入不一致。')).toBeTruthy();
    fireEvent.change(within(passwordSection).getByLabelText('重复密码'), { target: { value: 'Souk-2026x' } });
    fireEvent.click(within(passwordSection).getByRole('button', { name: '发送验证码' }));
    await waitFor(() => expect(calledWith(calls, 'POST', '/api/sms')).toHaveLength(1));
    expect(formBody(calledWith(calls, 'POST', '/api/sms')[0])).toEqual({ phone: '13800000000', name: 'edit_user' });
    fireEvent.change(within(passwordSection).getByLabelText('验证码（修改登录密码）'), { target: { value: '123456' } });
    fireEvent.click(within(passwordSection).getByRole('button', { name: '修改登录密码' }));
    await waitFor(() => expect(calledWith(calls, 'PUT', '/api/user/password')).toHaveLength(1), SLOW);
    expect(await screen.findByText('登录密码已修改')).toBeTruthy();
    expect(formBody(calledWith(calls, 'PUT', '/api/user/password')[0])).toEqual({ password: 'Souk-2026x', re_password: 'Souk-2026x', code: '123456' });

    resetApp('/');
    resetCommonForTests();
    login();
    const phoneCalls = fakeFetch({ ...common, 'POST /api/auth/info': envelope(info()), 'PUT /api/user/phone': envelope({ field: 'new_code' }, 422, '验证码错误或已过期。') }).calls;
    boot('/user/safe/phone');
    const phoneSection = await screen.findByRole('region', { name: '手机认证' }, SLOW);
    await within(phoneSection).findByLabelText('新手机号码');
    fireEvent.change(within(phoneSection).getByLabelText('新手机号码'), { target: { value: '13900000001' } });
    fireEvent.change(within(phoneSection).getByLabelText('当前手机验证码'), { target: { value: '111111' } });
    fireEvent.change(within(phoneSection).getByLabelText('新手机验证码'), { target: { value: '222222' } });
    fireEvent.click(within(phoneSection).getByRole('button', { name: '更换手机号' }));
    expect(await within(phoneSection).findByText('验证码错误或已过期。')).toBeTruthy();
    expect(formBody(calledWith(phoneCalls, 'PUT', '/api/user/phone')[0])).toEqual({ phone: '13900000001', code: '111111', new_code: '222222' });
    const newCode = within(phoneSection).getByLabelText('新手机验证码');
    expect(newCode.getAttribute('aria-invalid')).toBe('true');
  });

  it('/user/oauth lists the logins: bound ones can be unbound, configured ones bound, others say the shop has none', async () => {
    let bound = true;
    const { calls } = fakeFetch({
      ...common,
      'GET /api/user/oauth': () =>
        envelope([
          { provider: 'weixin', name: 'WeChat (official account)', configured: false, bound: false, nickname: '', avatar: '', bound_at: null },
          { provider: 'weixinweb', name: 'WeChat (QR code on PC)', configured: true, bound, nickname: bound ? 'Ann 的微信' : '', avatar: '', bound_at: bound ? '2026-12-07 10:00:00' : null },
        ]),
      'POST /api/user/oauth/unbind': () => {
        bound = false;
        return envelope([]);
      },
    });
    boot('/user/oauth', 'en');
    const web = await screen.findByTestId('oauth-weixinweb', {}, SLOW);
    expect(web.textContent).toContain('Linked to WeChat "Ann 的微信"');
    expect(screen.getByTestId('oauth-weixin').textContent).toContain('This shop has not set up this login');
    expect(within(screen.getByTestId('oauth-weixin')).queryByRole('button')).toBeNull();
    expect(within(screen.getByTestId('oauth-weixin')).queryByRole('link')).toBeNull();
    fireEvent.click(within(web).getByRole('button', { name: 'Unlink' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /OK|Confirm/ }));
    await waitFor(() => expect(calledWith(calls, 'POST', '/api/user/oauth/unbind')).toHaveLength(1));
    expect(calledWith(calls, 'POST', '/api/user/oauth/unbind')[0].body).toBe('name=weixinweb');
    const link = await within(screen.getByTestId('oauth-weixinweb')).findByRole('link', { name: 'Link' });
    expect(link.getAttribute('href')).toBe('/api/oauth/weixinweb');
  });

  it('/user/article/:name shows the article and the other help titles', async () => {
    fakeFetch({
      ...common,
      'GET /api/article/%E5%85%B3%E4%BA%8E%E6%88%91%E4%BB%AC': envelope({ id: 4, pid: 1, name: '关于我们', content: '<p>Souk 是一个开源的多商户商城</p>##qingwuit##{}', click: 3, updated_at: '2026-11-26 10:00:00' }),
      'GET /api/articles': envelope([
        { id: 1, pid: 1, name: '帮助中心' },
        { id: 4, pid: 1, name: '关于我们' },
      ]),
    });
    boot(`/user/article/${encodeURIComponent('关于我们')}`);
    expect(await screen.findByText('Souk 是一个开源的多商户商城', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('点击量：3')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: '帮助文章' });
    expect(within(nav).getByRole('link', { name: '关于我们' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByText('{}')).toBeNull();
  });
});
