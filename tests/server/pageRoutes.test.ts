import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, appRouteOf, pathKind, rowIdOf } from '../../server/http/pageRoutes';
import { caseSensitiveParser } from '../../src/app/routeParser';
import { rowIdOf as appRowIdOf } from '../../src/shop/shared/params';

// The server answers 404 for the paths the app shows its not-found page for; it keeps its own copy
// of the app's route table (server/ imports nothing from src/), held in step here.
const appSource = readFileSync('src/app/App.tsx', 'utf8');
const appPaths = [...appSource.matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1]).filter((path) => path !== '/__lab'); // the dev-only lab page

describe('the server\'s copy of the app\'s route table', () => {
  it('lists the routes of AppRoutes, in its order', () => {
    expect(appPaths.length).toBeGreaterThan(10);
    expect([...APP_ROUTES]).toEqual(appPaths);
  });

  it('matches a path as the app\'s parser does', () => {
    const paths = [
      '/', '/login', '/login/', '/Login', '/carts', '/cart', '/store/join', '/store/12', '/store/12/x', '/s', '/s/', '/s/eyJhIjoxfQ%3D%3D',
      '/s/a%2Fb', '/s/%%%', '/s/a/b', '/goods/1', '/goods/abc', '/goods/', '/stores', '/Admin/login', '/nope', '/user', '/user/orders', '/order/before/x',
      '/order/pay/x', '/order/success', '/order', '/order/a/b/c', '/user/', '/users', '/user/a/b',
    ];
    for (const path of paths) {
      const app = APP_ROUTES.find((route) => caseSensitiveParser(route).pattern.exec(path) !== null) ?? null;
      expect({ path, route: appRouteOf(path)?.route ?? null }).toEqual({ path, route: app });
    }
  });

  it('reads a row id as the pages do', () => {
    for (const text of ['1', '42', '2147483647', '2147483648', '99999999999999999999', '0', '01', '-1', '1.5', 'abc', '']) {
      expect({ text, id: rowIdOf(text) }).toEqual({ text, id: appRowIdOf(text) });
    }
  });
});

describe('what a path is', () => {
  it('a page of the app, its not-found page, or a goods or store page whose row decides', () => {
    for (const path of ['/', '/login', '/carts', '/order/before/eyJhIjoxfQ%3D%3D', '/order/pay/x', '/order/success', '/order/success/', '/user', '/user/orders', '/user/order/5', '/s', '/s/garbage', '/stores', '/store/join', '/store/step_2', '/Admin/login', '/Seller/login']) {
      expect({ path, kind: pathKind(path) }).toEqual({ path, kind: { status: 200 } });
    }
    // the back office's pages come from the menus after login: never a 404 here
    for (const path of ['/Admin/dashboard', '/Admin/anything/at/all', '/Seller/goods']) expect(pathKind(path)).toEqual({ status: 200 });
    for (const path of ['/nope', '/Admin', '/users', '/order', '/order/before', '/order/pay', '/order/nope', '/order/success/x', '/order/before/x/y', '/Stores', '/s/a/b', '/goods/abc', '/goods/0', '/goods/99999999999999999999', '/store/2147483648']) {
      expect({ path, kind: pathKind(path) }).toEqual({ path, kind: { status: 404 } });
    }
    expect(pathKind('/goods/5/')).toEqual({ row: 'goods', id: 5 });
    expect(pathKind('/store/3')).toEqual({ row: 'store', id: 3 });
  });
});
