import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import AdminOrdersPage from '../../../src/backoffice/views/Admin/exts/orders/index';
import SellerOrdersPage from '../../../src/backoffice/views/Seller/orders/index';
import { envelope, fakeFetch, useMessages, type RecordedCall } from '../helpers';
import { freshPage, queryOf, renderView, laidOutEachTest } from './pageHelpers';

const paidRow = {
  id: 7, order_no: '20261126100000123456', order_name: '棉语 60 支长绒棉四件套', order_image: '', store_id: 1, store_name: '数码旗舰店', buyer_name: '演示买家',
  total_price: '469.00', order_status: 2, order_status_cn: '等待发货', payment_name_cn: '余额支付', delivery_no: '', created_at: '2026-11-26 10:00:00',
};
const unpaidRow = { ...paidRow, id: 8, order_no: '20261126100000999999', order_status: 1, order_status_cn: '等待支付', payment_name_cn: '' };

const detail = {
  ...paidRow,
  order_price: '459.00', freight_money: '10.00', coupon_money: '0.00', payment_name: 'balance',
  receive_name: '张三', receive_tel: '13800000000', receive_area: '广东省 深圳市 南山区', receive_address: '科技园 1 号', remark: '请尽快发货',
  delivery_code: '', delivery_name: '', pay_time: '2026-11-26 10:01:00', delivery_time: null, receipt_time: null, cancel_time: null,
  order_goods: [{ id: 1, goods_id: 3, goods_name: '棉语 60 支长绒棉四件套', goods_image: '', sku_name: '云朵白,1.8m 床', goods_price: '459.00', buy_num: 1, total_price: '459.00' }],
  logs: [
    { id: 1, action: 'create', from_status: -1, to_status: 1, to_status_cn: '等待支付', actor: 'user', actor_name: '演示买家', note: '', created_at: '2026-11-26 10:00:00' },
    { id: 2, action: 'pay', from_status: 1, to_status: 2, to_status_cn: '等待发货', actor: 'system', actor_name: '系统', note: '', created_at: '2026-11-26 10:01:00' },
  ],
  pay: { pay_no: 'P20261126100100111111', payment_name: 'balance', payment_name_cn: '余额支付', total: '469.00', pay_time: '2026-11-26 10:01:00' },
};

const expresses = [
  { id: 1, name: '韵达快递', code: 'yd' },
  { id: 17, name: '顺丰速运', code: 'sf' },
];

const page = (rows: unknown[], count: Record<string, number> = { 1: 1, 2: 3, all: 9 }) => ({ data: rows, total: rows.length, per_page: 30, current_page: 1, last_page: 1, count });
/** Opens a filterable select and picks an option by name. */
async function pick(combobox: HTMLElement, name: string) {
  fireEvent.focus(combobox);
  fireEvent.click(combobox);
  fireEvent.change(combobox, { target: { value: name } });
  await screen.findByRole('option', { name });
  fireEvent.keyDown(combobox, { key: 'Enter' });
  await waitFor(() => expect((combobox as HTMLInputElement).value).toBe(name));
}

const body = (call: RecordedCall) => qs.parse(String(call.body)) as Record<string, string>;

