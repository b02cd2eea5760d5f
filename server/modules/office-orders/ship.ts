import { isNull } from 'drizzle-orm';
import { z } from 'zod';
import { expresses } from '../../db/schema';
import type { Db } from '../../db/client';
import { formInt, formText } from '../../http/crud';
import './messages';

/**
 * The state-change forms of the consoles: `PUT /api/Seller/orders/status/edit` (ship only) and
 * `PUT /api/Admin/orders/status/edit` (cancel an unpaid order, or ship). Shipping needs an express
 * company of the platform's list (`expresses.code`) and a waybill number.
 */

const messageOf = (messageKey: string) => ({ params: { messageKey } });

const numeric = (v: unknown) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v);

/** A waybill number: 4–30 letters, digits or dashes. */
export const WAYBILL = /^[A-Za-z0-9-]{4,30}$/;

/** The codes of the live express companies (a short list kept by the operator). */
export async function expressCodes(db: Db): Promise<Set<string>> {
  const rows = await db.select({ code: expresses.code }).from(expresses).where(isNull(expresses.deleted_at));
  return new Set(rows.map((row) => row.code));
}

const shipFields = (codes: Set<string>) => ({
  delivery_code: formText({ min: 1, max: 20 }).refine((code) => codes.has(code), messageOf('officeOrders.issue.express')),
  delivery_no: formText({ min: 1, max: 30 }).refine((no) => WAYBILL.test(no), messageOf('officeOrders.issue.waybill')),
});

const orderId = () => formInt({ min: 1 });

/** The store's form: ship, nothing else. */
export const sellerStatusSchema = (codes: Set<string>) =>
  z.object({ id: orderId(), status: z.preprocess(numeric, z.literal(3)), ...shipFields(codes) });

/** The operator's form: 0 cancels (no waybill), 3 ships (waybill required). */
export const adminStatusSchema = (codes: Set<string>) =>
  z.discriminatedUnion('status', [
    z.object({ id: orderId(), status: z.literal(0) }),
    z.object({ id: orderId(), status: z.literal(3), ...shipFields(codes) }),
  ]);

/** `status` as a number before the union picks its branch (a form sends '3'). */
export const withNumericStatus = (input: Record<string, unknown>) => ({ ...input, status: numeric(input.status) });
