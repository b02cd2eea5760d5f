import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { envelope, fakeFetch, formBody, resetApp } from '../helpers';
import { SLOW, boot, calledWith, common, login } from './fixtures';

/** /user/comment/add/:id and /user/comments: reviewing a received order, line by line, with photos. */
const reviewOrder = (status = 4, lines = [line(11), line(12)]) => ({ id: 5, order_no: 'N20261126000005', order_status: status, lines });
function line(id: number, comment: Record<string, unknown> | null = null) {
  return { id, goods_id: 100 + id, goods_name: `商品${id}`, goods_image: '', sku_name: '', buy_num: 1, comment };
}
const myReview = { id: 1, order_id: 5, goods_id: 111, goods_name: '商品11', goods_master_image: '', sku_name: '', score: 4, agree: 5, service: 5, speed: 3, content: '很好用', image: ['/uploads/comment/p.png'], reply: '谢谢', reply_time: '', is_show: 1, is_system: 0, created_at: '2026-11-26 10:00:00' };

describe('user centre: reviews', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
    login();
  });
  afterEach(() => resetApp('/'));

  it('reviews each line: stars, text, a photo; sends every line once and goes to my reviews', async () => {
    const { calls } = fakeFetch({
      ...common,
      'GET /api/user/comments/order/5': envelope(reviewOrder()),
      'POST /api/uploads': envelope('/uploads/comment/2026-11-26/a.png'),
      'POST /api/user/comments': envelope({ order_id: 5, order_status: 6, comments: [1, 2] }),
      'GET /api/user/comments': envelope({ data: [myReview], total: 1, per_page: 20, current_page: 1, last_page: 1 }),
    });
    boot('/user/comment/add/5');
    const first = await screen.findByTestId('review-line-11', {}, SLOW);
    const service = within(first).getByRole('group', { name: '服务态度' });
    fireEvent.click(within(service).getByRole('radio', { name: '3 星' }));
    expect((within(service).getByRole('radio', { name: '3 星' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(first).getByLabelText('评论内容'), { target: { value: '  物流很快  ' } });
    fireEvent.change(within(first).getByLabelText('上传图片'), { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    expect(await within(first).findByRole('img', { name: '第 1 张图片' })).toBeTruthy();
    const upload = calledWith(calls, 'POST', '/api/uploads')[0].body as FormData;
    expect(upload.get('name')).toBe('comment');

    const submit = screen.getByRole('button', { name: '发表评论' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByText('评论成功，感谢您的评价')).toBeTruthy();
    const posts = calledWith(calls, 'POST', '/api/user/comments');
    expect(posts).toHaveLength(1);
    expect(formBody(posts[0])).toEqual({
      order_id: '5',
      'lines[0][order_goods_id]': '11',
      'lines[0][score]': '5',
      'lines[0][agree]': '5',
      'lines[0][service]': '3',
      'lines[0][speed]': '5',
      'lines[0][content]': '物流很快',
      'lines[0][image][0]': '/uploads/comment/2026-11-26/a.png',
      'lines[1][order_goods_id]': '12',
      'lines[1][score]': '5',
      'lines[1][agree]': '5',
      'lines[1][service]': '5',
      'lines[1][speed]': '5',
      'lines[1][content]': '',
    });
    // my reviews: the review with its photo and the store's reply
    expect(await screen.findByText('很好用', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('商家回复：谢谢')).toBeTruthy();
    expect(screen.getByRole('img', { name: '第 1 张图片' }).getAttribute('src')).toBe('/uploads/comment/p.png');
  });

  it('marks the line a refusal names, and says when nothing is left to review', async () => {
    fakeFetch({
      ...common,
      'GET /api/user/comments/order/5': envelope(reviewOrder(4, [line(11), line(12, { id: 9, score: 5, agree: 5, service: 5, speed: 5, content: '早评过', image: [], reply: '', is_show: 1 })])),
      'POST /api/user/comments': envelope({ field: 'lines.0.order_goods_id' }, 409, '该商品已经评论过了'),
    });
    boot('/user/comment/add/5', 'en');
    const first = await screen.findByTestId('review-line-11', {}, SLOW);
    expect(screen.getByText('早评过')).toBeTruthy();
    expect(screen.queryByTestId('review-line-12')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    expect(await within(first).findByRole('alert')).toBeTruthy();
    expect(within(first).getByRole('alert').textContent).toBe('该商品已经评论过了');
  });

  it('an order that is not received cannot be reviewed', async () => {
    fakeFetch({ ...common, 'GET /api/user/comments/order/5': envelope(reviewOrder(3)) });
    boot('/user/comment/add/5');
    expect(await screen.findByText('只有已收货的订单可以评论。', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '发表评论' })).toBeNull();
  });
});
