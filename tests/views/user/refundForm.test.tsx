import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { envelope, fakeFetch, resetApp } from '../helpers';
import { SLOW, boot, calledWith, common, detail, login } from './fixtures';

/** /user/order/refund_form/:id: apply, follow the step bar, send the goods back, see a refusal. */
const request = (over: Record<string, unknown> = {}) => ({
  id: 3,
  order_id: 9,
  refund_no: 'R20261126100000000001',
  refund_type: 1,
  refund_verify: 1,
  refund_step: 0,
  stage: 'awaitingReturn',
  stage_cn: '等待买家寄回',
  refund_remark: '尺码错误',
  refuse_remark: '',
  images: ['/uploads/refund/a.jpg'],
  delivery_code: '',
  delivery_no: '',
  delivery_name: '',
  re_delivery_code: '',
  re_delivery_no: '',
  re_delivery_name: '',
  refund_money: '0.00',
  order_no: '20261126100000000009',
  order_name: '商品9',
  order_image: '',
  total_price: '208.00',
  order_status: 5,
  order_status_cn: '售后处理',
  store_name: '鲸声旗舰店',
  buyer_name: 'Ann',
  created_at: '2026-11-27 09:00:00',
  steps: ['cancel', 'shipBack'],
  order_goods: [],
  logs: [],
  ...over,
});
const expresses = { 'GET /api/expresses': envelope([{ name: '顺丰速运', code: 'sf' }, { name: '韵达快递', code: 'yd' }]) };

