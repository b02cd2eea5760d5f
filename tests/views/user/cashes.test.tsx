import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getCommitted } from '../../../src/app/navigation';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { envelope, fakeFetch, formBody, resetApp } from '../helpers';
import { boot, calledWith, common, login, queryOf, SLOW } from './fixtures';

/** /user/cashes and the ledgers /user/money, /user/frozen_money, /user/integral (docs/settlement.md). */
const info = { 'POST /api/auth/info': envelope({ id: 7, nickname: 'Ann', money: '200.00', frozen_money: '30.00', integral: 12 }) };
const account = envelope({ balance: '200.00', frozen: '30.00', rate: '0.5', details: { name: '林小美', bank_name: '中国建设银行', card_no: '6217000010012345678' }, checked: true });
const base = { user_id: 7, store_id: 0, commission_rate: '0.5', name: '林小美', bank_name: '中国建设银行', card_no: '6217000010012345678', remark: '', audit_time: null };
const CASHES = [
  { ...base, id: 3, money: '29.85', commission: '0.15', cash_status: 0, refuse_info: '', created_at: '2026-11-26 10:00:00' },
  { ...base, id: 2, money: '49.75', commission: '0.25', cash_status: 2, refuse_info: '银行卡号有误', created_at: '2026-11-16 10:00:00' },
  { ...base, id: 1, money: '99.50', commission: '0.50', cash_status: 1, refuse_info: '', created_at: '2026-11-06 10:00:00' },
];
const page = (rows: unknown[]) => envelope({ data: rows, total: rows.length, per_page: 20, current_page: 1, last_page: 1 });

