/**
 * The shopper's way back after logging in: pages that send a visitor to /login (add to cart,
 * favourite, a 401 on the cart) carry the current address as `?redirect=`, and the login goes
 * there instead of the home page. Only same-site paths are followed (no `//host` or `/\host`).
 */
export function loginWithReturn(loginPath: string): string {
  const here = window.location.pathname + window.location.search;
  if (here === '/' || here.startsWith(loginPath)) return loginPath;
  return `${loginPath}?redirect=${encodeURIComponent(here)}`;
}

export function returnTarget(search: string = window.location.search): string | null {
  const target = new URLSearchParams(search).get('redirect');
  return target && /^\/(?![/\\])/.test(target) ? target : null;
}