describe('after-sale page', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
    login();
  });
  afterEach(() => resetApp('/'));

  it('no request yet: the form checks the reason first, then applies once and shows the progress', async () => {
    let applied = false;
    const { calls } = fakeFetch({
      ...common,
      ...expresses,
      'GET /api/user/order/9': envelope(detail(9, 2)),
      'GET /api/user/refunds/9': () => (applied ? envelope(request({ refund_type: 0, refund_verify: 0, stage: 'pending', steps: ['cancel'] })) : envelope([], 404, '该订单没有售后申请')),
      'POST /api/user/refunds': () => {
        applied = true;
        return envelope(request({ refund_type: 0, refund_verify: 0, stage: 'pending', steps: ['cancel'], refund_remark: '物品破损', images: [] }));
      },
    });
    boot('/user/order/refund_form/9');
    const form = await screen.findByRole('form', { name: '申请售后' }, SLOW);
    // a return needs a shipped order
    expect((within(form).getByRole('radio', { name: '退货' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(form).getByText('商品发货后才能申请退货。')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: '提交申请' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('此项不能为空');
    expect(calledWith(calls, 'POST', '/api/user/refunds')).toHaveLength(0);
    fireEvent.click(within(form).getByRole('button', { name: '物品破损' }));
    // the corrected field loses its error
    await waitFor(() => expect(within(form).queryByRole('alert')).toBeNull());
    fireEvent.click(within(form).getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(calledWith(calls, 'POST', '/api/user/refunds')).toHaveLength(1));
    const body = new URLSearchParams(String(calledWith(calls, 'POST', '/api/user/refunds')[0].body));
    expect(Object.fromEntries(body)).toMatchObject({ order_id: '9', refund_type: '0', refund_remark: '物品破损' });
    expect(await screen.findByText('申请已提交，等待商家审核。')).toBeTruthy();
    const bar = screen.getByRole('list', { name: '售后进度' });
    expect(within(bar).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1提交申请', '2商家审核', '3完成']);
    expect(bar.querySelector('[aria-current="step"]')!.textContent).toContain('商家审核');
    expect(screen.getByRole('button', { name: '撤销申请' })).toBeTruthy();
  });

  it('an agreed return: ship back with express and waybill (checked first), then wait for the store', async () => {
    const { calls } = fakeFetch({
      ...common,
      ...expresses,
      'GET /api/user/order/9': envelope(detail(9, 5)),
      'GET /api/user/refunds/9': envelope(request()),
      'PUT /api/user/refunds/9': envelope(request({ refund_step: 1, stage: 'returning', delivery_code: 'sf', delivery_name: '顺丰速运', delivery_no: 'SF20260001', steps: [] })),
    });
    boot('/user/order/refund_form/9');
    const form = await screen.findByRole('form', { name: '填写寄回物流' }, SLOW);
    expect(screen.getByText('商家已同意退货，请寄回商品并填写物流单号。')).toBeTruthy();
    expect(screen.getByRole('list', { name: '售后进度' }).querySelector('[aria-current="step"]')!.textContent).toContain('寄回商品');
    fireEvent.change(within(form).getByLabelText('快递单号'), { target: { value: 'a b' } });
    fireEvent.click(within(form).getByRole('button', { name: '确认寄回' }));
    expect(await within(form).findByText('此项不能为空')).toBeTruthy();
    expect(within(form).getByText('快递单号为 4–30 位字母、数字或短横线')).toBeTruthy();
    expect(calledWith(calls, 'PUT', '/api/user/refunds/9')).toHaveLength(0);
    const combobox = within(form).getByRole('combobox', { name: '快递公司' });
    fireEvent.focus(combobox);
    fireEvent.click(combobox);
    fireEvent.change(combobox, { target: { value: '顺丰速运' } });
    await screen.findByRole('option', { name: '顺丰速运' });
    fireEvent.keyDown(combobox, { key: 'Enter' });
    await waitFor(() => expect((combobox as HTMLInputElement).value).toBe('顺丰速运'));
    fireEvent.change(within(form).getByLabelText('快递单号'), { target: { value: 'SF20260001' } });
    fireEvent.click(within(form).getByRole('button', { name: '确认寄回' }));
    await waitFor(() => expect(calledWith(calls, 'PUT', '/api/user/refunds/9')).toHaveLength(1));
    expect(Object.fromEntries(new URLSearchParams(String(calledWith(calls, 'PUT', '/api/user/refunds/9')[0].body)))).toEqual({ delivery_code: 'sf', delivery_no: 'SF20260001' });
    expect(await screen.findByText('商品寄回中，等待商家确认收货。')).toBeTruthy();
    expect(screen.getByText('顺丰速运 SF20260001')).toBeTruthy();
  });

  it('a re-shipped exchange: the store’s waybill and a confirm button; confirming asks first, then posts once and shows it finished', async () => {
    const reshipped = { refund_step: 2, stage: 'reshipped', delivery_code: 'sf', delivery_name: '顺丰速运', delivery_no: 'SF20260001', re_delivery_code: 'yd', re_delivery_name: '韵达快递', re_delivery_no: 'YD20260002', steps: ['confirm'] };
    const { calls } = fakeFetch({
      ...common,
      ...expresses,
      'GET /api/user/order/9': envelope(detail(9, 5)),
      'GET /api/user/refunds/9': envelope(request(reshipped)),
      'POST /api/user/refunds/9/confirm': envelope(request({ ...reshipped, refund_step: 3, stage: 'done', steps: [], order_status: 6 })),
    });
    boot('/user/order/refund_form/9');
    expect(await screen.findByText('商家已重新发货，收到换货后请确认收货；逾期未确认将自动确认。', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('韵达快递 YD20260002')).toBeTruthy();
    const bar = screen.getByRole('list', { name: '售后进度' });
    expect(within(bar).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1提交申请', '2商家审核', '3寄回商品', '4商家收货', '5确认收货', '6完成']);
    expect(bar.querySelector('[aria-current="step"]')!.textContent).toContain('确认收货');
    expect(screen.queryByRole('button', { name: '撤销申请' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '确认收到换货' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('确认已收到商家重新发出的商品吗？确认后售后完成。')).toBeTruthy();
    expect(calledWith(calls, 'POST', '/api/user/refunds/9/confirm')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calledWith(calls, 'POST', '/api/user/refunds/9/confirm')).toHaveLength(1));
    expect(await screen.findByText('售后已完成。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '确认收到换货' })).toBeNull();
  });

  it('a refusal shows the store’s reason and lets the buyer apply again', async () => {
    fakeFetch({
      ...common,
      ...expresses,
      'GET /api/user/order/9': envelope(detail(9, 3)),
      'GET /api/user/refunds/9': envelope(request({ refund_verify: 2, stage: 'refused', refuse_remark: '商品已使用', steps: [], order_status: 3 })),
    });
    boot('/user/order/refund_form/9', 'en');
    expect(await screen.findByText('The store refused your request.', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('商品已使用')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'After-sale progress' }).querySelector('[aria-current="step"]')!.textContent).toContain('!');
    fireEvent.click(screen.getByRole('button', { name: 'Apply again' }));
    expect(await screen.findByRole('form', { name: 'Apply for an after-sale' })).toBeTruthy();
  });

  it('the order detail offers the after-sale link when its state allows one', async () => {
    fakeFetch({ ...common, 'GET /api/user/order/9': envelope(detail(9, 3)) });
    boot('/user/order/9');
    const link = await screen.findByRole('link', { name: '为订单 20261126100000000009 申请售后' }, SLOW);
    expect(link.getAttribute('href')).toBe('/user/order/refund_form/9');
  });
});
