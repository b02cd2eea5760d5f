import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { envelope, fakeFetch, formBody, resetApp, type RecordedCall } from '../helpers';
import { SLOW, boot, calledWith, common, login } from './fixtures';

/** /user/safe: the pay password, set or reset with an SMS code to the account's phone. */
const info = (over: Record<string, unknown> = {}) => ({ id: 7, nickname: 'Ann', phone: '13800000000', pay_password_set: false, ...over });

/** The error said under the field labelled `label`. */
const fieldError = (label: string) => {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('');
};

const fill = (values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
};

describe('user centre: account security (pay password)', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
    login();
  });
  afterEach(() => resetApp('/'));

  it('is in the menu; sends the code to the account phone with the pay_password template, sets the password, says so and shows it set', async () => {
    let user = info();
    const { calls } = fakeFetch({
      ...common,
      'POST /api/auth/info': () => envelope(user),
      'POST /api/sms': envelope([]),
      'PUT /api/user/pay_password': () => {
        user = info({ pay_password_set: true });
        return envelope([], 200, '支付密码已设置。');
      },
    });
    boot('/user/safe');
    expect(await screen.findByRole('heading', { name: '支付密码' }, SLOW)).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: '个人中心菜单' });
    expect(within(menu).getByRole('link', { name: '账户安全' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(screen.getByTestId('pay-password-status').textContent).toBe('未设置'));
    expect(screen.getByText('验证码将发送到 138****0000')).toBeTruthy();

    const paySection = screen.getByRole('region', { name: '支付密码' });
    fireEvent.click(within(paySection).getByRole('button', { name: '发送验证码' }));
    expect(await within(paySection).findByRole('button', { name: '60 秒后可重新发送' })).toBeTruthy();
    expect(formBody(calledWith(calls, 'POST', '/api/sms')[0])).toEqual({ phone: '13800000000', name: 'pay_password' });

    fill({ 新支付密码: '654321', 确认支付密码: '654321', 验证码: '123456' });
    fireEvent.click(screen.getByRole('button', { name: '设置支付密码' }));
    expect(await screen.findByText('支付密码已设置')).toBeTruthy();
    const put = calledWith(calls, 'PUT', '/api/user/pay_password');
    expect(put).toHaveLength(1);
    expect(formBody(put[0])).toEqual({ code: '123456', pay_password: '654321' });
    // the session fetched the user again: now set, and the button offers a reset
    await waitFor(() => expect(screen.getByTestId('pay-password-status').textContent).toBe('已设置'));
    expect(screen.getByRole('button', { name: '重置支付密码' })).toBeTruthy();
    expect((screen.getByLabelText('新支付密码') as HTMLInputElement).value).toBe('');
  });

  it('checks every field before sending: six digits, the same twice, a six-digit code', async () => {
    const { calls } = fakeFetch({ ...common, 'POST /api/auth/info': envelope(info({ pay_password_set: true })) });
    boot('/user/safe');
    const submit = await screen.findByRole('button', { name: '重置支付密码' }, SLOW);
    fireEvent.click(submit);
    await waitFor(() => expect(fieldError('新支付密码')).toBe('支付密码为 6 位数字'));
    expect(fieldError('验证码')).toBe('请输入验证码.');
    fill({ 新支付密码: '12345a', 验证码: '12' });
    fireEvent.click(submit);
    await waitFor(() => expect(fieldError('验证码')).toBe('验证码为 6 位数字'));
    expect(fieldError('新支付密码')).toBe('支付密码为 6 位数字');
    fill({ 新支付密码: '123456', 确认支付密码: '654321', 验证码: '123456' });
    fireEvent.click(submit);
    await waitFor(() => expect(fieldError('确认支付密码')).toBe('两次输入不一致.'));
    expect(fieldError('新支付密码')).toBe('');
    expect(calledWith(calls, 'PUT', '/api/user/pay_password')).toHaveLength(0);
  });

  it("puts the server's refusals under their fields: a wrong code under the code, a malformed password under the password", async () => {
    let answer = envelope({ field: 'code' }, 422, '验证码错误或已过期。');
    const { calls } = fakeFetch({
      ...common,
      'POST /api/auth/info': envelope(info({ pay_password_set: true })),
      'PUT /api/user/pay_password': (_call: RecordedCall) => answer,
    });
    boot('/user/safe');
    const submit = await screen.findByRole('button', { name: '重置支付密码' }, SLOW);
    fill({ 新支付密码: '654321', 确认支付密码: '654321', 验证码: '000000' });
    fireEvent.click(submit);
    await waitFor(() => expect(fieldError('验证码')).toBe('验证码错误或已过期。'));
    answer = envelope({ field: 'pay_password', issues: [{ path: ['pay_password'] }] }, 422, 'pay_password 格式不正确。');
    fireEvent.click(submit);
    await waitFor(() => expect(fieldError('新支付密码')).toBe('支付密码为 6 位数字'));
    expect(calledWith(calls, 'PUT', '/api/user/pay_password')).toHaveLength(2);
    expect(screen.queryByText('支付密码已重置')).toBeNull();
  });

  it('an account without a phone is told why instead of a form', async () => {
    fakeFetch({ ...common, 'POST /api/auth/info': envelope(info({ phone: '' })) });
    boot('/user/safe');
    expect(await screen.findByText('账户未绑定手机号，无法通过短信验证码设置支付密码。', {}, SLOW)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '支付密码' })).queryByRole('button', { name: '发送验证码' })).toBeNull();
  });

  it('speaks English', async () => {
    fakeFetch({ ...common, 'POST /api/auth/info': envelope(info({ pay_password_set: true })), 'PUT /api/user/pay_password': envelope([], 200, 'ok') });
    boot('/user/safe', 'en');
    expect(await screen.findByRole('heading', { name: 'Pay password' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('pay-password-status').textContent).toBe('Set'));
    expect(screen.getByText('The code goes to 138****0000')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Pay password' })).getByRole('button', { name: 'Send code' })).toBeTruthy();
    fill({ 'New pay password': '1', 'Confirm pay password': '' });
    fireEvent.click(screen.getByRole('button', { name: 'Reset pay password' }));
    await waitFor(() => expect(fieldError('New pay password')).toBe('The pay password is 6 digits'));
    fill({ 'New pay password': '135790', 'Confirm pay password': '135790', 'Verification code': '123456' });
    fireEvent.click(screen.getByRole('button', { name: 'Reset pay password' }));
    expect(await screen.findByText('Pay password reset')).toBeTruthy();
  });
});
