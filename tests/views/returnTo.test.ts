import { afterEach, describe, expect, it } from 'vitest';
import { loginWithReturn, returnTarget } from '../../src/app/returnTo';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the way back after logging in', () => {
  it('carries the current page to the login page', () => {
    window.history.replaceState(null, '', '/goods/12?tab=reviews');
    expect(loginWithReturn('/login')).toBe('/login?redirect=%2Fgoods%2F12%3Ftab%3Dreviews');
    expect(returnTarget('?redirect=%2Fgoods%2F12%3Ftab%3Dreviews')).toBe('/goods/12?tab=reviews');
  });

  it('adds nothing from the home page or the login page itself', () => {
    expect(loginWithReturn('/login')).toBe('/login');
    window.history.replaceState(null, '', '/login?redirect=%2Fcarts');
    expect(loginWithReturn('/login')).toBe('/login');
  });

  it('follows only paths of this site', () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'carts', '']) {
      expect(returnTarget(`?redirect=${encodeURIComponent(bad)}`)).toBeNull();
    }
    expect(returnTarget('')).toBeNull();
  });
});
