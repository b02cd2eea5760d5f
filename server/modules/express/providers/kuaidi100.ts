import { createHash } from 'node:crypto';
import { kuaidi100Code } from './codes';
import { postForm } from './http';
import { TRACKING_TIMEOUT_MS, TrackingRefusal, newestFirst, type ParcelState, type TraceStep, type TrackingProvider } from './types';

/**
 * kuaidi100 real-time query (`poll/query.do`): form fields `customer`, `param` (JSON {com, num,
 * phone, order}) and `sign` = upper-case MD5 of param + key + customer. KUAIDI100_ENDPOINT
 * replaces https://poll.kuaidi100.com/poll/query.do.
 */
export const KUAIDI100_URL = 'https://poll.kuaidi100.com/poll/query.do';

export interface Kuaidi100Options {
  customer: string;
  key: string;
  endpoint?: string;
  timeoutMs?: number;
}

export const kuaidi100Sign = (param: string, key: string, customer: string) =>
  createHash('md5').update(param + key + customer, 'utf8').digest('hex').toUpperCase();

/** kuaidi100 `state`: 3 signed for, 2 trouble, 4 returned and signed, 6 returning, 14 refused; the rest are on the way. */
function stateOf(state: unknown, ischeck: unknown): ParcelState {
  const s = String(state ?? '');
  if (s === '3' || (ischeck === '1' && s !== '4')) return 'delivered';
  if (['2', '4', '6', '14'].includes(s)) return 'problem';
  return s === '' ? 'unknown' : 'transit';
}

/** returnCode: 400 incomplete / unknown company, 408 phone check failed, 500 no result yet → no trace; 503 bad sign, 601 key expired or no balance → our settings; 501/502 their side. */
function refusal(returnCode: string, message: string): TrackingRefusal {
  if (['400', '408', '500'].includes(returnCode)) return new TrackingRefusal('notFound', returnCode, message);
  if (['501', '502'].includes(returnCode)) return new TrackingRefusal('unreachable', returnCode, message);
  return new TrackingRefusal('rejected', returnCode || 'unknown', message);
}

export function kuaidi100Provider(options: Kuaidi100Options): TrackingProvider {
  return {
    name: 'kuaidi100',
    testMode: false,
    async track({ courier, waybill, phone }) {
      const param = JSON.stringify({ com: kuaidi100Code(courier), num: waybill, phone, order: 'desc' });
      const body = await postForm(
        options.endpoint || KUAIDI100_URL,
        { customer: options.customer, sign: kuaidi100Sign(param, options.key, options.customer), param },
        options.timeoutMs ?? TRACKING_TIMEOUT_MS,
      );
      if (body.message !== 'ok' || String(body.status ?? '') !== '200') {
        throw refusal(String(body.returnCode ?? ''), String(body.message ?? ''));
      }
      const rows = Array.isArray(body.data) ? (body.data as Record<string, unknown>[]) : [];
      const steps: TraceStep[] = rows.map((row) => ({ time: String(row.ftime ?? row.time ?? ''), text: String(row.context ?? '') }));
      return { state: stateOf(body.state, body.ischeck), steps: newestFirst(steps) };
    },
  };
}
