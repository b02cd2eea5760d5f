import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { envelope, fakeFetch, formBody, resetApp, type RecordedCall } from '../helpers';
import { SLOW, boot, calledWith, common, login } from './fixtures';

/** /user/safe/pay_password: the pay password, set or reset with an SMS code to the account's phone. */
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
    boot('/user/safe/pay_password');
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
    boot('/user/safe/pay_password');
    const submit = await screen.findByRole('button', { name: '重置支付密码' }, SLOW);
    fireEvent.click(submit);
    await waitFor(() => expect(fieldError('新支付密码')).toBe('支付密码为 6 位数字'));
    expect(fieldError('验证码')).toBe('请输入验证码。');
    fill({ 新支付密码: '12345a', 验证码: '12' });
    fireEvent.click(submit);
    await waitFor(() => expect(fieldError('验证码')).toBe('验证码为 6 位数字'));
    expect(fieldError('新支付密码')).toBe('支付密码为 6 位数字');
    fill({ 新支付密码: '123456', 确认支付密码: '654321', 验证码: '123456' });
    fireEvent.click(submit);
    await waitFor(() => expect(fieldError('确认支付密码')).toBe('两次输入不一致。'));
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
    boot('/user/safe/pay_password');
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
    boot('/user/safe/pay_password');
    expect(await screen.findByText('账户未绑定手机号，无法通过短信验证码设置支付密码。', {}, SLOW)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '支付密码' })).queryByRole('button', { name: '发送验证码' })).toBeNull();
  });

  it('speaks English', async () => {
    fakeFetch({ ...common, 'POST /api/auth/info': envelope(info({ pay_password_set: true })), 'PUT /api/user/pay_password': envelope([], 200, 'ok') });
    boot('/user/safe/pay_password', 'en');
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

describe('user centre: /user/safe lists the security actions, each at its own address', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
    login();
  });
  afterEach(() => resetApp('/'));

  it('shows what is on file for each and links to its page', async () => {
    fakeFetch({ ...common, 'POST /api/auth/info': envelope(info({ pay_password_set: true, check: false })), 'GET /api/user/check': envelope(null) });
    boot('/user/safe');
    const list = await screen.findByTestId('safe-list', {}, SLOW);
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['登录密码已设置修改', '支付密码已设置修改', '手机认证已绑定 138****0000修改', '身份认证未认证立即认证']);
    expect(within(list).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/user/safe/password', '/user/safe/pay_password', '/user/safe/phone', '/user/safe/check']);
    fireEvent.click(within(rows[3]).getByRole('link', { name: '立即认证身份认证' }));
    await waitFor(() => expect(screen.getByRole('region', { name: '身份认证' })).toBeTruthy());
    const menu = screen.getByRole('navigation', { name: '个人中心菜单' });
    expect(within(menu).getByRole('link', { name: '账户安全' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '返回账户安全' }).getAttribute('href')).toBe('/user/safe');
  });

  it('/user/safe/check: checks the fields as the withdrawal does, saves the check (photos optional) and shows it masked', async () => {
    let record: unknown = null;
    const { calls } = fakeFetch({
      ...common,
      'POST /api/auth/info': envelope(info()),
      'GET /api/user/check': () => envelope(record),
      'POST /api/user/check': (call: RecordedCall) => {
        record = { ...formBody(call), card_t: '', card_b: '', updated_at: '2026-12-07 10:00:00' };
        return envelope(record);
      },
    });
    boot('/user/safe/check');
    expect(await screen.findByText('尚未实名认证。提现前请先完成认证。', {}, SLOW)).toBeTruthy();
    fill({ 真实姓名: '张三', 身份证号: '110-1', 银行卡号: '6222' });
    fireEvent.click(screen.getByRole('button', { name: '提交认证' }));
    await waitFor(() => expect(fieldError('身份证号')).toBe('证件号应为 6–30 位字母或数字'));
    expect(fieldError('银行卡号')).toBe('银行卡号应为 8–30 位数字');
    expect(fieldError('开户银行')).toBe('请填写此项');
    expect(calledWith(calls, 'POST', '/api/user/check')).toHaveLength(0);
    fill({ 身份证号: '11010519491231002x', 银行卡号: '6222 0212 3456 7890 123', 开户银行: '工商银行' });
    fireEvent.click(screen.getByRole('button', { name: '提交认证' }));
    await waitFor(() => expect(calledWith(calls, 'POST', '/api/user/check')).toHaveLength(1));
    expect(formBody(calledWith(calls, 'POST', '/api/user/check')[0])).toEqual({ name: '张三', card_no: '11010519491231002X', bank_name: '工商银行', bank_no: '6222021234567890123', card_t: '', card_b: '' });
    const onFile = await screen.findByTestId('identity-on-file');
    expect(onFile.textContent).toBe('真实姓名张三身份证号**************002X银行卡工商银行 ***************0123');
    expect(screen.getByRole('button', { name: '重新提交' })).toBeTruthy();
  });

  it('/user/safe/check in English shows the check on file, numbers masked', async () => {
    fakeFetch({
      ...common,
      'POST /api/auth/info': envelope(info()),
      'GET /api/user/check': envelope({ name: '张三', card_no: '11010519491231002X', card_t: '', card_b: '', bank_no: '6222021234567890123', bank_name: '工商银行', updated_at: '2026-12-07 10:00:00' }),
    });
    boot('/user/safe/check', 'en');
    const onFile = await screen.findByTestId('identity-on-file', {}, SLOW);
    expect(onFile.textContent).toBe('Real name张三ID card number**************002XBank card工商银行 ***************0123');
    expect(screen.getByRole('button', { name: 'Submit again' })).toBeTruthy();
  });
});
