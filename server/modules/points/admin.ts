import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { integral_goods, integral_goods_classes, integral_orders } from '../../db/schema';
import { toCents } from '../../db/money';
import { defineResource, formFlag, formInt, formMoney, formText, type Resource } from '../../http/crud';
import { showAction } from '../../http/crud/actions';
import { mountAdminResource } from '../../http/crud-guards';
import { validateIn } from '../../http/crud/validate';
import type { AppEnv } from '../../http/context';
import { fail, langOf } from '../../http/envelope';
import { readInput } from '../../http/input';
import { formGoodsImages } from '../catalogue/goodsWrite';
import { imageList } from '../catalogue/images';
import { formRichText } from '../content/richText';
import { expressCodes, WAYBILL } from '../office-orders/ship';
import { idParam } from '../shop/shared';
import './messages';

/**
 * The operator's points mall (screens §4.5): classes, goods and orders. Orders are read-only
 * except shipping: PUT /Admin/integral_orders/{id} {delivery_code, delivery_no} moves an order
 * awaiting shipment (2) to shipped (3) once; a second ship is a 422.
 */

export const integralClassesResource = defineResource({
  table: integral_goods_classes,
  area: 'admin',
  name: 'integral_goods_classes',
  columns: {
    readable: ['id', 'name', 'ename', 'created_at'],
    // the English name the points mall shows in English; empty: the name
    writable: { name: formText({ min: 1, max: 20 }), ename: formText({ max: 20 }).optional() },
    filterable: ['id', 'name', 'ename', 'created_at'],
  },
  defaultOrder: asc(integral_goods_classes.id),
  softDelete: true,
  unique: [{ column: 'name', normalized: true, status: 422 }],
  dependents: [{ table: integral_goods, column: integral_goods.cid, names: integral_goods.goods_name, message: 'points.classInUse' }],
});

const wholePoints = () =>
  formMoney({ minCents: 100, maxCents: 99_999_999 }).refine((v) => toCents(v) % 100 === 0, { params: { messageKey: 'points.wholePoints' } });

export const integralGoodsResource = defineResource({
  table: integral_goods,
  area: 'admin',
  name: 'integral_goods',
  columns: {
    readable: ['id', 'cid', 'goods_name', 'goods_subname', 'goods_price', 'goods_market_price', 'goods_stock', 'goods_images', 'goods_master_image', 'goods_sale', 'goods_status', 'is_recommend', 'goods_content', 'created_at'],
    writable: {
      cid: formInt({ min: 1 }),
      goods_name: formText({ min: 1, max: 120 }),
      goods_subname: formText({ max: 120 }).optional(),
      goods_price: wholePoints(),
      goods_market_price: formMoney({ maxCents: 99_999_999 }),
      goods_stock: formInt({ min: 0, max: 9_999_999 }),
      goods_images: formGoodsImages().transform((list) => list.join(',')) as unknown as z.ZodType<string>,
      goods_status: formFlag().optional(),
      is_recommend: formFlag().optional(),
      goods_content: formRichText().optional(),
    },
    filterable: ['id', 'cid', 'goods_name', 'goods_status', 'is_recommend', 'created_at'],
    sortable: ['id', 'goods_price', 'goods_stock', 'goods_sale', 'created_at'],
  },
  softDelete: true,
  label: 'goods_name',
  transform: (row) => ({ ...row, goods_images: imageList(row.goods_images) }),
  async beforeWrite(values, ctx) {
    if (values.cid !== undefined) {
      const [found] = await ctx.tx
        .select({ id: integral_goods_classes.id })
        .from(integral_goods_classes)
        .where(and(eq(integral_goods_classes.id, values.cid), isNull(integral_goods_classes.deleted_at)));
      if (!found) throw fail('points.classNotFound', undefined, 422, { field: 'cid' });
    }
    if (values.goods_images !== undefined) return { ...values, goods_master_image: imageList(values.goods_images)[0] ?? '' };
  },
});

export const integralOrdersResource = defineResource({
  table: integral_orders,
  area: 'admin',
  name: 'integral_orders',
  columns: {
    readable: ['id', 'user_id', 'order_no', 'goods_id', 'order_name', 'order_image', 'buy_num', 'goods_price', 'total_price', 'order_status', 'delivery_code', 'delivery_no', 'receive_name', 'receive_tel', 'receive_area', 'receive_address', 'pay_time', 'delivery_time', 'remark', 'created_at'],
    writable: {},
    filterable: ['id', 'user_id', 'order_no', 'order_name', 'order_status', 'created_at'],
  },
  softDelete: true,
  label: 'order_no',
});

const shipSchema = (codes: Set<string>) =>
  z.object({
    delivery_code: formText({ min: 1, max: 20 }).refine((code) => codes.has(code), { params: { messageKey: 'officeOrders.issue.express' } }),
    delivery_no: formText({ min: 1, max: 30 }).refine((no) => WAYBILL.test(no), { params: { messageKey: 'officeOrders.issue.waybill' } }),
  });

/** PUT /Admin/integral_orders/{id} {delivery_code, delivery_no}: ship once (2 → 3), then the row. */
async function ship(c: Context<AppEnv>, resource: Resource) {
  const db = c.get('services').db;
  const id = idParam(c.req.param('id'), 'id');
  const values = validateIn(shipSchema(await expressCodes(db)), await readInput(c), langOf(c));
  const [shipped] = await db
    .update(integral_orders)
    .set({ ...values, order_status: 3, delivery_time: sql`now()` })
    .where(and(eq(integral_orders.id, id), eq(integral_orders.order_status, 2), isNull(integral_orders.deleted_at)))
    .returning({ id: integral_orders.id });
  if (!shipped) {
    const [found] = await db.select({ id: integral_orders.id }).from(integral_orders).where(and(eq(integral_orders.id, id), isNull(integral_orders.deleted_at)));
    if (!found) throw fail('points.orderNotFound', undefined, 404, { field: 'id' });
    throw fail('points.notShippable', undefined, 422, { field: 'order_status' });
  }
  return showAction(c, resource);
}

export function mountPointsAdmin(api: Hono<AppEnv>) {
  mountAdminResource(api, '/Admin/integral_goods_classes', integralClassesResource);
  mountAdminResource(api, '/Admin/integral_goods', integralGoodsResource, { only: ['index', 'show', 'store', 'update', 'destroy'] });
  mountAdminResource(api, '/Admin/integral_orders', integralOrdersResource, { only: ['index', 'show', 'update'], handlers: { update: ship } });
}
