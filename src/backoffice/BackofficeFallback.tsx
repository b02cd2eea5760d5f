import { FormattedMessage } from 'react-intl';
import type { AreaIndex } from '../../machines/areas';
import { getRoutes, useRoutesVersion } from '../app/backofficeRoutes';
import { BackofficeAreaContext } from './areaContext';
import { Shell } from './shell/Shell';

/**
 * A logged-in back-office path that no menu route matches, drawn inside the shell so the user
 * menu (profile, logout) stays at hand: an account whose roles grant no menu at all gets the
 * "no menus" notice (spec §2: the sidebar's empty-menu notice), any other account a 404.
 */
export default function BackofficeFallback({ area }: { area: AreaIndex }) {
  useRoutesVersion();
  const noMenus = getRoutes(area).length === 0;
  return (
    <BackofficeAreaContext.Provider value={area}>
      <Shell area={area} hideTitle>
        {noMenus ? (
          <div className="flex flex-col items-center gap-3 py-12 text-center">
            <h1 className="text-lg font-semibold text-slate-900">
              <FormattedMessage id="shell.noMenus" />
            </h1>
            <p className="max-w-[520px] text-sm text-slate-700">
              <FormattedMessage id="shell.noMenusHint" />
            </p>
          </div>
        ) : (
          <div className="flex flex-col items-center gap-3 py-12 text-center">
            <h1 className="text-5xl font-bold text-slate-800">404</h1>
            <p className="text-slate-700">
              <FormattedMessage id="error.notFound" />
            </p>
          </div>
        )}
      </Shell>
    </BackofficeAreaContext.Provider>
  );
}
