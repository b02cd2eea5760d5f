import { ConfigPage } from './form/ConfigPage';
import { channelPath } from './form/paths';
import { URL_RULE } from './form/rules';
import type { ConfigTab } from './form/types';

/** Menu view `Admin/configs/oauth`: the two WeChat login apps (screens §4.4), with their own labels. */
const app = (section: string, label: string): ConfigTab => ({
  key: section,
  label,
  source: { kind: 'section', name: 'oauth', section },
  status: `oauth.${section}` as ConfigTab['status'],
  note: 'page.configs.oauth.note',
  fields: [
    { name: 'client_id', label: 'page.configs.oauth.clientId', maxLength: 100 },
    { name: 'key', label: 'page.configs.oauth.key', type: 'secret', maxLength: 200 },
    { name: 'return_url', label: 'page.configs.oauth.returnUrl', maxLength: 255, rules: [URL_RULE], hint: 'page.configs.oauth.returnUrlHint' },
  ],
});

export const OAUTH_TABS: ConfigTab[] = [app('weixin', 'page.configs.oauth.weixin'), app('weixinweb', 'page.configs.oauth.weixinweb')];

const OAUTH_PATHS = channelPath('/Admin/configs/oauth');

export default function OauthConfigPage() {
  return <ConfigPage tabs={OAUTH_TABS} pathOf={OAUTH_PATHS} />;
}
