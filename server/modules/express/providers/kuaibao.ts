import { createHash } from 'node:crypto';
import { kuaibaoCode } from './codes';
import { postForm } from './http';
import { TRACKING_TIMEOUT_MS, TrackingRefusal, newestFirst, type ParcelState, type TraceStep, type TrackingProvider } from './types';

/**
 * Kuaibao open platform (kop.kuaidihelp.com, the reference's provider), method `express.info.get`:
 * form fields app_id, method, ts (seconds), sign = MD5 of app_id + method + ts + appkey, and data
 * (JSON {waybill_no, exp_company_code, result_sort, phone}). KUAIBAO_ENDPOINT replaces
 * https://kop.kuaidihelp.com/api.
 */
export const KUAIBAO_URL = 'https://kop.kuaidihelp.com/api';
const METHOD = 'express.info.get';

export interface KuaibaoOptions {
  appId: string;
  appKey: string;
  endpoint?: string;
  timeoutMs?: number;
  now?: () => number;
}

export const kuaibaoSign = (appId: string, method: string, ts: string, appKey: string) =>
  createHash('md5').update(appId + method + ts + appKey, 'utf8').digest('hex');

/** Kuaibao `status`: signed, delivering, sending, collected, question (a problem parcel), … */
function stateOf(status: unknown): ParcelState {
  if (status === 'signed') return 'delivered';
  if (status === 'question' || status === 'refused' || status === 'returned') return 'problem';
  return typeof status === 'string' && status !== '' ? 'transit' : 'unknown';
}

export function kuaibaoProvider(options: KuaibaoOptions): TrackingProvider {
  return {
    name: 'kuaibao',
    testMode: false,
    async track({ courier, waybill, phone }) {
      const ts = String(Math.floor((options.now?.() ?? Date.now()) / 1000));
      const data = JSON.stringify({ waybill_no: waybill, exp_company_code: kuaibaoCode(courier), result_sort: '1', phone: phone.slice(-4) });
      const body = await postForm(
        options.endpoint || KUAIBAO_URL,
        { app_id: options.appId, method: METHOD, ts, sign: kuaibaoSign(options.appId, METHOD, ts, options.appKey), data },
        options.timeoutMs ?? TRACKING_TIMEOUT_MS,
      );
      if (body.code !== 0 && body.code !== '0') throw new TrackingRefusal('rejected', String(body.code ?? 'unknown'), String(body.msg ?? ''));
      const parcel = Array.isArray(body.data) ? (body.data[0] as Record<string, unknown> | undefined) : undefined;
      const rows = Array.isArray(parcel?.data) ? (parcel.data as Record<string, unknown>[]) : [];
      if (!parcel || !rows.length) throw new TrackingRefusal('notFound', 'empty', String(body.msg ?? ''));
      const steps: TraceStep[] = rows.map((row) => ({ time: String(row.time ?? ''), text: String(row.context ?? '') }));
      return { state: stateOf(parcel.status), steps: newestFirst(steps) };
    },
  };
}
