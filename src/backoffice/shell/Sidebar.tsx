import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { firstTarget, isExternal, type MenuItem } from '../../../machines/menus';
import { MenuIcon } from './MenuIcon';
import type { ShellActor } from './shellActor';

function MenuLink({ item, actor, collapsed, active, nested = false }: { item: MenuItem; actor: ShellActor; collapsed: boolean; active: boolean; nested?: boolean }) {
  const target = firstTarget(item)?.apis ?? '#';
  return (
    <a
      href={target}
      {...(isExternal(target) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      aria-current={active ? 'page' : undefined}
      title={item.name}
      onClick={(event) => {
        event.preventDefault();
        actor.send({ type: 'MENU.OPEN', item });
      }}
      className={`focus-ring flex items-center gap-3 rounded px-3 py-2 text-sm ${nested && !collapsed ? 'pl-9' : ''} ${
        active ? 'bg-office text-white' : 'text-slate-200 hover:bg-slate-700 hover:text-white'
      } ${collapsed ? 'justify-center' : ''}`}
    >
      <MenuIcon icon={item.icon} />
      <span className={collapsed ? 'sr-only' : 'line-clamp-2 leading-tight break-words'}>{item.name}</span>
    </a>
  );
}

/** Children of the active tab with one nesting level; 200 px or 63 px wide. */
export function Sidebar({ actor, collapsed }: { actor: ShellActor; collapsed: boolean }) {
  const intl = useIntl();
  const items = useSelector(actor, (s) => s.context.menus[s.context.activeTab]?.children ?? []);
  const point = useSelector(actor, (s) => s.context.routePoint);
  if (items.length === 0) {
    return (
      <p className="px-3 py-4 text-center text-sm text-slate-300">
        <FormattedMessage id="shell.emptyMenu" />
      </p>
    );
  }
  return (
    <nav aria-label={intl.formatMessage({ id: 'shell.sidebar' })} className="flex flex-col gap-1 p-2">
      {items.map((item) =>
        item.children?.length ? (
          <div key={item.id} role="group" aria-label={item.name} className="flex flex-col gap-1">
            {collapsed ? (
              <span aria-hidden="true" className="mx-auto my-1 h-px w-8 bg-slate-600" />
            ) : (
              <span className="flex items-center gap-3 px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-400 uppercase">
                <MenuIcon icon={item.icon} />
                {item.name}
              </span>
            )}
            {item.children.map((child) => (
              <MenuLink key={child.id} item={child} actor={actor} collapsed={collapsed} active={point.includes(child.id)} nested />
            ))}
          </div>
        ) : (
          <MenuLink key={item.id} item={item} actor={actor} collapsed={collapsed} active={point.includes(item.id)} />
        ),
      )}
    </nav>
  );
}
