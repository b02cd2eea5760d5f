import { useIntl } from 'react-intl';
import type { PlotAnalysis } from '../../../../api/dashboard';
import { Chart } from '../../../charts/Chart';
import { AnalysisPage, READ_ONLY } from '../../../dashboard/AnalysisPage';
import { countText } from '../../../dashboard/format';
import type { Column } from '../../../table/types';

/** Menu view `Admin/dashboard/user` (会员分析): new members per day, month or year, and who they are. */
const columns: Column[] = [
  { label: 'page.common.avatar', value: 'avatar', type: 'avatar' },
  { label: 'page.users.nickname', value: 'nickname' },
  { label: 'page.users.username', value: 'username', type: 'tags', width: 136 },
  { label: 'page.users.phone', value: 'phone', type: 'tags', width: 136 },
  { label: 'table.createdAt', value: 'created_at', type: 'datetime' },
];

export default function MemberAnalysis() {
  const intl = useIntl();
  return (
    <AnalysisPage<PlotAnalysis>
      area={0}
      name="user"
      total={{ label: 'dashboard.total.newUsers', current: (s) => s.new_users, previous: (s) => s.previous_new_users, format: (v, locale) => countText(locale, v) }}
      chart={(data, busy) => (
        <Chart kind="line" title="dashboard.chart.newUsers" valueName="dashboard.value.users" busy={busy} points={data.plot.map((p) => ({ label: p.time, value: Number(p.num) }))} format={(v) => countText(intl.locale, v)} />
      )}
      tables={[{ listKey: 'list', config: { columns, buttons: READ_ONLY, noActions: true, search: [{ label: 'page.users.nickname', value: 'nickname', where: 'likeRight' }] } }]}
    />
  );
}
