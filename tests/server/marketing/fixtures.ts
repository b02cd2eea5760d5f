import { sql } from 'drizzle-orm';
import { coupons, full_reductions } from '../../../server/db/schema';
import type { TestServer } from '../helpers';

/** Coupons and full reductions written straight to the database for the tests (times relative to now). */
const at = (hours: number) => sql`(now() + make_interval(hours => ${hours}))::timestamp(0)` as unknown as string;

export async function makeCoupon(
  s: TestServer,
  values: { store_id: number; money?: string; use_money?: string; stock?: number; name?: string; startHours?: number; endHours?: number; stopped?: number },
) {
  const [row] = await s.db
    .insert(coupons)
    .values({
      store_id: values.store_id,
      name: values.name ?? '测试券',
      money: values.money ?? '10.00',
      use_money: values.use_money ?? '0.00',
      stock: values.stock ?? 10,
      start_time: at(values.startHours ?? -1),
      end_time: at(values.endHours ?? 24),
      stopped: values.stopped ?? 0,
    })
    .returning({ id: coupons.id });
  return row.id;
}

export async function makeReduction(
  s: TestServer,
  values: { store_id: number; money: string; use_money: string; name?: string; startHours?: number; endHours?: number; stopped?: number },
) {
  const [row] = await s.db
    .insert(full_reductions)
    .values({
      store_id: values.store_id,
      name: values.name ?? `满${values.use_money}减${values.money}`,
      money: values.money,
      use_money: values.use_money,
      start_time: at(values.startHours ?? -1),
      end_time: at(values.endHours ?? 24),
      stopped: values.stopped ?? 0,
    })
    .returning({ id: full_reductions.id });
  return row.id;
}

/** POST /api/user/coupon/receive {id}. */
export const take = (s: TestServer, token: string, id: number | string) => s.call('POST', '/api/user/coupon/receive', { token, body: { id } });
