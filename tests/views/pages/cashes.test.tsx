import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import AdminCashesPage from '../../../src/backoffice/views/Admin/exts/cashes/index';
import AdminSettlementsPage from '../../../src/backoffice/views/Admin/exts/order_settlements/index';
import SellerCashesPage from '../../../src/backoffice/views/Seller/cashes/index';
import SellerMoneyLogsPage, { sellerMoneyLogsPage } from '../../../src/backoffice/views/Seller/money_logs/index';
import { exportableColumns } from '../../../src/backoffice/table/sheet';
import { ensureBackofficeMessages } from '../../../src/app/i18n';
import { envelope, fakeFetch, formBody, resetApp, useMessages, type RecordedCall } from '../helpers';
import { freshPage, paginator, queryOf, renderView, withLayout } from './pageHelpers';

/** Withdrawal and settlement pages of the consoles (docs/settlement.md). */
const base = { commission_rate: '0.5', refuse_info: '', remark: '', audit_time: null, created_at: '2026-11-20 10:00:00', bank_name: '招商银行', card_no: '6225880123456789' };
const rows = [
  { ...base, id: 1, user_id: 12, store_id: 0, name: '林小美', money: '99.50', commission: '0.50', cash_status: 0 },
  { ...base, id: 2, user_id: 0, store_id: 3, name: '青禾优选', money: '19.90', commission: '0.10', cash_status: 1 },
  { ...base, id: 3, user_id: 0, store_id: 3, name: '青禾优选', money: '9.95', commission: '0.05', cash_status: 2, refuse_info: '卡号有误' },
];

