import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { ConfigPage } from './form/ConfigPage';
import type { ConfigTab } from './form/types';

/**
 * Menu view `Admin/configs/sms`: the SMS provider (Aliyun or Tencent Cloud) and its keys and sign,
 * whether it is live or in test mode, with links to the templates (one code per purpose) and logs.
 */
export const SMS_TABS: ConfigTab[] = [
  {
    key: 'sms',
    label: 'page.configs.tab.sms',
    source: { kind: 'json', name: 'sms' },
    status: 'sms',
    note: 'page.configs.sms.note',
    fields: [
      {
        name: 'provider',
        label: 'page.configs.sms.provider',
        type: 'radio',
        options: [
          { value: 'aliyun', label: 'page.configs.provider.name.aliyun' },
          { value: 'tencent', label: 'page.configs.provider.name.tencent' },
        ],
        fallback: 'aliyun',
      },
      { name: 'key', label: 'page.configs.sms.key', type: 'secret', maxLength: 100, hint: 'page.configs.sms.keyHint' },
      { name: 'secret', label: 'page.configs.sms.secret', type: 'secret', maxLength: 200, hint: 'page.configs.sms.secretHint' },
      { name: 'sign', label: 'page.configs.sms.sign', maxLength: 30 },
      { name: 'app_id', label: 'page.configs.sms.appId', maxLength: 30, hint: 'page.configs.sms.appIdHint' },
      { name: 'region', label: 'page.configs.sms.region', maxLength: 30, hint: 'page.configs.sms.regionHint' },
    ],
  },
];

const link = 'focus-ring rounded border border-slate-300 px-3 py-1.5 text-sm text-slate-800 hover:border-office';

export default function SmsConfigPage() {
  return (
    <ConfigPage
      tabs={SMS_TABS}
      header={
        <div className="flex gap-2">
          <Link href="/Admin/sms" className={link}>
            <FormattedMessage id="page.configs.sms.templates" />
          </Link>
          <Link href="/Admin/sms_logs" className={link}>
            <FormattedMessage id="page.configs.sms.logs" />
          </Link>
        </div>
      }
    />
  );
}