describe('user withdrawals and money logs', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
    login();
  });
  afterEach(() => resetApp('/'));

  it('shows balance and frozen funds, each withdrawal with its state (refusal reason), and cancels a pending one', async () => {
    const { calls } = fakeFetch({ ...common, ...info, 'GET /api/user/cashes/account': account, 'GET /api/user/cashes': page(CASHES), 'DELETE /api/user/cashes/3': envelope([3]) });
    boot('/user/cashes');
    expect((await screen.findByTestId('user-balance', {}, SLOW)).textContent).toBe('￥200.00');
    await waitFor(() => expect(screen.getByTestId('user-frozen').textContent).toBe('￥30.00'));
    const rows = await screen.findAllByTestId('cash-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('审核中')).toBeTruthy();
    expect(within(rows[0]).getByText('￥30.00')).toBeTruthy();
    expect(within(rows[0]).getByText(/6217 \*\*\*\* \*\*\*\* 5678/)).toBeTruthy();
    expect(within(rows[1]).getByText('拒绝原因：银行卡号有误')).toBeTruthy();
    expect(within(rows[2]).queryByRole('button')).toBeNull();
    expect(queryOf(calledWith(calls, 'GET', '/api/user/cashes')[0])).toMatchObject({ page: '1', per_page: '20' });
    const menu = screen.getByRole('navigation', { name: '个人中心菜单' });
    expect(within(menu).getByRole('link', { name: '资金提现' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(rows[0]).getByRole('button', { name: '取消 2026-11-26 10:00:00 的提现申请' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('取消后 ￥30.00 将退回余额。确定取消？')).toBeTruthy();
    expect(within(confirm).getAllByRole('button').map((button) => button.textContent)).toEqual(['暂不取消', '取消提现']);
    fireEvent.click(within(confirm).getByRole('button', { name: '取消提现' }));
    await waitFor(() => expect(calledWith(calls, 'DELETE', '/api/user/cashes/3')).toHaveLength(1));
    expect(await screen.findByText('已取消，金额已退回余额')).toBeTruthy();
  });

  it('in English the cancel question names the amount in yuan and its buttons say what they do', async () => {
    fakeFetch({ ...common, ...info, 'GET /api/user/cashes/account': account, 'GET /api/user/cashes': page(CASHES) });
    boot('/user/cashes', 'en');
    const rows = await screen.findAllByTestId('cash-row', {}, SLOW);
    fireEvent.click(within(rows[0]).getByRole('button', { name: 'Cancel the withdrawal requested 2026-11-26 10:00:00' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('¥30.00 goes back to your balance. Cancel this request?')).toBeTruthy();
    expect(within(confirm).getAllByRole('button').map((button) => button.textContent)).toEqual(['Keep it', 'Cancel the withdrawal']);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('applies: paid to the real-name check’s card (shown, not typed), fee shown before confirming, the amount sent once', async () => {
    const { calls } = fakeFetch({ ...common, ...info, 'GET /api/user/cashes/account': account, 'GET /api/user/cashes': page([]), 'POST /api/user/cashes': envelope({ ...CASHES[0], id: 4 }) });
    boot('/user/cashes');
    expect(await screen.findByText('还没有提现记录', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '申请提现' }));
    const dialog = await screen.findByRole('dialog');
    const payee = await within(dialog).findByTestId('cash-payee');
    expect(payee.textContent).toContain('林小美');
    expect(payee.textContent).toContain('6217 **** **** 5678');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '下一步' }));
    const amount = await within(dialog).findByRole('textbox', { name: '提现金额（元）' });
    fireEvent.click(within(dialog).getByRole('button', { name: '全部' }));
    expect((amount as HTMLInputElement).value).toBe('200.00');
    expect(within(dialog).getByTestId('cash-fee').textContent).toBe('￥1.00');
    fireEvent.change(amount, { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '下一步' }));
    expect((await within(dialog).findByTestId('cash-confirm-net')).textContent).toBe('￥29.85');
    expect(calledWith(calls, 'POST', '/api/user/cashes')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '确认提现' }));
    await waitFor(() => expect(calledWith(calls, 'POST', '/api/user/cashes')).toHaveLength(1));
    expect(formBody(calledWith(calls, 'POST', '/api/user/cashes')[0])).toEqual({ money: '30.00' });
    expect(await screen.findByText('提现申请已提交，等待平台审核')).toBeTruthy();
  });

  it('without a real-name check: the dialog asks for it first, saves it, then shows it as the payee', async () => {
    const unchecked = envelope({ balance: '200.00', frozen: '0.00', rate: '0.5', details: { name: '', bank_name: '', card_no: '' }, checked: false });
    const { calls } = fakeFetch({
      ...common,
      ...info,
      'GET /api/user/cashes/account': unchecked,
      'GET /api/user/cashes': page([]),
      'POST /api/user/check': envelope({ id: 1, user_id: 7, name: '王五', card_no: '11010519900101123X', bank_name: '中国银行', bank_no: '6222000011112222' }),
    });
    boot('/user/cashes');
    expect(await screen.findByText('还没有提现记录', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '申请提现' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/提现前请先完成实名认证/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存并继续' }));
    expect((await within(dialog).findAllByText('请填写此项')).length).toBe(4);
    expect(calledWith(calls, 'POST', '/api/user/check')).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: '真实姓名' }), { target: { value: '王五' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '身份证号' }), { target: { value: '11010519900101123x' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '银行名称' }), { target: { value: '中国银行' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '银行卡号' }), { target: { value: '6222 0000 1111 2222' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存并继续' }));
    await waitFor(() => expect(calledWith(calls, 'POST', '/api/user/check')).toHaveLength(1));
    expect(formBody(calledWith(calls, 'POST', '/api/user/check')[0])).toEqual({ name: '王五', card_no: '11010519900101123X', bank_name: '中国银行', bank_no: '6222000011112222' });
    const payee = await within(dialog).findByTestId('cash-payee');
    expect(payee.textContent).toContain('王五');
    expect(payee.textContent).toContain('6222 **** **** 2222');
  });

  it('ledgers: /user/money (old /user/money_logs), /user/frozen_money and /user/integral, each its own page and logs', async () => {
    const log = (id: number, name: string, money: string, type: number) => ({ id, name, money, is_type: type, info: `提现申请 #${id}`, created_at: '2026-11-20 10:00:00' });
    const { calls } = fakeFetch({
      ...common,
      ...info,
      'GET /api/user/cashes/account': account,
      'GET /api/user/money_logs': (call) => {
        const type = Number(new URLSearchParams(call.url.split('?')[1]).get('is_type'));
        return page(type === 0 ? [log(1, '资金提现', '-30.00', 0), log(3, '手工调整', '1.00', 0)] : type === 1 ? [log(2, '资金提现', '30.00', 1)] : [log(4, '积分兑换', '-800.00', 2)]);
      },
    });
    boot('/user/money_logs', 'en');
    expect(await screen.findByText('-30.00', {}, SLOW)).toBeTruthy();
    expect(getCommitted().path).toBe('/user/money');
    expect(screen.getByText('Now: ￥200.00')).toBeTruthy();
    // the stored Chinese name of a kind the server writes is translated; any other name is shown as stored
    const rows = screen.getAllByTestId('money-log').map((row) => row.querySelector('td')!.textContent);
    expect(rows).toEqual(['Withdrawal', '手工调整']);
    const menu = screen.getByRole('navigation', { name: 'Account menu' });
    expect(within(menu).getByRole('link', { name: 'Balance' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(menu).getByRole('link', { name: 'Frozen funds' }));
    expect(await screen.findByText('+30.00')).toBeTruthy();
    expect(getCommitted().path).toBe('/user/frozen_money');
    fireEvent.click(within(menu).getByRole('link', { name: 'Points' }));
    // points logs in whole points
    expect(await screen.findByText('-800')).toBeTruthy();
    expect(getCommitted().path).toBe('/user/integral');
    expect(screen.getAllByTestId('money-log').at(-1)!.querySelector('td')!.textContent).toBe('Points redemption');
    expect(calledWith(calls, 'GET', '/api/user/money_logs').map((c) => queryOf(c).is_type)).toEqual(['0', '1', '2']);
  });

  it('a ledger\'s filters (kind, in or out, dates) are in its address: opened directly, they are sent and shown', async () => {
    const { calls } = fakeFetch({ ...common, ...info, 'GET /api/user/cashes/account': account, 'GET /api/user/money_logs': page([]) });
    boot('/user/money?name=%E5%88%86%E9%94%80%E4%BD%A3%E9%87%91&direction=in&from=2026-11-01&to=2026-11-30');
    expect(await screen.findByText('暂无记录', {}, SLOW)).toBeTruthy();
    const sent = new URLSearchParams(calledWith(calls, 'GET', '/api/user/money_logs')[0].url.split('?')[1]);
    expect(sent.get('is_type')).toBe('0');
    expect(sent.get('name')).toBe('分销佣金');
    expect(sent.get('money')).toBe('0|gt');
    // the whole last day: up to (not including) the next
    expect(sent.getAll('created_at[]')).toEqual(['2026-11-01', '2026-12-01']);
    expect((screen.getByLabelText('开始日期') as HTMLInputElement).value).toBe('2026-11-01');
    fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2026-10-01' } });
    expect(screen.getByText('结束日期不能早于开始日期')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(getCommitted()).toEqual({ path: '/user/money', search: '' }));
    // a kind this ledger has no entries of is dropped
    resetApp('/');
    login();
    const again = fakeFetch({ ...common, ...info, 'GET /api/user/money_logs': page([]) });
    boot('/user/integral?name=%E8%B5%84%E9%87%91%E6%8F%90%E7%8E%B0');
    await waitFor(() => expect(calledWith(again.calls, 'GET', '/api/user/money_logs')).toHaveLength(1), SLOW);
    expect(queryOf(calledWith(again.calls, 'GET', '/api/user/money_logs')[0])).toEqual({ is_type: '2', page: '1', per_page: '20' });
  });
});
