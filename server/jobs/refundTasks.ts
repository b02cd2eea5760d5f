import type { Services } from '../http/context';
import { sendPendingRefunds, type SendResult } from '../modules/payment/refund';

/**
 * Retries gateway refunds the provider has not accepted yet (payment/refund.ts): every pending
 * `payment_refunds` row whose next try is due, claimed with `for update skip locked` and a lease in a
 * short transaction, so instances running the task at the same time never send one refund twice at
 * once; the provider is called with no transaction open (and a resend is harmless: providers are
 * idempotent on the refund number).
 */
export async function retryPendingRefunds(services: Pick<Services, 'db' | 'config'>, opts: { now?: Date; log?: (line: string) => void } = {}): Promise<SendResult> {
  const result = await sendPendingRefunds({ db: services.db, config: services.config }, { now: opts.now, batch: 50 });
  if (result.sent || result.failed) (opts.log ?? console.log)(`[jobs] pending refunds: ${result.sent} sent${result.failed ? `, ${result.failed} failed (retried later)` : ''}`);
  return result;
}
