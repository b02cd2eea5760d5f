import type { AreaIndex } from '../../machines/areas';
import { areaPath, request, type ApiResult } from './client';

/** An order's parcel trace (server/modules/express/service.ts TraceAnswer): steps newest first. */
export interface ParcelTrace {
  provider: 'dev' | 'kuaidi100' | 'kuaibao';
  /** The dev provider answered: a labelled sample, not the courier's trace. */
  test_mode: boolean;
  delivery_code: string;
  delivery_name: string;
  delivery_no: string;
  state: 'transit' | 'delivered' | 'problem' | 'unknown';
  steps: { time: string; text: string }[];
  fetched_at: string;
  /** The provider failed just now; this is its last answer. */
  stale: boolean;
}

/** POST /api/user/order/express (shopper), /api/Seller/orders/express/find, /api/Admin/orders/express/find {id}. */
export function loadTrace(area: AreaIndex, orderId: number): Promise<ApiResult<ParcelTrace>> {
  const path = area === 2 ? '/user/order/express' : areaPath(area, 'orders/express/find');
  return request<ParcelTrace>(area, 'POST', path, { id: orderId }, { quiet: true });
}