describe('order pages (Seller/orders/index, Admin/exts/orders/index)', () => {
  laidOutEachTest();

  function mountSeller(shipAnswer: (call: RecordedCall) => ReturnType<typeof envelope> = () => envelope({ ...detail, order_status: 3, order_status_cn: '等待收货', delivery_code: 'sf', delivery_name: '顺丰速运', delivery_no: 'SF1234567890' })) {
    freshPage('/Seller/orders', 1);
    const fetch = fakeFetch({
      'GET /api/Seller/orders': (call) => envelope(page(queryOf(call.url).get('order_status') === '1' ? [unpaidRow] : [paidRow, unpaidRow])),
      'GET /api/Seller/orders/7': envelope(detail),
      'GET /api/expresses': envelope(expresses),
      'PUT /api/Seller/orders/status/edit': shipAnswer,
    });
    renderView(SellerOrdersPage, 1, '/Seller/orders');
    return fetch;
  }

  it('lists the store\'s orders with state tabs (the to-ship count as a badge) and no add, edit or delete', async () => {
    const { calls } = mountSeller();
    await screen.findByText('20261126100000123456');
    const tabs = screen.getByRole('tablist', { name: '订单状态' });
    expect(within(tabs).getByRole('tab', { name: '全部' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(within(tabs).getByRole('tab', { name: /待发货/ }).querySelector('[aria-label]')?.getAttribute('aria-label')).toBe('3 单待发货'));
    expect(screen.queryByRole('button', { name: '添加' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    // ship is offered on the paid order only; the store never cancels
    const paid = screen.getByText('20261126100000123456').closest('[role="row"]') as HTMLElement;
    const unpaid = screen.getByText('20261126100000999999').closest('[role="row"]') as HTMLElement;
    expect(within(paid).getByRole('button', { name: '发货' })).toBeTruthy();
    expect(within(unpaid).queryByRole('button', { name: '发货' })).toBeNull();
    expect(screen.queryByRole('button', { name: '取消订单' })).toBeNull();

    fireEvent.click(within(tabs).getByRole('tab', { name: '待付款' }));
    await waitFor(() => expect(queryOf(calls.filter((c) => c.url.startsWith('/api/Seller/orders?')).at(-1)!.url).get('order_status')).toBe('1'));
  });

  it('shows an order\'s lines, amounts, address, payment and history, and ships it from the detail', async () => {
    const { calls } = mountSeller();
    await screen.findByText('20261126100000123456');
    const paid = screen.getByText('20261126100000123456').closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(paid).getByRole('button', { name: '详情' }));

    const dialog = await screen.findByRole('dialog', { name: '订单详情' });
    await within(dialog).findByText('云朵白,1.8m 床');
    expect(within(dialog).getByText('请尽快发货')).toBeTruthy();
    expect(within(dialog).getByText('广东省 深圳市 南山区 科技园 1 号')).toBeTruthy();
    expect(within(dialog).getByText('P20261126100100111111')).toBeTruthy();
    expect(within(dialog).getByText('￥10.00')).toBeTruthy();
    expect(within(dialog).getByText('尚未发货')).toBeTruthy();
    const history = within(dialog).getByRole('region', { name: '订单记录' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(2);
    expect(history.textContent).toContain('下单 · 等待支付');
    expect(history.textContent).toContain('买家 演示买家');
    expect(history.textContent).toContain('支付 · 等待发货');
    // a timed task's step names the actor once: its stored name (always 系统) would follow the
    // translated actor, in Chinese on the English page
    expect(history.textContent).toContain('2026-11-26 10:01:00 · 系统');
    expect(history.textContent).not.toContain('系统 系统');

    const listsBefore = calls.filter((c) => c.url.startsWith('/api/Seller/orders?')).length;
    fireEvent.click(within(dialog).getByRole('button', { name: '发货' }));
    const ship = await screen.findByRole('dialog', { name: /订单发货/ });
    // one dialog at a time: the detail gave way to the ship form
    expect(screen.queryByRole('dialog', { name: '订单详情' })).toBeNull();
    // both fields are marked required
    expect(within(ship).getByRole('combobox', { name: '物流公司' }).getAttribute('aria-required')).toBe('true');
    expect(within(ship).getByRole('textbox', { name: '快递单号' }).getAttribute('aria-required')).toBe('true');
    expect(ship.querySelectorAll('[data-required]')).toHaveLength(2);
    // nothing is sent until both fields are right
    fireEvent.click(within(ship).getByRole('button', { name: '提交' }));
    expect((await within(ship).findAllByText('不能为空。')).length).toBe(2);
    fireEvent.change(within(ship).getByRole('textbox', { name: '快递单号' }), { target: { value: 'a b' } });
    fireEvent.click(within(ship).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(within(ship).getAllByRole('alert').some((a) => a.textContent === '4–30 位字母、数字或短横线')).toBe(true));
    // the rule was the hint; as the error it is said once, not twice
    expect(within(ship).getAllByText('4–30 位字母、数字或短横线')).toHaveLength(1);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    // a field's error goes as soon as the field is edited
    await pick(within(ship).getByRole('combobox', { name: '物流公司' }), '顺丰速运');
    await waitFor(() => expect(within(ship).queryByText('不能为空。')).toBeNull());
    expect(within(ship).getAllByRole('alert').map((a) => a.textContent)).toEqual(['4–30 位字母、数字或短横线']);
    fireEvent.change(within(ship).getByRole('textbox', { name: '快递单号' }), { target: { value: 'SF1234567890' } });
    await waitFor(() => expect(within(ship).queryAllByRole('alert')).toHaveLength(0));
    fireEvent.click(within(ship).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(body(calls.find((c) => c.method === 'PUT')!)).toEqual({ id: '7', status: '3', delivery_code: 'sf', delivery_no: 'SF1234567890' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /订单发货/ })).toBeNull());
    // the list is read again
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/Seller/orders?')).length).toBeGreaterThan(listsBefore));
  });

  it('finds an express company by its code as well as by its name (an English user types "SF")', async () => {
    mountSeller();
    await screen.findByText('20261126100000123456');
    const paid = screen.getByText('20261126100000123456').closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(paid).getByRole('button', { name: '发货' }));
    const ship = await screen.findByRole('dialog', { name: /订单发货/ });
    const combobox = within(ship).getByRole('combobox', { name: '物流公司' });
    fireEvent.focus(combobox);
    fireEvent.click(combobox);
    fireEvent.change(combobox, { target: { value: 'SF' } });
    await screen.findByRole('option', { name: '顺丰速运' });
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['顺丰速运']);
    fireEvent.keyDown(combobox, { key: 'Enter' });
    await waitFor(() => expect((combobox as HTMLInputElement).value).toBe('顺丰速运'));
  });

  it('shows the server\'s refusal at the field it names', async () => {
    mountSeller(() => ({ body: { code: 422, msg: '提交的数据有误：delivery_code: 不是平台的物流公司', data: { field: 'delivery_code' } } }));
    await screen.findByText('20261126100000123456');
    const paid = screen.getByText('20261126100000123456').closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(paid).getByRole('button', { name: '发货' }));
    const ship = await screen.findByRole('dialog', { name: /订单发货/ });
    await pick(within(ship).getByRole('combobox', { name: '物流公司' }), '韵达快递');
    fireEvent.change(within(ship).getByRole('textbox', { name: '快递单号' }), { target: { value: 'YD-0001' } });
    fireEvent.click(within(ship).getByRole('button', { name: '提交' }));
    expect(await within(ship).findByText('提交的数据有误：delivery_code: 不是平台的物流公司')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: /订单发货/ })).toBeTruthy();
  });

  it('the operator sees every store, searches by store and cancels an unpaid order after confirming', async () => {
    freshPage('/Admin/orders', 0);
    const { calls } = fakeFetch({
      'GET /api/Admin/orders': envelope(page([paidRow, unpaidRow])),
      'PUT /api/Admin/orders/status/edit': envelope({ ...detail, id: 8, order_status: 0 }),
    });
    renderView(AdminOrdersPage, 0, '/Admin/orders');
    await screen.findByText('20261126100000999999');
    expect(screen.getAllByText('数码旗舰店').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    const panel = await screen.findByRole('search');
    fireEvent.change(within(panel).getByLabelText('店铺'), { target: { value: '数码' } });
    fireEvent.change(within(panel).getByLabelText('买家'), { target: { value: '演示' } });
    fireEvent.click(within(panel).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(queryOf(calls.filter((c) => c.url.startsWith('/api/Admin/orders?')).at(-1)!.url).get('store_name')).toBe('数码|like'));
    expect(queryOf(calls.filter((c) => c.url.startsWith('/api/Admin/orders?')).at(-1)!.url).get('buyer')).toBe('演示|like');
    const paid = screen.getByText('20261126100000123456').closest('[role="row"]') as HTMLElement;
    expect(within(paid).queryByRole('button', { name: '取消订单' })).toBeNull();
    const unpaid = screen.getByText('20261126100000999999').closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(unpaid).getByRole('button', { name: '取消订单' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('20261126100000999999');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(body(calls.find((c) => c.method === 'PUT')!)).toEqual({ id: '8', status: '0' });
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/Admin/orders?')).length).toBeGreaterThan(1));
  });

  /** The notes the server writes in Chinese (as in the user centre's test), and a store's own words. */
  const notedLogs = [
    ['afterSale', '申请退款：不想要了'],
    ['refund', '129.00 → alipay (R20261127032621953288) 售后退款'],
    ['afterSaleDone', '同意退款 ¥129.00'],
    ['backToShipped', '拒绝售后：请先寄回'],
    ['receive', '发货 7 天后自动确认收货'],
    ['cancel', '超过 30 分钟未支付，自动取消'],
    ['ship', '商家留言：周一发出'],
    // a group buy that did not fill: the step has a name of its own (it showed "groupFailed")
    ['groupFailed', '拼团未在时限内成团，已退款'],
  ].map(([action, note], i) => ({ id: i + 1, action, from_status: 3, to_status: 5, to_status_cn: 'After-sale', actor: 'seller', actor_name: 'Ann', note, created_at: '2026-11-26 13:00:00' }));

  /** The history section of order 7's detail, opened from the area's list in `locale`. */
  async function historyOf(area: 0 | 1, locale: 'zh-cn' | 'en') {
    const base = area === 0 ? '/api/Admin/orders' : '/api/Seller/orders';
    freshPage(area === 0 ? '/Admin/orders' : '/Seller/orders', area);
    useMessages(locale);
    fakeFetch({ [`GET ${base}`]: envelope(page([paidRow])), [`GET ${base}/7`]: envelope({ ...detail, logs: notedLogs }), 'GET /api/expresses': envelope(expresses) });
    renderView(area === 0 ? AdminOrdersPage : SellerOrdersPage, area, area === 0 ? '/Admin/orders' : '/Seller/orders');
    const row = (await screen.findByText('20261126100000123456')).closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: locale === 'en' ? 'Details' : '详情' }));
    const dialog = await screen.findByRole('dialog', { name: locale === 'en' ? 'Order details' : '订单详情' });
    const history = await within(dialog).findByRole('region', { name: locale === 'en' ? 'History' : '订单记录' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(notedLogs.length);
    return history.textContent ?? '';
  }

  it.each([
    { area: 1, who: 'the store' },
    { area: 0, who: 'the operator' },
  ] as const)('in English the history notes the server writes in Chinese are translated for $who; a store\'s own words stay as written', async ({ area }) => {
    const text = await historyOf(area, 'en');
    for (const shown of [
      'Refund requested: 不想要了',
      '¥129.00 back to Alipay (R20261127032621953288)',
      'Refund agreed: ¥129.00',
      'After-sale refused: 请先寄回',
      'Receipt confirmed automatically 7 days after shipping',
      'Not paid within 30 minutes: cancelled automatically',
      '商家留言：周一发出',
      'Group not filled',
      'The group was not filled in time: refunded',
    ])
      expect(text).toContain(shown);
    for (const hidden of ['申请退款', '售后退款', '同意退款', '拒绝售后', '自动确认收货', '自动取消', '成团', 'groupFailed']) expect(text).not.toContain(hidden);
  });

  it('in Chinese the same notes read as the server wrote them (the payment method by its Chinese name)', async () => {
    const text = await historyOf(1, 'zh-cn');
    for (const shown of ['申请退款：不想要了', '¥129.00 退回支付宝（R20261127032621953288）', '同意退款 ¥129.00', '拒绝售后：请先寄回', '发货 7 天后自动确认收货', '超过 30 分钟未支付，自动取消', '商家留言：周一发出', '拼团未成团', '拼团未在时限内成团，已退款'])
      expect(text).toContain(shown);
    expect(text).not.toContain('groupFailed');
  });
});
