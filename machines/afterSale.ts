/**
 * Pure pieces of the after-sale flow (docs/refunds.md): the request as the server answers it, its
 * stages, the step bar, and the checks the forms make before sending (the server makes them too).
 */
export type Stage = 'pending' | 'awaitingReturn' | 'returning' | 'arrived' | 'reshipped' | 'done' | 'refused' | 'withdrawn';
export type StepName = 'agree' | 'refuse' | 'cancel' | 'shipBack' | 'arrive' | 'refund' | 'reship' | 'confirm';
export type Side = 'buyer' | 'store';

export interface RefundRecord {
  id: number;
  order_id: number;
  refund_type: number;
  refund_verify: number;
  refund_step: number;
  stage: Stage;
  refund_remark: string;
  refuse_remark: string;
  images: string[];
  delivery_code: string;
  delivery_no: string;
  re_delivery_code: string;
  re_delivery_no: string;
  refund_money: string;
  /** The steps the reader may take now (the server's answer). */
  steps: StepName[];
  [key: string]: unknown;
}

export interface ApplyValues {
  refund_type: 0 | 1;
  refund_remark: string;
  images: string[];
}

export interface WaybillValues {
  delivery_code: string;
  delivery_no: string;
}

/** What a step sends: the step's name and its fields. */
export type StepRequest =
  | { step: 'agree' | 'cancel' | 'arrive' | 'refund' | 'confirm' }
  | { step: 'refuse'; refuse_remark: string }
  | { step: 'shipBack' | 'reship'; delivery_code: string; delivery_no: string };

export type FieldErrors = Partial<Record<string, string>>;

export const MAX_IMAGES = 6;
export const MAX_REMARK = 200;
export const WAYBILL = /^[A-Za-z0-9-]{4,30}$/;

/** Error codes the machine keeps (views translate them: `refunds.error.<code>`). */
export const REQUIRED = 'required';
export const TOO_LONG = 'tooLong';
export const TOO_MANY = 'tooMany';
export const BAD_WAYBILL = 'waybill';
export const LOAD_FAILED = 'loadFailed';
export const STEP_FAILED = 'stepFailed';

export function validateApply(values: ApplyValues): FieldErrors {
  const errors: FieldErrors = {};
  const remark = values.refund_remark.trim();
  if (!remark) errors.refund_remark = REQUIRED;
  else if (remark.length > MAX_REMARK) errors.refund_remark = TOO_LONG;
  if (values.images.length > MAX_IMAGES) errors.images = TOO_MANY;
  return errors;
}

export function validateWaybill(values: WaybillValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.delivery_code) errors.delivery_code = REQUIRED;
  const no = values.delivery_no.trim();
  if (!no) errors.delivery_no = REQUIRED;
  else if (!WAYBILL.test(no)) errors.delivery_no = BAD_WAYBILL;
  return errors;
}

export function validateRefusal(reason: string): FieldErrors {
  const text = reason.trim();
  if (!text) return { refuse_remark: REQUIRED };
  if (text.length > MAX_REMARK) return { refuse_remark: TOO_LONG };
  return {};
}

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

/** The step request's own field errors (an empty object when it may be sent). */
export function validateStep(request: StepRequest): FieldErrors {
  if (request.step === 'refuse') return validateRefusal(request.refuse_remark);
  if (request.step === 'shipBack' || request.step === 'reship') return validateWaybill(request);
  return {};
}

/**
 * The step bar: the buyer's path through a refund (apply → store review → done) or a return
 * (apply → store review → send back → store receives → done), where a re-shipment adds the
 * buyer's receipt (… → store receives → receive the replacement → done). `current` is the index
 * reached; `stopped` marks a refused or withdrawn request.
 */
export type BarStep = 'apply' | 'review' | 'sendBack' | 'storeReceives' | 'receive' | 'done';

export function stepBar(request: (Pick<RefundRecord, 'refund_type' | 'stage'> & { re_delivery_no?: string }) | null): { steps: BarStep[]; current: number; stopped: boolean } {
  const reshipped = request?.stage === 'reshipped' || (request?.stage === 'done' && !!request.re_delivery_no);
  const steps: BarStep[] =
    request?.refund_type === 1 ? ['apply', 'review', 'sendBack', 'storeReceives', ...(reshipped ? (['receive'] as const) : []), 'done'] : ['apply', 'review', 'done'];
  if (!request) return { steps, current: 0, stopped: false };
  const at: Record<Stage, BarStep> = {
    pending: 'review',
    refused: 'review',
    withdrawn: 'review',
    awaitingReturn: 'sendBack',
    returning: 'storeReceives',
    arrived: 'storeReceives',
    reshipped: 'receive',
    done: 'done',
  };
  return { steps, current: steps.indexOf(at[request.stage]), stopped: request.stage === 'refused' || request.stage === 'withdrawn' };
}

/** The field a server refusal names (envelope data.field), if any. */
export function fieldOf(error: unknown): string | undefined {
  const data = error && typeof error === 'object' ? (error as { data?: unknown }).data : undefined;
  const field = data && typeof data === 'object' ? (data as { field?: unknown }).field : undefined;
  return typeof field === 'string' ? field : undefined;
}
