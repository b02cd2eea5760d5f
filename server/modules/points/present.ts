import { sql } from 'drizzle-orm';
import { expresses, integral_goods, integral_orders } from '../../db/schema';
import { imageList } from '../catalogue/images';

/** The columns of a points goods card (home, search). */
export const goodsCard = {
  id: integral_goods.id,
  cid: integral_goods.cid,
  goods_name: integral_goods.goods_name,
  goods_subname: integral_goods.goods_subname,
  goods_master_image: integral_goods.goods_master_image,
  goods_price: integral_goods.goods_price,
  goods_market_price: integral_goods.goods_market_price,
  goods_stock: integral_goods.goods_stock,
  goods_sale: integral_goods.goods_sale,
};

/** The detail adds the gallery and the description. */
export const goodsDetail = { ...goodsCard, goods_images: integral_goods.goods_images, goods_content: integral_goods.goods_content };

export const presentDetail = (row: { goods_images: string } & Record<string, unknown>) => ({ ...row, goods_images: imageList(row.goods_images) });

/** A points order as the buyer and the operator read it. */
export const orderColumns = {
  id: integral_orders.id,
  user_id: integral_orders.user_id,
  order_no: integral_orders.order_no,
  goods_id: integral_orders.goods_id,
  order_name: integral_orders.order_name,
  order_image: integral_orders.order_image,
  buy_num: integral_orders.buy_num,
  goods_price: integral_orders.goods_price,
  total_price: integral_orders.total_price,
  order_status: integral_orders.order_status,
  delivery_code: integral_orders.delivery_code,
  /** The courier's name from the platform's express list ('' before shipping). */
  delivery_name: sql<string>`coalesce((select e.name from ${expresses} e where e.code = ${integral_orders.delivery_code} and e.deleted_at is null and ${integral_orders.delivery_code} <> '' limit 1), '')`,
  delivery_no: integral_orders.delivery_no,
  receive_name: integral_orders.receive_name,
  receive_tel: integral_orders.receive_tel,
  receive_area: integral_orders.receive_area,
  receive_address: integral_orders.receive_address,
  pay_time: integral_orders.pay_time,
  delivery_time: integral_orders.delivery_time,
  remark: integral_orders.remark,
  created_at: integral_orders.created_at,
};
