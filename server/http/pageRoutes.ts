import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { goods, stores } from '../db/schema';
import { goodsVisible, storeIsOpen } from '../modules/shop/shared';

/**
 * The SPA's public route table as the server sees it, so that a page path the app has no page for
 * answers HTTP 404 (with the SPA's document: the app shows its not-found page) instead of 200.
 * The same paths as `AppRoutes` in src/app/App.tsx (server/ imports nothing from src/;
 * tests/server/pageRoutes.test.ts keeps the two lists, and their matching, in step).
 * Back-office pages are built from the menus after login, so nothing under /Admin/ or /Seller/
 * is ever a 404 here.
 */
export const APP_ROUTES = [
  '/',
  '/login',
  '/register',
  '/forget_password',
  '/oauth/callback/:name',
  '/carts',
  '/order/:page/:params?',
  '/store/join',
  '/store/step_1',
  '/store/step_2',
  '/store/step_3',
  '/s/:params?',
  '/goods/:id',
  '/stores',
  '/seckills',
  '/collectives/group/:id',
  '/collectives/:params?',
  '/store/:id',
  '/user/*?',
  '/integral/*?',
  '/Admin/login',
  '/Seller/login',
] as const;

const BACK_OFFICE = /^\/(Admin|Seller)\//;
/** The pages of the app's `/order/:page/:params?` route (src/shop/order/BuyingRoutes.tsx); any other is its not-found page. */
const ORDER_PAGES = /^\/order\/(?:(?:before|pay)\/[^/]+|success)\/?$/;
/** Largest id a row can have (`integer` id columns). */
export const MAX_ROW_ID = 2147483647;

const escape = (text: string) => text.replace(/[.+^${}()|[\]\\]/g, '\\$&');

/** A route as src/app/routeParser.ts matches it: case-sensitive, `:param`, `:param?`, `*`, `*?`, an optional trailing slash. */
function compile(route: string): RegExp {
  let pattern = '';
  for (const part of route.split('/').filter(Boolean)) {
    if (part.startsWith('*')) pattern += part[1] === '?' ? '(?:/(.*))?' : '/(.*)';
    else if (part.startsWith(':')) pattern += part.endsWith('?') ? '(?:/([^/]+?))?' : '/([^/]+?)';
    else pattern += `/${escape(part)}`;
  }
  return new RegExp(`^${pattern}/?$`);
}

const COMPILED = APP_ROUTES.map((route) => ({ route, pattern: compile(route) }));

/** The route of the SPA's table that shows this path (the first that matches, as wouter's Switch picks), or null. */
export function appRouteOf(path: string): { route: (typeof APP_ROUTES)[number]; param?: string } | null {
  for (const { route, pattern } of COMPILED) {
    const m = pattern.exec(path);
    if (m) return { route, param: m[1] };
  }
  return null;
}

/** The row id of `/goods/:id` or `/store/:id`, or 0 when no row can have it (as src/shop/shared/params.ts rowIdOf). */
export function rowIdOf(text: string | undefined): number {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return 0;
  const id = Number(text);
  return id <= MAX_ROW_ID ? id : 0;
}

/** What the app shows at a path: a page (200), its not-found page (404), or a row's page whose status depends on the row. */
export type PathKind = { status: 200 | 404 } | { row: 'goods' | 'store'; id: number };

export function pathKind(path: string): PathKind {
  if (BACK_OFFICE.test(path)) return { status: 200 };
  const match = appRouteOf(path);
  if (!match) return { status: 404 };
  if (match.route === '/order/:page/:params?') return { status: ORDER_PAGES.test(path) ? 200 : 404 };
  if (match.route === '/goods/:id' || match.route === '/store/:id') {
    const id = rowIdOf(match.param);
    return id ? { row: match.route === '/goods/:id' ? 'goods' : 'store', id } : { status: 404 };
  }
  return { status: 200 };
}

/** Whether the shop shows that goods (on the shelf, approved, of an open store) or that store (open and approved). */
export async function rowIsPublic(db: Db, kind: { row: 'goods' | 'store'; id: number }): Promise<boolean> {
  const rows =
    kind.row === 'goods'
      ? await db.select({ id: goods.id }).from(goods).where(and(eq(goods.id, kind.id), goodsVisible(db)))
      : await db.select({ id: stores.id }).from(stores).where(and(eq(stores.id, kind.id), storeIsOpen));
  return rows.length > 0;
}
