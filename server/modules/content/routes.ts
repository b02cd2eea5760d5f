import type { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { mountAdvs } from './advs';
import { mountAgreements } from './agreements';
import { mountAppVersions } from './appVersions';
import { mountAreas } from './areas';
import { mountArticles } from './articles';
import { mountCurrencies } from './currencies';
import { mountExpresses } from './expresses';
import { mountNotices } from './notices';

/** Admin content resources (/api/Admin/…) and their public endpoints (/api/…). */
export function mountContent(api: Hono<AppEnv>) {
  mountAreas(api);
  mountExpresses(api);
  mountCurrencies(api);
  mountNotices(api);
  mountAgreements(api);
  mountAppVersions(api);
  mountArticles(api);
  mountAdvs(api);
}
