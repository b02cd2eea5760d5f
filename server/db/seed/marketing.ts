import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../client';
import { coupon_logs, coupons, full_reductions } from '../schema';
import { DEMO } from './accounts';

/**
 * Demo coupons and full reductions (issue 14) on the two demo stores: coupons running now (one
 * without threshold), one not started yet, one expired; a coupon the demo shopper has already
 * taken (unused, ready for a checkout); full reductions running now and one expired.
 */
const at = (days: number): SQL => sql`(date_trunc('hour', now()) + make_interval(days => ${days}))::timestamp(0)`;

interface SeedCoupon {
  store: number;
  name: string;
  money: string;
  use_money: string;
  stock: number;
  content: string;
  from: number;
  to: number;
  takenByDemo?: boolean;
}

const COUPONS: SeedCoupon[] = [
  { store: DEMO.owner.storeId, name: '新人立减券', money: '10.00', use_money: '0.00', stock: 500, content: '无门槛，全店通用', from: -3, to: 30, takenByDemo: true },
  { store: DEMO.owner.storeId, name: '满299减30', money: '30.00', use_money: '299.00', stock: 200, content: '全店通用', from: -3, to: 30 },
  { store: DEMO.owner.storeId, name: '满999减120', money: '120.00', use_money: '999.00', stock: 50, content: '大额券，数量有限', from: -1, to: 14 },
  { store: DEMO.owner.storeId, name: '双十二预热券', money: '50.00', use_money: '500.00', stock: 100, content: '活动开始后可领', from: 7, to: 21 },
  { store: DEMO.owner.storeId, name: '国庆特惠券', money: '20.00', use_money: '199.00', stock: 80, content: '已过期', from: -60, to: -30 },
  { store: DEMO.owner2.storeId, name: '满199减20', money: '20.00', use_money: '199.00', stock: 300, content: '全店通用', from: -2, to: 30 },
  { store: DEMO.owner2.storeId, name: '店铺关注礼', money: '5.00', use_money: '0.00', stock: 1000, content: '无门槛', from: -2, to: 60 },
];

const REDUCTIONS = [
  { store: DEMO.owner.storeId, name: '满500减50', money: '50.00', use_money: '500.00', from: -3, to: 30 },
  { store: DEMO.owner.storeId, name: '满2000减300', money: '300.00', use_money: '2000.00', from: -3, to: 30 },
  { store: DEMO.owner.storeId, name: '夏日满减', money: '40.00', use_money: '300.00', from: -120, to: -90 },
  { store: DEMO.owner2.storeId, name: '满300减25', money: '25.00', use_money: '300.00', from: -2, to: 30 },
];

export async function seedMarketing(tx: Tx): Promise<void> {
  const rows = await tx
    .insert(coupons)
    .values(
      COUPONS.map((c) => ({
        store_id: c.store,
        name: c.name,
        money: c.money,
        use_money: c.use_money,
        stock: c.takenByDemo ? c.stock - 1 : c.stock,
        content: c.content,
        start_time: at(c.from) as unknown as string,
        end_time: at(c.to) as unknown as string,
      })),
    )
    .returning({ id: coupons.id, name: coupons.name, start_time: coupons.start_time, end_time: coupons.end_time });
  const taken = COUPONS.flatMap((c, i) => (c.takenByDemo ? [{ c, row: rows[i] }] : []));
  if (taken.length > 0)
    await tx.insert(coupon_logs).values(
      taken.map(({ c, row }) => ({
        coupon_id: row.id,
        user_id: DEMO.shopper.id,
        store_id: c.store,
        name: c.name,
        money: c.money,
        use_money: c.use_money,
        start_time: row.start_time,
        end_time: row.end_time,
      })),
    );
  await tx.insert(full_reductions).values(
    REDUCTIONS.map((r) => ({ store_id: r.store, name: r.name, money: r.money, use_money: r.use_money, start_time: at(r.from) as unknown as string, end_time: at(r.to) as unknown as string })),
  );
}
