import { eq, sql } from 'drizzle-orm';
import { goods, order_goods, orders } from '../../../server/db/schema';
import type { TestServer } from '../helpers';

/**
 * Received orders written straight into the tables (the checkout is another module's): one line
 * per goods id, order_status as asked (default 4, received `receivedDaysAgo` days ago).
 */
let seq = 0;

export async function makeReceivedOrder(
  s: TestServer,
  f: { userId: number; storeId: number; goodsIds: number[]; status?: number; receivedDaysAgo?: number },
): Promise<{ id: number; lines: number[] }> {
  const orderNo = `2026112699${String(++seq).padStart(6, '0')}${process.pid % 1000}${Math.floor(Math.random() * 1000)}`.slice(0, 30);
  const status = f.status ?? 4;
  const [order] = await s.db
    .insert(orders)
    .values({
      user_id: f.userId,
      store_id: f.storeId,
      order_no: orderNo,
      order_name: '评论测试订单',
      total_price: '10.00',
      order_price: '10.00',
      order_status: status,
      payment_name: 'balance',
      receive_name: '张三',
      receive_tel: '13800000000',
      receive_area: '广东省 深圳市 南山区',
      receive_address: '科技园 1 号',
      receipt_time: status >= 4 ? sql`now() - ${f.receivedDaysAgo ?? 1} * interval '1 day'` : null,
    })
    .returning({ id: orders.id });
  const lines: number[] = [];
  for (const goodsId of f.goodsIds) {
    const [line] = await s.db
      .insert(order_goods)
      .values({ order_id: order.id, goods_id: goodsId, user_id: f.userId, store_id: f.storeId, goods_name: `商品${goodsId}`, buy_num: 1, goods_price: '10.00', total_price: '10.00' })
      .returning({ id: order_goods.id });
    lines.push(line.id);
  }
  return { id: order.id, lines };
}

export async function ratingOf(s: TestServer, goodsId: number) {
  const [row] = await s.db
    .select({ all: goods.comment_count, good: goods.comment_good, medium: goods.comment_medium, bad: goods.comment_bad })
    .from(goods)
    .where(eq(goods.id, goodsId));
  return row;
}

/** Lines as the add form sends them: `lines[i][field]`. */
export function linesBody(lines: Record<string, string | number | string[]>[]): Record<string, string | number> {
  const body: Record<string, string | number> = {};
  lines.forEach((line, i) => {
    for (const [key, value] of Object.entries(line)) {
      if (Array.isArray(value)) value.forEach((v, k) => (body[`lines[${i}][${key}][${k}]`] = v));
      else body[`lines[${i}][${key}]`] = value;
    }
  });
  return body;
}
