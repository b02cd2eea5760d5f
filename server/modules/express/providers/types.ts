/**
 * What a parcel-tracking provider does for Souk: the trace of one waybill. `dev` (test mode, no
 * keys) makes up a labelled sample; `kuaidi100` and `kuaibao` call their documented HTTP APIs.
 */
export type TrackingProviderName = 'dev' | 'kuaidi100' | 'kuaibao';

/** Where a parcel is: in transit, delivered (signed for), a problem (refused, lost, returned), or not known yet. */
export type ParcelState = 'transit' | 'delivered' | 'problem' | 'unknown';

export interface TraceStep {
  /** 'YYYY-MM-DD HH:MM:SS', as the provider gives it (China time). */
  time: string;
  text: string;
}

export interface Trace {
  state: ParcelState;
  /** Newest first. */
  steps: TraceStep[];
}

export interface TrackRequest {
  /** Our courier code (expresses.code: sf, yt, zt …). */
  courier: string;
  waybill: string;
  /** The receiver's phone: SF Express and a few others check its last digits. */
  phone: string;
  /** When the order was shipped ('YYYY-MM-DD HH:MM:SS'); the dev provider's sample starts there. */
  shippedAt?: string | null;
}

/**
 * Why there is no trace: `notFound` (no such waybill yet, or a courier the provider does not
 * know), `rejected` (our keys are wrong, the quota is spent: the operator must act),
 * `unreachable` (timeout, network, an answer we cannot read).
 */
export type TrackingRefusalKind = 'notFound' | 'rejected' | 'unreachable';

export class TrackingRefusal extends Error {
  constructor(
    readonly kind: TrackingRefusalKind,
    readonly providerCode: string,
    message: string,
  ) {
    super(message);
  }
}

export interface TrackingProvider {
  readonly name: TrackingProviderName;
  readonly testMode: boolean;
  track(request: TrackRequest): Promise<Trace>;
}

export const TRACKING_TIMEOUT_MS = 5000;

/** Steps sorted newest first (providers differ in order; times are 'YYYY-MM-DD HH:MM:SS' and sort as text). */
export const newestFirst = (steps: TraceStep[]): TraceStep[] => [...steps].sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0));
