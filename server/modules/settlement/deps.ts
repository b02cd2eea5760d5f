import { payReferralCommissions } from '../distribution/commission';
import type { ReferralPayer } from './settle';

/**
 * What settlement runs call beside their own work: `referral` pays an order's referral
 * commissions (distribution/commission.ts, once per order) and answers their cents, which
 * settle.ts subtracts from the store's share. Both the schedule (jobs/index.ts) and the
 * operator's "settle now" (routes.ts) read it.
 */
export const settlementDeps: { referral: ReferralPayer } = { referral: payReferralCommissions };
