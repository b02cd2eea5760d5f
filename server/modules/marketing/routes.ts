import type { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { mountMarketingResources } from './resources';
import { mountWallet } from './wallet';

/** Coupons and full reductions (docs/marketing-api.md): the shopper's wallet and the back-office pages. */
export function mountMarketing(api: Hono<AppEnv>) {
  mountWallet(api);
  mountMarketingResources(api);
}
