import { NO_REFERRALS, type ReferralPayer } from './settle';

/**
 * What settlement runs call beside their own work, set once at start-up. `referral` pays an
 * order's referral commissions and answers their cents (settle.ts ReferralPayer); the lead wires
 * the [points] lane's `payReferralCommissions` here at merge:
 *
 *   import { payReferralCommissions } from '../distribution/commission';
 *   export const settlementDeps = { referral: payReferralCommissions as ReferralPayer };
 *
 * Both the schedule (jobs/index.ts) and the operator's "settle now" (routes.ts) read it.
 */
export const settlementDeps: { referral: ReferralPayer } = { referral: NO_REFERRALS };