describe('console withdrawal and settlement pages', () => {
  let restore: () => void = () => {};
  afterEach(() => {
    restore();
    resetApp('/');
  });

  it('admin: names the user or store, shows the requested amount, pay out / refuse only on pending rows; a refusal needs a reason', async () => {
    freshPage('/Admin/cashes');
    restore = withLayout();
    const { calls } = fakeFetch({
      'GET /api/Admin/cashes': envelope(paginator(rows)),
      'GET /api/Admin/users': (call: RecordedCall) => envelope(queryOf(call.url).get('isAll') ? [{ id: 12, nickname: '爱吃的小美' }] : paginator([])),
      'GET /api/Admin/stores': envelope([{ id: 3, store_name: '青禾优选食品旗舰店' }]),
      'PUT /api/Admin/cashes/1': envelope({ ...rows[0], cash_status: 2 }),
    });
    renderView(AdminCashesPage, 0, '/Admin/cashes');
    const rowOf = async (text: string) => (await screen.findAllByText(text))[0].closest('[role="row"]') as HTMLElement;
    const pending = await rowOf('林小美');
    await waitFor(() => expect(within(pending).getByText('爱吃的小美')).toBeTruthy());
    expect(within(pending).getByText('100.00')).toBeTruthy();
    expect(within(pending).getByRole('button', { name: '打款' })).toBeTruthy();
    const paid = (await screen.findAllByText('提现成功'))[0].closest('[role="row"]') as HTMLElement;
    expect(within(paid).queryByRole('button', { name: '打款' })).toBeNull();
    expect(within(paid).getByText('青禾优选食品旗舰店')).toBeTruthy();

    fireEvent.click(within(pending).getByRole('button', { name: '拒绝' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('￥99.50')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByText('请填写拒绝原因')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /拒绝原因/ }), { target: { value: '户名与卡号不符' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(formBody(calls.find((c) => c.method === 'PUT')!)).toEqual({ cash_status: '2', remark: '', refuse_info: '户名与卡号不符' });
  });

  it('admin settlements: "settle now" runs a settlement and reloads the list', async () => {
    freshPage('/Admin/order_settlements');
    restore = withLayout();
    let settled = false;
    const row = { id: 1, order_id: 5, order_no: '20261101000000730000', user_id: 12, store_id: 3, settlement_no: 'S202611010000000001', total_price: '59.90', refund_money: '0.00', commission_rate: '5', commission: '3.00', referral_money: '0.00', settlement_price: '56.90', status: 1, info: '手动结算（admin）', created_at: '2026-11-01 00:00:00' };
    const { calls } = fakeFetch({
      'GET /api/Admin/order_settlements': () => envelope(paginator(settled ? [row] : [])),
      'GET /api/Admin/stores': envelope([{ id: 3, store_name: '青禾优选食品旗舰店' }]),
      'POST /api/Admin/order_settlement_handle': () => {
        settled = true;
        return envelope({ settled: 1, amount: '56.90' }, 200, '已结算 1 笔订单，共 56.90 元。');
      },
    });
    renderView(AdminSettlementsPage, 0, '/Admin/order_settlements');
    fireEvent.click(await screen.findByRole('button', { name: '立即结算' }));
    expect(await screen.findByText('已结算 1 笔订单，共 56.90 元。')).toBeTruthy();
    expect(await screen.findByText('20261101000000730000')).toBeTruthy();
    expect(screen.getByText('3.00 (5%)')).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/Admin/order_settlement_handle'))).toHaveLength(1);
  });

  it('seller: balance and frozen shown; withdraw goes payee (the owner’s real-name check) → amount (fee previewed) → confirm → POST; a pending one can be cancelled', async () => {
    freshPage('/Seller/cashes', 1);
    // as the console does on start: the withdraw dialog then adds the user centre's part to these
    await ensureBackofficeMessages();
    restore = withLayout();
    const { calls } = fakeFetch({
      'GET /api/Seller/cashes/account': envelope({ balance: '120.00', frozen: '5.00', rate: '0.5', details: { name: '青禾优选', bank_name: '中国农业银行', card_no: '6228480010098765432' }, checked: true }),
      'GET /api/Seller/cashes': envelope(paginator(rows.slice(0, 1))),
      'POST /api/Seller/cashes': envelope({ ...rows[0], id: 9 }),
      'DELETE /api/Seller/cashes/1': envelope([1]),
    });
    renderView(SellerCashesPage, 1, '/Seller/cashes');
    expect((await screen.findByTestId('store-money')).textContent).toBe('￥120.00');
    await waitFor(() => expect(screen.getByTestId('store-frozen-money').textContent).toBe('￥5.00'));

    fireEvent.click(await screen.findByRole('button', { name: '申请提现' }));
    const dialog = await screen.findByRole('dialog');
    // the payee is the owner's check, shown and not editable here
    expect((await within(dialog).findByTestId('cash-payee')).textContent).toContain('青禾优选');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: '修改实名信息' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '下一步' }));
    const amount = await within(dialog).findByRole('textbox', { name: '提现金额（元）' });
    fireEvent.change(amount, { target: { value: '100' } });
    expect(within(dialog).getByTestId('cash-fee').textContent).toBe('￥0.50');
    expect(within(dialog).getByTestId('cash-net').textContent).toBe('￥99.50');
    fireEvent.change(amount, { target: { value: '200' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '下一步' }));
    expect(await within(dialog).findByText('超过可提现余额 ￥120.00')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '下一步' }));
    expect((await within(dialog).findByTestId('cash-confirm-net')).textContent).toBe('￥99.50');
    expect(within(dialog).getByText('6228 **** **** 5432')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '确认提现' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(formBody(calls.find((c) => c.method === 'POST')!)).toEqual({ money: '100.00' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const row = (await screen.findAllByText('林小美'))[0].closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '取消提现' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/100\.00/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
  });

  it('seller: without the owner’s real-name check the dialog says the owner must complete it; nothing is sent', async () => {
    freshPage('/Seller/cashes', 1);
    await ensureBackofficeMessages();
    restore = withLayout();
    const { calls } = fakeFetch({
      'GET /api/Seller/cashes/account': envelope({ balance: '120.00', frozen: '0.00', rate: '0.5', details: { name: '', bank_name: '', card_no: '' }, checked: false }),
      'GET /api/Seller/cashes': envelope(paginator([])),
    });
    renderView(SellerCashesPage, 1, '/Seller/cashes');
    fireEvent.click(await screen.findByRole('button', { name: '申请提现' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/店主尚未完成实名认证/)).toBeTruthy();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('seller balance log: the same balance strip, from the store (GET /Seller/stores/0), above the log; its rows are the store\'s money, not a user\'s', async () => {
    freshPage('/Seller/money_logs', 1);
    restore = withLayout();
    const log = { name: '订单结算', money: '46.90', info: 'P1', created_at: '2026-11-20 10:00:00' };
    fakeFetch({
      'GET /api/Seller/stores/0': envelope({ store_money: '88.00', store_frozen_money: '2.50' }),
      'GET /api/Seller/money_logs': envelope(paginator([{ ...log, id: 1, is_type: 0 }, { ...log, id: 2, is_type: 1 }])),
    });
    renderView(SellerMoneyLogsPage, 1, '/Seller/money_logs');
    await waitFor(() => expect(screen.getByTestId('store-money').textContent).toBe('￥88.00'));
    expect(screen.getByTestId('store-frozen-money').textContent).toBe('￥2.50');
    expect(await screen.findByText('店铺资金')).toBeTruthy();
    expect(screen.getByText('店铺冻结资金')).toBeTruthy();
    expect(screen.queryByText('用户资金')).toBeNull();
  });

  it('seller balance log in English: the names the server writes are translated, any other is shown as stored, and the name is exported', async () => {
    freshPage('/Seller/money_logs', 1);
    useMessages('en');
    restore = withLayout();
    const log = { money: '46.90', is_type: 0, info: 'P1', created_at: '2026-11-20 10:00:00' };
    fakeFetch({
      'GET /api/Seller/stores/0': envelope({ store_money: '88.00', store_frozen_money: '2.50' }),
      'GET /api/Seller/money_logs': envelope(paginator([{ ...log, id: 1, name: '订单结算' }, { ...log, id: 2, name: '手工调整' }])),
    });
    renderView(SellerMoneyLogsPage, 1, '/Seller/money_logs');
    expect(await screen.findByText('Order settlement')).toBeTruthy();
    expect(screen.queryByText('订单结算')).toBeNull();
    expect(screen.getByText('手工调整')).toBeTruthy();
    expect(exportableColumns(sellerMoneyLogsPage.columns).map((c) => c.value)).toContain('name');
  });
});
