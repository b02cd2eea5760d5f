import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { express_traces, expresses, orders } from '../../db/schema';
import { fail } from '../../http/envelope';
import { loadTrackingSettings, trackingProviderOf, TrackingRefusal, type ParcelState, type TraceStep, type TrackingProvider } from './providers';
import './messages';

/**
 * The trace of an order's parcel (POST /api/user/order/express, /api/Seller/orders/express/find,
 * /api/Admin/orders/express/find): newest step first. A trace is kept per provider and waybill
 * for TRACE_CACHE_SECONDS, and for good once delivered, so views do not spend the provider's
 * quota; when the provider fails and an older copy exists, that copy is answered (`stale`).
 */
export const TRACE_CACHE_SECONDS = 300;

export interface TraceAnswer {
  provider: TrackingProvider['name'];
  test_mode: boolean;
  delivery_code: string;
  delivery_name: string;
  delivery_no: string;
  state: ParcelState;
  steps: TraceStep[];
  /** When the provider was asked ('YYYY-MM-DD HH:MM:SS'). */
  fetched_at: string;
  /** True when the provider failed just now and this is the last copy it gave. */
  stale: boolean;
}

interface ShippedOrder {
  delivery_code: string;
  delivery_name: string;
  delivery_no: string;
  receive_tel: string;
  delivery_time: string | null;
}

/** The order's waybill within `scope` (the caller's own orders, the store's); null when there is no such order. */
async function shippedOrder(db: Db, id: number, scope: SQL | undefined): Promise<ShippedOrder | null> {
  const [row] = await db
    .select({
      delivery_code: orders.delivery_code,
      delivery_name: sql<string>`coalesce((select e.name from ${expresses} e where e.code = ${orders.delivery_code} and e.deleted_at is null limit 1), ${orders.delivery_code})`,
      delivery_no: orders.delivery_no,
      receive_tel: orders.receive_tel,
      delivery_time: sql<string | null>`to_char(${orders.delivery_time}, 'YYYY-MM-DD HH24:MI:SS')`,
    })
    .from(orders)
    .where(and(eq(orders.id, id), isNull(orders.deleted_at), scope));
  return row ?? null;
}

const refusalError = (refusal: TrackingRefusal) => {
  if (refusal.kind === 'notFound') return fail('express.notFound', undefined, 404);
  return fail(refusal.kind === 'rejected' ? 'express.rejected' : 'express.unreachable', undefined, 503);
};

export async function orderTrace(db: Db, id: number, scope: SQL | undefined, provider?: TrackingProvider): Promise<TraceAnswer> {
  const order = await shippedOrder(db, id, scope);
  if (!order) throw fail('orders.notFound', undefined, 404, { field: 'id' });
  if (!order.delivery_no || !order.delivery_code) throw fail('express.notShipped', undefined, 422, { field: 'id' });
  const tracker = provider ?? trackingProviderOf(await loadTrackingSettings(db));
  const key = and(
    eq(express_traces.provider, tracker.name),
    eq(express_traces.delivery_code, order.delivery_code),
    eq(express_traces.delivery_no, order.delivery_no),
  );
  const [kept] = await db
    .select({
      state: express_traces.state,
      delivered: express_traces.delivered,
      steps: express_traces.steps,
      fetched_at: sql<string>`to_char(${express_traces.fetched_at}, 'YYYY-MM-DD HH24:MI:SS')`,
      fresh: sql<boolean>`${express_traces.fetched_at} > now() - make_interval(secs => ${TRACE_CACHE_SECONDS})`,
    })
    .from(express_traces)
    .where(key);
  const answer = (state: string, steps: unknown, fetchedAt: string, stale: boolean): TraceAnswer => ({
    provider: tracker.name,
    test_mode: tracker.testMode,
    delivery_code: order.delivery_code,
    delivery_name: order.delivery_name,
    delivery_no: order.delivery_no,
    state: state as ParcelState,
    steps: steps as TraceStep[],
    fetched_at: fetchedAt,
    stale,
  });
  if (kept && (kept.delivered === 1 || kept.fresh)) return answer(kept.state, kept.steps, kept.fetched_at, false);

  let trace;
  try {
    trace = await tracker.track({ courier: order.delivery_code, waybill: order.delivery_no, phone: order.receive_tel, shippedAt: order.delivery_time });
  } catch (err) {
    const refusal = err instanceof TrackingRefusal ? err : new TrackingRefusal('unreachable', 'error', String(err));
    console.warn(`[express:${tracker.name}] ${order.delivery_code} ${order.delivery_no}: ${refusal.providerCode} ${refusal.message}`);
    if (kept) return answer(kept.state, kept.steps, kept.fetched_at, true);
    throw refusalError(refusal);
  }
  const values = {
    state: trace.state,
    delivered: trace.state === 'delivered' ? 1 : 0,
    steps: trace.steps,
    fetched_at: sql`now()`,
  };
  const [saved] = await db
    .insert(express_traces)
    .values({ provider: tracker.name, delivery_code: order.delivery_code, delivery_no: order.delivery_no, ...values })
    .onConflictDoUpdate({ target: [express_traces.provider, express_traces.delivery_code, express_traces.delivery_no], set: values })
    .returning({ fetched_at: sql<string>`to_char(${express_traces.fetched_at}, 'YYYY-MM-DD HH24:MI:SS')` });
  return answer(trace.state, trace.steps, saved.fetched_at, false);
}
