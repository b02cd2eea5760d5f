import type { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { mountDistributionSettings } from './settings';
import { mountDistributionUser } from './user';

/** Referral commission: the stores' rates, the logs, and the shopper's referral page. */
export function mountDistribution(api: Hono<AppEnv>) {
  mountDistributionSettings(api);
  mountDistributionUser(api);
}
