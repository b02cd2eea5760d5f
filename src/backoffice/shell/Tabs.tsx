import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { firstTarget, isExternal, type MenuItem as ShellMenu } from '../../../machines/menus';
import { revealInScroller } from '../../ui/revealInScroller';
import type { ShellActor } from './shellActor';

const linkProps = (item: ShellMenu) => {
  const target = firstTarget(item)?.apis ?? '#';
  return { href: target, ...(isExternal(target) ? { target: '_blank', rel: 'noopener noreferrer' } : {}) };
};

/**
 * Phones: the modules fold into one button naming the active one, which opens the list of all
 * (issue 30: a scrolling strip at 390 px always showed a clipped fragment of the next tab).
 */
function FoldedTabs({ actor }: { actor: ShellActor }) {
  const intl = useIntl();
  const menus = useSelector(actor, (s) => s.context.menus);
  const activeTab = useSelector(actor, (s) => s.context.activeTab);
  const label = intl.formatMessage({ id: 'shell.modules' });
  const active = menus[activeTab];
  if (!active) return <nav aria-label={label} className="min-w-0 flex-1" />;
  return (
    <nav aria-label={label} className="flex min-w-0 flex-1">
      <Menu>
        <MenuButton
          aria-label={intl.formatMessage({ id: 'shell.currentModule' }, { name: active.name })}
          className="focus-ring flex min-w-0 items-center gap-1 border-b-2 border-office px-2 text-sm font-semibold text-office sm:px-3"
          data-testid="module-menu"
        >
          <span className="truncate">{active.name}</span>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0 fill-current">
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
          </svg>
        </MenuButton>
        <MenuItems anchor="bottom start" modal={false} className="z-50 min-w-44 rounded-md border border-slate-200 bg-white py-1 shadow-lg focus:outline-none">
          {menus.map((item, index) => (
            <MenuItem key={item.id}>
              <a
                {...linkProps(item)}
                aria-current={index === activeTab ? 'page' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  actor.send({ type: 'TAB.SELECT', index });
                }}
                className={`block px-4 py-2 text-sm data-[focus]:bg-slate-100 ${index === activeTab ? 'font-semibold text-office' : 'text-slate-800'}`}
              >
                {item.name}
              </a>
            </MenuItem>
          ))}
        </MenuItems>
      </Menu>
    </nav>
  );
}

/**
 * Top bar: one tab per top-level menu entry; clicking navigates to its first target and activates it.
 * Where the tabs do not fit a wider window they scroll within their own space, the active one
 * kept in view. On phones they fold into a menu (FoldedTabs).
 */
export function Tabs({ actor, folded = false }: { actor: ShellActor; folded?: boolean }) {
  const intl = useIntl();
  const menus = useSelector(actor, (s) => s.context.menus);
  const activeTab = useSelector(actor, (s) => s.context.activeTab);
  const scroller = useRef<HTMLElement>(null);
  useEffect(() => {
    const nav = scroller.current;
    const tab = nav?.querySelector<HTMLElement>('a[data-active="true"]');
    if (nav && tab) revealInScroller(nav, tab);
  }, [activeTab, menus]);
  if (folded) return <FoldedTabs actor={actor} />;
  return (
    <nav ref={scroller} aria-label={intl.formatMessage({ id: 'shell.modules' })} className="min-w-0 flex-1 overflow-x-auto">
      <ul className="flex h-full items-stretch whitespace-nowrap">
        {menus.map((item, index) => {
          const active = index === activeTab;
          return (
            <li key={item.id} className="flex">
              <a
                {...linkProps(item)}
                aria-current={active ? 'page' : undefined}
                data-active={active}
                onClick={(event) => {
                  event.preventDefault();
                  actor.send({ type: 'TAB.SELECT', index });
                }}
                className={`focus-ring flex items-center border-b-2 px-2 text-sm 2xl:px-4 ${
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
