import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MoneyDialog } from '../../../src/backoffice/views/Admin/users/MoneyDialog';
import { checkAmount } from '../../../src/backoffice/views/Admin/users/moneyAmount';
import { envelope, fakeFetch, formBody, resetApp } from '../helpers';
import { freshPage, renderView } from './pageHelpers';

const user = { id: 42, nickname: '小明', username: '13800000000', money: '100.00', frozen_money: '5.00', integral: '30.00' };

describe('adjust funds dialog', () => {
  afterEach(() => resetApp('/'));

  it('reads signed amounts with at most two decimals', () => {
    expect(checkAmount('12.5')).toEqual({ ok: true, value: '12.50' });
    expect(checkAmount('+3')).toEqual({ ok: true, value: '3.00' });
    expect(checkAmount(' -0.05 ')).toEqual({ ok: true, value: '-0.05' });
    expect(checkAmount('')).toEqual({ ok: false, error: 'required' });
    expect(checkAmount('1.234')).toEqual({ ok: false, error: 'format' });
    expect(checkAmount('1e3')).toEqual({ ok: false, error: 'format' });
    expect(checkAmount('-0.00')).toEqual({ ok: false, error: 'zero' });
    expect(checkAmount('1000000000')).toEqual({ ok: false, error: 'range' });
    expect(checkAmount('999999999.99')).toEqual({ ok: true, value: '999999999.99' });
  });

  it('refuses a bad amount in the browser, then posts the signed value and reports done', async () => {
    freshPage('/Admin/users');
    const { calls } = fakeFetch({ 'POST /api/Admin/users/money/handle': envelope({ id: 42, balance: '0.00' }) });
    const onDone = vi.fn();
    renderView(() => <MoneyDialog user={user} onClose={() => undefined} onDone={onDone} />, 0, '/Admin/users');

    const amount = screen.getByRole('textbox', { name: '调整金额' });
    fireEvent.change(amount, { target: { value: '12.345' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请输入最多两位小数的金额，可带 + 或 - 号')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('调整金额不能为 0')).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByRole('combobox', { name: '调整类型' }), { target: { value: '1' } });
    expect(screen.getByText(/当前 5\.00/)).toBeTruthy();
    fireEvent.change(amount, { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请填写调整原因')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: /调整原因/ }), { target: { value: '补偿运费' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe('POST');
    expect(formBody(calls[0])).toEqual({ id: '42', is_type: '1', money: '-5.00', is_belong: '0', reason: '补偿运费' });
  });

  it('keeps the dialog open when the server refuses the adjustment, the refusal under the amount it names', async () => {
    freshPage('/Admin/users');
    fakeFetch({ 'POST /api/Admin/users/money/handle': envelope({ field: 'money' }, 422, '余额不足：调整后不能小于 0（当前 100.00）。') });
    const onDone = vi.fn();
    renderView(() => <MoneyDialog user={user} onClose={() => undefined} onDone={onDone} />, 0, '/Admin/users');
    fireEvent.change(screen.getByRole('textbox', { name: '调整金额' }), { target: { value: '-500' } });
    fireEvent.change(screen.getByRole('textbox', { name: /调整原因/ }), { target: { value: '扣回' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    const refusal = await screen.findByText('余额不足：调整后不能小于 0（当前 100.00）。');
    // next to the amount (its aria-describedby error), not in a toast
    const amount = screen.getByRole('textbox', { name: '调整金额' });
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(amount.getAttribute('aria-describedby')).toContain(refusal.id);
    expect(refusal.closest('[role="dialog"]')).not.toBeNull();
    expect(onDone).not.toHaveBeenCalled();
    // what was typed stays
    expect((amount as HTMLInputElement).value).toBe('-500');
    expect((screen.getByRole('textbox', { name: /调整原因/ }) as HTMLInputElement).value).toBe('扣回');
  });
});
