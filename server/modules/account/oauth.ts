import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { configs } from '../../db/schema';
import type { Lang } from '../../http/messages';
import { accountMessage } from './messages';

/**
 * GET /api/user/oauth (user centre /user/oauth, screens §3.33): the third-party logins the shop
 * knows (configs `oauth`: weixin, weixinweb) and, for each, whether the operator configured it
 * (an app id and key saved) and whether this account is bound to it. Souk keeps no third-party
 * identities yet, so no account is bound; the page says so instead of offering a button that
 * cannot work.
 */
export const OAUTH_PROVIDERS = ['weixin', 'weixinweb'] as const;

export interface OauthBinding {
  provider: (typeof OAUTH_PROVIDERS)[number];
  name: string;
  configured: boolean;
  bound: boolean;
}

function parsed(content: string | undefined): Record<string, unknown> {
  try {
    const value = content ? JSON.parse(content) : {};
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';

export async function oauthBindings(db: Db, lang: Lang): Promise<OauthBinding[]> {
  const [row] = await db
    .select({ content: configs.content })
    .from(configs)
    .where(and(eq(configs.name, 'oauth'), isNull(configs.deleted_at)));
  const all = parsed(row?.content);
  return OAUTH_PROVIDERS.map((provider) => {
    const app = (all[provider] ?? {}) as Record<string, unknown>;
    return { provider, name: accountMessage(`account.oauth.${provider}`, lang), configured: filled(app.client_id) && filled(app.key), bound: false };
  });
}
