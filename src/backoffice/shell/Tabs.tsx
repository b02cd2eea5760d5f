import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { firstTarget, isExternal } from '../../../machines/menus';
import { revealInScroller } from '../../ui/revealInScroller';
import type { ShellActor } from './shellActor';

/**
 * Top bar: one tab per top-level menu entry; clicking navigates to its first target and activates it.
 * Where the tabs do not fit (phones) they scroll within their own space, the active one kept in
 * view, and below 768 px both ends fade out over the tabs' own 16 px padding: a tab cut by the
 * edge fades instead of looking as if it ran on under the language switch.
 */
export function Tabs({ actor }: { actor: ShellActor }) {
  const intl = useIntl();
  const menus = useSelector(actor, (s) => s.context.menus);
  const activeTab = useSelector(actor, (s) => s.context.activeTab);
  const scroller = useRef<HTMLElement>(null);
  useEffect(() => {
    const nav = scroller.current;
    const tab = nav?.querySelector<HTMLElement>('a[data-active="true"]');
    if (nav && tab) revealInScroller(nav, tab);
  }, [activeTab, menus]);
  return (
    <nav
      ref={scroller}
      aria-label={intl.formatMessage({ id: 'shell.modules' })}
      className="min-w-0 flex-1 overflow-x-auto max-md:[mask-image:linear-gradient(to_right,transparent,black_1rem,black_calc(100%_-_1rem),transparent)]"
    >
      <ul className="flex h-full items-stretch whitespace-nowrap">
        {menus.map((item, index) => {
          const target = firstTarget(item)?.apis ?? '#';
          const active = index === activeTab;
          return (
            <li key={item.id} className="flex">
              <a
                href={target}
                {...(isExternal(target) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                aria-current={active ? 'page' : undefined}
                data-active={active}
                onClick={(event) => {
                  event.preventDefault();
                  actor.send({ type: 'TAB.SELECT', index });
                }}
                className={`focus-ring flex items-center border-b-2 px-3 text-sm 2xl:px-4 ${
                  active ? 'border-office font-semibold text-office' : 'border-transparent text-slate-700 hover:text-office'
                }`}
              >
                {item.name}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
