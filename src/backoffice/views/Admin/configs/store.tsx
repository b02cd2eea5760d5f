import { ConfigPage } from './form/ConfigPage';
import { PERCENT_RULES } from './form/rules';
import type { ConfigTab } from './form/types';

/** Menu view `Admin/configs/store`: goods review switch, the withdrawal fee (screens §4.4) and the platform commission on settled orders. */
export const STORE_TABS: ConfigTab[] = [
  {
    key: 'store',
    label: 'page.configs.tab.store',
    source: { kind: 'json', name: 'store' },
    fields: [
      { name: 'goods_verify', label: 'page.configs.store.goodsVerify', type: 'switch', hint: 'page.configs.store.goodsVerifyHint' },
      { name: 'cash', label: 'page.configs.store.cash', type: 'number', suffix: 'page.configs.percent', rules: PERCENT_RULES },
      { name: 'commission', label: 'page.settle.config.commission', type: 'number', suffix: 'page.configs.percent', rules: PERCENT_RULES, hint: 'page.settle.config.commissionHint' },
    ],
  },
];

export default function StoreConfigPage() {
  return <ConfigPage tabs={STORE_TABS} />;
}
