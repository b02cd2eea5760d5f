import { useIntl } from 'react-intl';
import type { PlotAnalysis } from '../../../../api/dashboard';
import { Chart } from '../../../charts/Chart';
import { AnalysisPage, READ_ONLY } from '../../../dashboard/AnalysisPage';
import { countText } from '../../../dashboard/format';
import type { Column, DictItem } from '../../../table/types';

/** Menu view `Admin/dashboard/store` (店铺分析): new stores (applications) per period, and which. */
const VERIFY: DictItem[] = [
  { label: 'page.stores.verify.create', value: 1 },
  { label: 'page.stores.verify.wait', value: 2 },
  { label: 'page.stores.verify.refused', value: 3 },
  { label: 'page.stores.verify.approved', value: 4 },
];
const STATUS: DictItem[] = [
  { label: 'page.stores.status.open', value: 1 },
  { label: 'page.stores.status.closed', value: 0 },
];
const columns: Column[] = [
  { label: 'page.stores.logo', value: 'store_logo', type: 'image' },
  { label: 'page.stores.name', value: 'store_name' },
  { label: 'page.stores.area', value: 'area_info' },
  { label: 'page.stores.statusLabel', value: 'store_status', type: 'dict_tags', translate: true, width: 100 },
  { label: 'page.stores.verifyLabel', value: 'store_verify', type: 'dict_tags', translate: true, width: 110 },
  { label: 'table.createdAt', value: 'created_at', type: 'datetime' },
];

export default function StoreAnalysis() {
  const intl = useIntl();
  return (
    <AnalysisPage<PlotAnalysis>
      area={0}
      name="store"
      total={{ label: 'dashboard.total.newStores', current: (s) => s.new_stores, previous: (s) => s.previous_new_stores, format: (v, locale) => countText(locale, v) }}
      chart={(data, busy) => (
        <Chart kind="bar" title="dashboard.chart.newStores" valueName="dashboard.value.stores" busy={busy} points={data.plot.map((p) => ({ label: p.time, value: Number(p.num) }))} format={(v) => countText(intl.locale, v)} />
      )}
      tables={[
        {
          listKey: 'list',
          config: { columns, buttons: READ_ONLY, noActions: true, dictData: { store_status: STATUS, store_verify: VERIFY }, search: [{ label: 'page.stores.name', value: 'store_name', where: 'likeRight' }] },
        },
      ]}
    />
  );
}
