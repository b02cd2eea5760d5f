import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import AdminCommentsPage from '../../../src/backoffice/views/Admin/comments/index';
import SellerCommentsPage from '../../../src/backoffice/views/Seller/comments/index';
import { envelope, fakeFetch, type RecordedCall } from '../helpers';
import { freshPage, paginator, renderView, laidOutEachTest } from './pageHelpers';

const review = {
  id: 5, order_id: 9, goods_id: 3, store_id: 2, store_name: '鲸声旗舰店', user_id: 4, nickname: '演示买家', avatar: '', goods_name: '云朵 直流变频落地扇', goods_master_image: '',
  sku_name: '', score: 5, agree: 5, service: 4, speed: 5, is_type: 1, content: '送货很快', image: ['/uploads/comment/a.png'], reply: '', reply_time: '', is_show: 1, is_system: 0, created_at: '2026-11-26 10:00:00',
};
const body = (call: RecordedCall) => qs.parse(String(call.body)) as Record<string, string>;

describe('review pages (Seller/comments/index, Admin/comments/index)', () => {
  laidOutEachTest();

  it('the store lists its reviews with scores and photos, and writes its reply in a dialog called Reply (not Edit)', async () => {
    freshPage('/Seller/comments', 1);
    let current = review;
    const { calls } = fakeFetch({
      'GET /api/Seller/comments': () => envelope(paginator([current])),
      'GET /api/Seller/comments/5': () => envelope(current),
      'PUT /api/Seller/comments/5': (call) => {
        current = { ...review, reply: body(call).reply, reply_time: '2026-11-26 11:00:00' };
        return envelope(current);
      },
    });
    renderView(SellerCommentsPage, 1, '/Seller/comments');
    const row = (await screen.findByText('送货很快')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('综合 5 · 描述 5 · 服务 4 · 发货 5')).toBeTruthy();
    expect(within(row).getByRole('button', { name: /云朵 直流变频落地扇 1/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '添加' })).toBeNull();
    expect(within(row).queryByRole('button', { name: '删除' })).toBeNull();
    // replying is the store's only edit: the button and the dialog say so
    expect(within(row).queryByRole('button', { name: '编辑' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '回复' }));
    const dialog = await screen.findByRole('dialog', { name: '回复评论' });
    const reply = await within(dialog).findByLabelText('回复内容');
    fireEvent.change(reply, { target: { value: '感谢支持' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确定|提交|保存/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(body(calls.find((c) => c.method === 'PUT')!)).toEqual({ reply: '感谢支持' });
  });

  it('the operator hides a review and shows it again', async () => {
    freshPage('/Admin/comments', 0);
    let shown = 1;
    const { calls } = fakeFetch({
      'GET /api/Admin/comments': () => envelope(paginator([{ ...review, is_show: shown }])),
      'PUT /api/Admin/comments/5': (call) => {
        shown = Number(body(call).is_show);
        return envelope({ ...review, is_show: shown });
      },
    });
    renderView(AdminCommentsPage, 0, '/Admin/comments');
    const rowOf = async () => (await screen.findByText('送货很快')).closest('[role="row"]') as HTMLElement;
    expect(within(await rowOf()).getByText('鲸声旗舰店')).toBeTruthy();
    fireEvent.click(within(await rowOf()).getByRole('button', { name: '隐藏' }));
    expect(await screen.findByText('评论已隐藏')).toBeTruthy();
    await waitFor(async () => expect(within(await rowOf()).getByRole('button', { name: '恢复显示' })).toBeTruthy());
    expect(body(calls.find((c) => c.method === 'PUT')!)).toEqual({ is_show: '0' });
    fireEvent.click(within(await rowOf()).getByRole('button', { name: '恢复显示' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(body(calls.filter((c) => c.method === 'PUT')[1])).toEqual({ is_show: '1' });
  });
});
