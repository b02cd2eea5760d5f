import { useSelector } from '@xstate/react';
import { useEffect, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import type { AreaIndex } from '../../../machines/areas';
import { localizeMenus } from '../../../machines/menus';
import { getMenus, menuPathOf, useRoutesVersion } from '../../app/backofficeRoutes';
import { getShellActor, isPhoneWide, PHONE_QUERY } from './shellActor';

/** The area's shell actor, fed with the area's menus and the committed path. */
export function useShell(area: AreaIndex) {
  const actor = getShellActor(area);
  const [path] = useLocation();
  const version = useRoutesVersion();
  const { locale } = useIntl();
  useEffect(() => {
    actor.send({ type: 'MENUS.SET', menus: localizeMenus(getMenus(area), locale) });
  }, [actor, area, version, locale]);
  useEffect(() => {
    // a sub page (a settings tab, an editor) is placed where its menu entry is
    actor.send({ type: 'ROUTE.CHANGED', path: menuPathOf(area, path) });
  }, [actor, area, path, version]);
  return actor;
}

export function useShellContext<T>(area: AreaIndex, select: (ctx: ReturnType<ReturnType<typeof getShellActor>['getSnapshot']>['context']) => T): T {
  return useSelector(getShellActor(area), (s) => select(s.context));
}

function onPhoneWideChange(change: () => void) {
  const query = typeof window !== 'undefined' ? window.matchMedia?.(PHONE_QUERY) : undefined;
  query?.addEventListener?.('change', change);
  return () => query?.removeEventListener?.('change', change);
}

/** Narrower than 768 px (the sidebar is a drawer), again when the window is resized across it. */
export const usePhoneWide = () => useSyncExternalStore(onPhoneWideChange, isPhoneWide, () => false);
