import { createHmac, timingSafeEqual } from 'node:crypto';
import { fromCents, toCents } from '../../../db/money';
import type { GatewayMethod, GatewayProvider, IncomingNotify, VerifiedNotify } from './types';

/**
 * The development provider (test mode): stands in for a method that has no keys configured. Its
 * QR is the URL of the confirm page (`GET /api/payment/dev/{pay_no}`), whose Confirm button posts
 * a notify signed with an HMAC of the server's secret to `POST /api/payment/notify/dev`, which
 * runs the same pay success as a real gateway's notify. No money moves.
 */
const keyOf = (secret: string) => createHmac('sha256', secret).update('souk/payment/dev').digest();

/** The signature of a dev notify: HMAC-SHA256 over `pay_no|total`. */
export function devSignature(secret: string, payNo: string, total: string): string {
  return createHmac('sha256', keyOf(secret)).update(`${payNo}|${total}`).digest('base64url');
}

/** The form fields the confirm page posts (also what tests post). */
export function devNotifyFields(secret: string, payNo: string, totalCents: number) {
  const total = fromCents(totalCents);
  return { pay_no: payNo, total, sign: devSignature(secret, payNo, total) };
}

export function verifyDevNotify(secret: string, rawBody: string): VerifiedNotify | null {
  const form = new URLSearchParams(rawBody);
  const payNo = form.get('pay_no') ?? '';
  const total = form.get('total') ?? '';
  const sign = form.get('sign') ?? '';
  if (!/^P\d{20}$/.test(payNo) || !/^\d{1,10}\.\d{2}$/.test(total)) return null;
  const expected = Buffer.from(devSignature(secret, payNo, total));
  const given = Buffer.from(sign);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { payNo, tradeNo: `DEV${payNo.slice(1)}`, paidCents: toCents(total), success: true };
}

export function devProvider(method: GatewayMethod, options: { secret: string; origin: string }): GatewayProvider {
  return {
    name: 'dev',
    method,
    testMode: true,
    async createQr({ payNo }) {
      return { codeUrl: `${options.origin}/api/payment/dev/${payNo}` };
    },
    async verifyNotify(notify: IncomingNotify) {
      return verifyDevNotify(options.secret, notify.rawBody);
    },
    async refund({ refundNo }) {
      return { refundId: `DEV${refundNo}` };
    },
    acknowledge: { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' },
    reject: { status: 400, contentType: 'text/plain; charset=utf-8', body: 'fail' },
  };
}
