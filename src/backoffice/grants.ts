import { useEffect, useState } from 'react';
import { areaPath, readToken, request } from '../api/client';

/** The admin's grants as `GET /api/Admin/load_grants` gives them. */
export interface AdminGrants {
  /** Every permission-checked admin route name. */
  routes: string[];
  /** Those the caller may use. */
  granted: string[];
}

/** May the caller use route `name`? Unknown grants (not loaded, failed) and unknown names allow: the server checks anyway. */
export type Allowed = (name: string) => boolean;

const allowAll: Allowed = () => true;

function allowedOf(grants: AdminGrants): Allowed {
  const routes = new Set(grants.routes);
  const granted = new Set(grants.granted);
  return (name) => !routes.has(name) || granted.has(name);
}

// One request per session (token) and page load, shared by every table page.
const cache = new Map<string, Promise<Allowed>>();

function loadAllowed(token: string): Promise<Allowed> {
  let pending = cache.get(token);
  if (!pending) {
    pending = request<AdminGrants>(0, 'GET', areaPath(0, 'load_grants'), undefined, { quiet: true }).then((result) =>
      result.kind === 'ok' && result.data && Array.isArray(result.data.routes) && Array.isArray(result.data.granted) ? allowedOf(result.data) : allowAll,
    );
    cache.set(token, pending);
  }
  return pending;
}

/** Forget the grants (tests; a role change shows on the next page load anyway). */
export function forgetGrants() {
  cache.clear();
}

/**
 * The admin console's grants, to hide the buttons of actions the role cannot perform (spec: the
 * server refuses them with 权限异常). The seller centre grants by menu: a page it can open
 * allows all its actions, so everything is allowed there.
 */
export function useAllowed(area: 0 | 1): Allowed {
  const token = area === 0 ? readToken(0) : null;
  const [state, setState] = useState<{ token: string | null; allowed: Allowed }>({ token: null, allowed: allowAll });
  useEffect(() => {
    if (!token) return;
    let live = true;
    void loadAllowed(token).then((allowed) => {
      if (live) setState({ token, allowed });
    });
    return () => {
      live = false;
    };
  }, [token]);
  return state.token === token ? state.allowed : allowAll;
}

/** `/Admin/users` → `admin.users`: the route-name prefix of a table page's resource. */
export function routeBase(url: string): string | null {
  const [, prefix, ...rest] = url.split('?')[0].split('/');
  if (prefix !== 'Admin' || !rest.length) return null;
  return `admin.${rest.join('.')}`;
}
