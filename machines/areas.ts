/** The three logins ("areas") of Souk: admin console, seller centre, shopper storefront. */

export type AreaIndex = 0 | 1 | 2;
export type AreaName = 'admin' | 'seller' | 'user';
export type Provider = 'admins' | 'users';

export interface Area {
  index: AreaIndex;
  name: AreaName;
  /** Page path prefix; the shopper area owns every other path. */
  pagePrefix: '/Admin/' | '/Seller/' | '/';
  apiPrefix: '/api/Admin/' | '/api/Seller/' | '/api/';
  tokenKey: 'admin_token' | 'seller_token' | 'token';
  userKey: 'admin_user' | 'seller_user' | 'user';
  provider: Provider;
  loginPath: '/Admin/login' | '/Seller/login' | '/login';
}

export const ADMIN = 0 as const;
export const SELLER = 1 as const;
export const SHOPPER = 2 as const;

export const AREAS: readonly [Area, Area, Area] = Object.freeze([
  Object.freeze({
    index: 0, name: 'admin', pagePrefix: '/Admin/', apiPrefix: '/api/Admin/',
    tokenKey: 'admin_token', userKey: 'admin_user', provider: 'admins', loginPath: '/Admin/login',
  }),
  Object.freeze({
    index: 1, name: 'seller', pagePrefix: '/Seller/', apiPrefix: '/api/Seller/',
    tokenKey: 'seller_token', userKey: 'seller_user', provider: 'users', loginPath: '/Seller/login',
  }),
  Object.freeze({
    index: 2, name: 'user', pagePrefix: '/', apiPrefix: '/api/',
    tokenKey: 'token', userKey: 'user', provider: 'users', loginPath: '/login',
  }),
] as const satisfies readonly Area[]);

/**
 * Area of a page path, derived afresh every time (never sticky): a case-sensitive
 * `/Admin/` or `/Seller/` prefix picks the back office, anything else is the shopper area.
 */
export function areaOfPath(path: string): AreaIndex {
  if (path.startsWith('/Admin/')) return 0;
  if (path.startsWith('/Seller/')) return 1;
  return 2;
}

/** True for the login pages of the three areas. */
export function isLoginPath(path: string): boolean {
  return AREAS.some((area) => area.loginPath === path);
}
