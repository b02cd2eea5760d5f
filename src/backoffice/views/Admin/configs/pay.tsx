import { ConfigPage } from './form/ConfigPage';
import { channelPath } from './form/paths';
import { FILE_PATH_RULE, URL_RULE } from './form/rules';
import type { ConfigField, ConfigTab } from './form/types';

/**
 * Menu view `Admin/configs/pay`: one tab per payment channel (screens §4.4), each a section of
 * the `pay` configuration. Certificates are server file paths; keys and private certificates are
 * write-only.
 */
const cert = (name: string, label: string, secret = false): ConfigField => ({
  name,
  label,
  type: secret ? 'secret' : 'text',
  maxLength: 255,
  hint: 'page.configs.pay.certHint',
  rules: [FILE_PATH_RULE],
});

const notify: ConfigField = { name: 'notify_url', label: 'page.configs.pay.notifyUrl', maxLength: 255, rules: [URL_RULE] };
const mch: ConfigField[] = [
  { name: 'mch_id', label: 'page.configs.pay.mchId', maxLength: 50 },
  { name: 'mch_secret_key', label: 'page.configs.pay.mchSecretKey', type: 'secret', maxLength: 200 },
  cert('mch_secret_cert', 'page.configs.pay.mchSecretCert', true),
  cert('mch_public_cert_path', 'page.configs.pay.mchPublicCert'),
  // WeChat Pay APIv3: the merchant certificate's serial, and the WeChat Pay public key with its ID
  { name: 'mch_serial_no', label: 'page.configs.pay.mchSerialNo', maxLength: 64 },
  { name: 'wechat_public_key_id', label: 'page.configs.pay.wechatPublicKeyId', maxLength: 100 },
  cert('wechat_public_key_path', 'page.configs.pay.wechatPublicKey'),
  notify,
];
const appId = (name: string, label = 'page.configs.pay.appId'): ConfigField => ({ name, label, maxLength: 100 });
const appSecret: ConfigField = { name: 'secret_key', label: 'page.configs.pay.secretKey', type: 'secret', maxLength: 200 };

const wechat = (section: string, label: string, head: ConfigField[]): ConfigTab => ({
  key: section,
  label,
  source: { kind: 'section', name: 'pay', section },
  fields: [...head, ...mch],
});

const alipay = (section: string, label: string): ConfigTab => ({
  key: section,
  label,
  source: { kind: 'section', name: 'pay', section },
  fields: [
    appId('app_id'),
    { name: 'app_secret_cert', label: 'page.configs.pay.appSecretCert', type: 'secretText', maxLength: 8000 },
    cert('app_public_cert_path', 'page.configs.pay.appPublicCert'),
    cert('alipay_public_cert_path', 'page.configs.pay.alipayPublicCert'),
    cert('alipay_root_cert_path', 'page.configs.pay.alipayRootCert'),
    notify,
    { name: 'return_url', label: 'page.configs.pay.returnUrl', maxLength: 255, rules: [URL_RULE] },
  ],
});

export const PAY_TABS: ConfigTab[] = [
  wechat('wechatwap', 'page.configs.pay.wechatwap', [appId('mp_app_id')]),
  wechat('wechatmp', 'page.configs.pay.wechatmp', [appId('mp_app_id'), appSecret]),
  wechat('wechatmini', 'page.configs.pay.wechatmini', [appId('mini_app_id'), appSecret]),
  wechat('wechatapp', 'page.configs.pay.wechatapp', [appId('app_id')]),
  wechat('wechatscan', 'page.configs.pay.wechatscan', [appId('mp_app_id')]),
  alipay('alipaywap', 'page.configs.pay.alipaywap'),
  alipay('alipayapp', 'page.configs.pay.alipayapp'),
  alipay('alipayscan', 'page.configs.pay.alipayscan'),
  alipay('alipaymini', 'page.configs.pay.alipaymini'),
];

const PAY_PATHS = channelPath('/Admin/configs/pay');

export default function PayConfigPage() {
  return <ConfigPage tabs={PAY_TABS} pathOf={PAY_PATHS} />;
}
