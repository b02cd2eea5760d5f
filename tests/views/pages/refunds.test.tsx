import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import AdminRefundsPage from '../../../src/backoffice/views/Admin/exts/refunds/index';
import SellerRefundsPage from '../../../src/backoffice/views/Seller/refunds/index';
import { envelope, fakeFetch, type RecordedCall } from '../helpers';
import { freshPage, queryOf, renderView, laidOutEachTest } from './pageHelpers';

const row = {
  id: 3, order_id: 7, order_no: '20261126100000123456', order_name: '棉语四件套', order_image: '', store_id: 1, store_name: '数码旗舰店', buyer_name: '演示买家',
  refund_type: 1, refund_verify: 0, refund_step: 0, stage: 'pending', stage_cn: '等待商家审核', refund_remark: '尺码错误', refuse_remark: '', images: [],
  delivery_code: '', delivery_no: '', delivery_name: '', re_delivery_code: '', re_delivery_no: '', re_delivery_name: '', refund_money: '0.00',
  total_price: '469.00', order_status: 5, order_status_cn: '售后处理', created_at: '2026-11-26 10:00:00', steps: ['agree', 'refuse'],
};
/** A finished request: nothing left for anyone to do. */
const doneRow = { ...row, id: 4, order_id: 8, order_no: '20261120100000999999', stage: 'done', stage_cn: '售后完成', refund_money: '469.00', steps: [] };
const detail = { ...row, order_goods: [{ id: 1, goods_name: '棉语四件套', goods_image: '', sku_name: '云朵白', goods_price: '469.00', buy_num: 1, total_price: '469.00' }], logs: [] };
const page = (rows: unknown[]) => ({ data: rows, total: rows.length, per_page: 30, current_page: 1, last_page: 1, count: { pending: 1, done: 0 } });
const body = (call: RecordedCall) => qs.parse(String(call.body)) as Record<string, string>;

