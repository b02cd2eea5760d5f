import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { firstTarget, isExternal } from '../../../machines/menus';
import type { DashboardAll } from '../../api/dashboard';
import { useSession } from '../../app/session';
import { Chart } from '../charts/Chart';
import { useAllowed } from '../grants';
import { MenuIcon } from '../shell/MenuIcon';
import { Shell } from '../shell/Shell';
import { getShellActor } from '../shell/shellActor';
import { Cards } from './Cards';
import { countText } from './format';
import { PeriodBar } from './PeriodBar';
import { RankList } from './RankList';
import { TodoStrip } from './TodoStrip';
import { SalesTrends } from './Trends';
import { useFigures } from './useFigures';

/** Figures refresh by themselves this often while the page is open (today's row is live). */
const REFRESH_MS = 60_000;

/**
 * The page the admin console and the seller centre open on (issue 26): sales cards with their
 * comparisons, what needs doing, the sales and orders trends and the second trend (platform: new
 * members; store: its buyers) over a chosen period, and the best stores and goods of that period.
 * An operator whose role does not grant the figures sees the welcome and the menu groups only.
 */
function Figures({ area }: { area: 0 | 1 }) {
  const intl = useIntl();
  const figures = useFigures<DashboardAll>(area, 'all', REFRESH_MS);
  const data = figures.data;
  const busy = figures.state.matches('loading');
  return (
    <div className="flex flex-col gap-4" data-dashboard={figures.state.value as string}>
      {data && <Cards data={data} />}
      {data && <TodoStrip area={area} todo={data.todo} />}
      <section className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="trends-title">
        <h2 id="trends-title" className="text-base font-semibold text-slate-900">
          <FormattedMessage id="dashboard.trends" />
        </h2>
        <PeriodBar figures={figures} />
        {data && (
          <>
            <SalesTrends plot={data.order_plot} busy={busy} />
            <Chart
              kind="line"
              title={area === 0 ? 'dashboard.chart.newUsers' : 'dashboard.chart.buyers'}
              valueName={area === 0 ? 'dashboard.value.users' : 'dashboard.value.buyers'}
              busy={busy}
              height={200}
              points={data.user_plot.map((p) => ({ label: p.time, value: Number(p.num) }))}
              format={(v) => countText(intl.locale, v)}
            />
          </>
        )}
      </section>
      {data && (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {area === 0 ? (
            <>
              <RankList title="dashboard.rank.topStores" rows={data.list} nameKey="store_name" />
              <RankList title="dashboard.rank.topGoods" rows={data.goods ?? []} nameKey="goods_name" />
            </>
          ) : (
            <RankList title="dashboard.rank.topGoods" rows={data.list} nameKey="goods_name" />
          )}
        </div>
      )}
    </div>
  );
}

export function Dashboard({ area }: { area: 0 | 1 }) {
  const session = useSession(area);
  const actor = getShellActor(area);
  const menus = useSelector(actor, (s) => s.context.menus);
  const allowed = useAllowed(area);
  const name = session.user?.nickname || session.user?.username || '';
  const granted = area === 1 || allowed('admin.dashboard.all');
  return (
    <Shell area={area}>
      <div className="flex flex-col gap-4">
        <p className="text-lg text-slate-900">
          <FormattedMessage id="dashboard.welcome" values={{ name }} />
        </p>
        {granted ? (
          <Figures area={area} />
        ) : (
          <div>
            <h2 className="mb-3 text-sm font-semibold text-slate-700">
              <FormattedMessage id="dashboard.groups" />
            </h2>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
              {menus.map((item, index) => {
                const target = firstTarget(item)?.apis ?? '#';
                return (
                  <li key={item.id}>
                    <a
                      href={target}
                      {...(isExternal(target) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                      onClick={(event) => {
                        event.preventDefault();
                        actor.send({ type: 'TAB.SELECT', index });
                      }}
                      className="focus-ring flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800 hover:border-office hover:text-office"
                    >
                      <MenuIcon icon={item.icon} />
                      <span>{item.name}</span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </div>
    </Shell>
  );
}
