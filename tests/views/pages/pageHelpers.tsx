import type { ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { afterEach, beforeEach } from 'vitest';
import { BackofficeAreaContext } from '../../../src/backoffice/areaContext';
import { renderWithApp, resetApp, useMessages } from '../helpers';

/** A back-office view rendered as the router would (area context, intl, toasts), logged in. */
export function renderView(View: ComponentType, area: 0 | 1, path: string) {
  return renderWithApp(
    <BackofficeAreaContext.Provider value={area}>
      <View />
    </BackofficeAreaContext.Provider>,
  );
}

/** Back-office views at their addresses (a list and its form page), switched by the location as the router does. */
export function renderRoutes(area: 0 | 1, routes: [pattern: string, View: ComponentType][]) {
  return renderWithApp(
    <BackofficeAreaContext.Provider value={area}>
      <Switch>
        {routes.map(([pattern, View]) => (
          <Route key={pattern} path={pattern} component={View} />
        ))}
      </Switch>
    </BackofficeAreaContext.Provider>,
  );
}

export function freshPage(path: string, area: 0 | 1 = 0) {
  resetApp(path);
  useMessages('zh-cn');
  localStorage.setItem(area === 0 ? 'admin_token' : 'seller_token', 'tok');
}

export const paginator = (rows: unknown[]) => ({ data: rows, total: rows.length, per_page: 30, current_page: 1, last_page: 1 });

/** The query of a recorded GET, decoded (`name[]` lists kept as arrays). */
export function queryOf(url: string): URLSearchParams {
  return new URLSearchParams(url.split('?')[1] ?? '');
}

/**
 * happy-dom lays nothing out (every size is 0), so the virtualised grid would show no rows:
 * give elements a desktop-sized box while a test runs.
 */
export function withLayout() {
  const proto = HTMLElement.prototype;
  const saved = ['offsetHeight', 'offsetWidth', 'clientHeight', 'clientWidth'].map((key) => [key, Object.getOwnPropertyDescriptor(proto, key)] as const);
  Object.defineProperty(proto, 'offsetHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(proto, 'offsetWidth', { configurable: true, get: () => 1200 });
  Object.defineProperty(proto, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => 1200 });
  return () => {
    for (const [key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(proto, key, descriptor);
      else delete (proto as unknown as Record<string, unknown>)[key];
    }
  };
}

/** Inside a describe: each test runs with a desktop-sized layout (withLayout), and the app is reset after it. */
export function laidOutEachTest() {
  let restore = () => {};
  beforeEach(() => {
    restore = withLayout();
  });
  afterEach(() => {
    resetApp('/');
    restore();
  });
}
