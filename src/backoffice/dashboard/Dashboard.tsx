import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { firstTarget, isExternal } from '../../../machines/menus';
import type { AreaIndex } from '../../../machines/areas';
import { useSession } from '../../app/session';
import { MenuIcon } from '../shell/MenuIcon';
import { Shell } from '../shell/Shell';
import { getShellActor } from '../shell/shellActor';

/** Welcome page of a back office: the account's nickname and links to the top menu groups. */
export function Dashboard({ area }: { area: AreaIndex }) {
  const session = useSession(area);
  const menus = useSelector(getShellActor(area), (s) => s.context.menus);
  const actor = getShellActor(area);
  const name = session.user?.nickname || session.user?.username || '';
  return (
    <Shell area={area}>
      <div className="flex flex-col gap-6">
        <p className="text-lg text-slate-900">
          <FormattedMessage id="dashboard.welcome" values={{ name }} />
        </p>
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
      </div>
    </Shell>
  );
}
