import { z } from 'zod';
import { formInt, formText } from '../../http/crud';
import { WAYBILL } from '../office-orders/ship';

/**
 * The after-sale forms. Images are our upload addresses (a path or an http(s) URL, no commas: the
 * column joins them with commas), at most 6; the express company is one of the platform's list.
 */
const messageOf = (messageKey: string) => ({ params: { messageKey } });
const numeric = (v: unknown) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v);

export const MAX_IMAGES = 6;
const IMAGE = /^(https?:\/\/|\/)[^\s,]{1,250}$/;

/** `images[]` as an array, one comma-joined string, or nothing. */
const imageList = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z.array(z.string().trim().refine((url) => IMAGE.test(url), messageOf('refunds.issue.image'))).max(MAX_IMAGES),
);

export const applySchema = z.object({
  order_id: formInt({ min: 1 }),
  refund_type: z.preprocess(numeric, z.union([z.literal(0), z.literal(1)])),
  refund_remark: formText({ min: 1, max: 200 }),
  images: imageList,
});

export const waybillFields = (codes: Set<string>) => ({
  delivery_code: formText({ min: 1, max: 20 }).refine((code) => codes.has(code), messageOf('refunds.issue.express')),
  delivery_no: formText({ min: 1, max: 30 }).refine((no) => WAYBILL.test(no), messageOf('refunds.issue.waybill')),
});

export const shipBackSchema = (codes: Set<string>) => z.object(waybillFields(codes));

export const refuseSchema = z.object({ refuse_remark: formText({ min: 1, max: 200 }) });

/** The store's and operator's re-shipment: the same fields under the reference's names. */
export const reshipSchema = (codes: Set<string>) =>
  z
    .object({
      re_delivery_code: formText({ min: 1, max: 20 }).refine((code) => codes.has(code), messageOf('refunds.issue.express')),
      re_delivery_no: formText({ min: 1, max: 30 }).refine((no) => WAYBILL.test(no), messageOf('refunds.issue.waybill')),
    })
    .transform((v) => ({ delivery_code: v.re_delivery_code, delivery_no: v.re_delivery_no }));

export const OFFICE_STEPS = ['agree', 'refuse', 'arrive', 'refund', 'reship'] as const;
export type OfficeStep = (typeof OFFICE_STEPS)[number];

/**
 * Which step a console's PUT asks for: `action` by name, or the reference's fields
 * (`refund_verify` 1 agree / 2 refuse, `re_delivery_no` re-ship). Undefined when it names none.
 */
export function officeStepOf(input: Record<string, unknown>): OfficeStep | undefined {
  const action = typeof input.action === 'string' ? input.action.trim() : undefined;
  if (action !== undefined) return (OFFICE_STEPS as readonly string[]).includes(action) ? (action as OfficeStep) : undefined;
  const verify = numeric(input.refund_verify);
  if (verify === 1) return 'agree';
  if (verify === 2) return 'refuse';
  if (input.re_delivery_no !== undefined) return 'reship';
  return undefined;
}