describe('after-sale pages (Seller/refunds/index, Admin/exts/refunds/index)', () => {
  laidOutEachTest();

  it('the store’s list: stage tabs with the waiting count; refusing needs a reason; agreeing a return sends it and shows the next stage', async () => {
    freshPage('/Seller/refunds', 1);
    let current = detail;
    const { calls } = fakeFetch({
      'GET /api/Seller/refunds': envelope(page([row, doneRow])),
      'GET /api/Seller/refunds/7': () => envelope(current),
      'GET /api/expresses': envelope([{ name: '顺丰速运', code: 'sf' }]),
      'PUT /api/Seller/refunds/7': () => {
        current = { ...detail, refund_verify: 1, stage: 'awaitingReturn', stage_cn: '等待买家寄回', steps: [] };
        return envelope(current);
      },
    });
    renderView(SellerRefundsPage, 1, '/Seller/refunds');
    await screen.findByText('20261126100000123456', {}, { timeout: 8000 });
    const tabs = screen.getByRole('tablist', { name: '售后状态' });
    await waitFor(() => expect(within(tabs).getByRole('tab', { name: /等待商家审核/ }).querySelector('[aria-label]')?.getAttribute('aria-label')).toBe('1 个待审核'));
    expect(screen.queryByRole('button', { name: '添加' })).toBeNull();
    const r = screen.getByText('20261126100000123456').closest('[role="row"]') as HTMLElement;
    expect(r.textContent).toContain('退货');
    expect(r.textContent).toContain('等待商家审核');
    // a finished request is only viewed: "handle" is offered where a step is left to take
    const done = screen.getByText('20261120100000999999').closest('[role="row"]') as HTMLElement;
    expect(within(done).queryByRole('button', { name: '售后处理' })).toBeNull();
    expect(within(done).getByRole('button', { name: '查看' })).toBeTruthy();
    expect(within(r).queryByRole('button', { name: '查看' })).toBeNull();
    fireEvent.click(within(r).getByRole('button', { name: '售后处理' }));
    const dialog = await screen.findByRole('dialog', { name: /售后处理 20261126100000123456/ });
    await within(dialog).findByText('云朵白');
    expect(dialog.textContent).toContain('尺码错误');
    // agree is the console's filled primary button; refuse a red outline: the two never look alike
    const agree = within(dialog).getByRole('button', { name: '同意' });
    const refuse = within(dialog).getByRole('button', { name: '拒绝' });
    expect(agree.className).toContain('bg-office');
    expect(agree.className).not.toMatch(/\bbg-(brand|red-)/);
    expect(refuse.className).toContain('border-red-700');
    expect(refuse.className).toContain('bg-white');
    expect(refuse.className).not.toContain('bg-red-700');
    // the progress bar marks the steps reached in the console's blue, not the shop's red
    const reached = within(within(dialog).getByRole('list', { name: '售后进度' })).getAllByRole('listitem')[0].querySelector('span')!;
    expect(reached.className).toContain('bg-office');
    expect(reached.className).not.toContain('bg-brand');
    fireEvent.click(refuse);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('此项不能为空');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    const lists = calls.filter((c) => c.url.startsWith('/api/Seller/refunds?')).length;
    fireEvent.click(within(dialog).getByRole('button', { name: '同意' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(body(calls.find((c) => c.method === 'PUT')!)).toEqual({ action: 'agree' });
    await waitFor(() => expect(dialog.textContent).toContain('等待买家寄回'));
    expect(within(dialog).queryByRole('button', { name: '同意' })).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/Seller/refunds?')).length).toBeGreaterThan(lists));

    fireEvent.click(within(tabs).getByRole('tab', { name: '商家已拒绝' }));
    await waitFor(() => expect(queryOf(calls.filter((c) => c.url.startsWith('/api/Seller/refunds?')).at(-1)!.url).get('stage')).toBe('refused'));
  });

  it('paying the buyer back (agreeing to a refund only) asks first: cancel sends nothing, confirm sends the step', async () => {
    freshPage('/Seller/refunds', 1);
    const refundOnly = { ...detail, refund_type: 0 };
    const { calls } = fakeFetch({
      'GET /api/Seller/refunds': envelope(page([{ ...row, refund_type: 0 }])),
      'GET /api/Seller/refunds/7': envelope(refundOnly),
      'GET /api/expresses': envelope([]),
      'PUT /api/Seller/refunds/7': envelope({ ...refundOnly, refund_verify: 1, refund_step: 2, stage: 'done', stage_cn: '售后完成', refund_money: '469.00', steps: [] }),
    });
    renderView(SellerRefundsPage, 1, '/Seller/refunds');
    await screen.findByText('20261126100000123456', {}, { timeout: 8000 });
    fireEvent.click(screen.getByRole('button', { name: '售后处理' }));
    const dialog = await screen.findByRole('dialog', { name: /售后处理 20261126100000123456/ });
    fireEvent.click(await within(dialog).findByRole('button', { name: '同意' }));
    let confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('20261126100000123456');
    expect(confirm.textContent).toContain('不可撤销');
    fireEvent.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '同意' }));
    confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(body(calls.find((c) => c.method === 'PUT')!)).toEqual({ action: 'agree' });
    await waitFor(() => expect(dialog.textContent).toContain('售后完成'));
  });

  it('the operator’s list shows the store; a refusal with a reason is sent as the operator’s step', async () => {
    freshPage('/Admin/refunds', 0);
    const { calls } = fakeFetch({
      'GET /api/Admin/refunds': envelope(page([row])),
      'GET /api/Admin/refunds/7': envelope(detail),
      'GET /api/expresses': envelope([]),
      'PUT /api/Admin/refunds/7': envelope({ ...detail, refund_verify: 2, stage: 'refused', refuse_remark: '平台介入', steps: [] }),
    });
    renderView(AdminRefundsPage, 0, '/Admin/refunds');
    await screen.findByText('数码旗舰店', {}, { timeout: 8000 });
    fireEvent.click(screen.getByRole('button', { name: '售后处理' }));
    const dialog = await screen.findByRole('dialog', { name: /售后处理/ });
    fireEvent.change(await within(dialog).findByLabelText('拒绝原因（拒绝时必填）'), { target: { value: '平台介入' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '拒绝' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(body(calls.find((c) => c.method === 'PUT')!)).toEqual({ action: 'refuse', refuse_remark: '平台介入' });
    await waitFor(() => expect(dialog.textContent).toContain('平台介入'));
  });
});
