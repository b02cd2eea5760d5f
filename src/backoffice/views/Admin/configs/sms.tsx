import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { ConfigPage } from './form/ConfigPage';
import type { ConfigTab } from './form/types';

/** Menu view `Admin/configs/sms`: SMS access key / secret / sign, with links to templates and logs. */
export const SMS_TABS: ConfigTab[] = [
  {
    key: 'sms',
    label: 'page.configs.tab.sms',
    source: { kind: 'json', name: 'sms' },
    fields: [
      { name: 'key', label: 'page.configs.sms.key', type: 'secret', maxLength: 100 },
      { name: 'secret', label: 'page.configs.sms.secret', type: 'secret', maxLength: 200 },
      { name: 'sign', label: 'page.configs.sms.sign', maxLength: 30 },
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
