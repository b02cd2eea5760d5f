import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../src/app/App';
import { startRouteGuard } from '../../src/app/guardActor';
import { getCommitted, navigate } from '../../src/app/navigation';
import { startSessions } from '../../src/app/sessionActors';
import { adminMenus } from './fixtures';
import { envelope, fakeFetch, renderWithApp, resetApp, useMessages } from './helpers';

function bootAt(path: string) {
  window.history.replaceState(null, '', path);
  useMessages('en');
  startSessions();
  startRouteGuard();
  navigate(path, { replace: true });
  renderWithApp(<AppRoutes />);
}

describe('404 page', () => {
  beforeEach(() => resetApp('/'));
  afterEach(() => resetApp('/'));

  it('renders for an unknown shopper path', async () => {
    fakeFetch({});
    bootAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    expect(screen.getByText('Sorry, the page you visited does not exist.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    // inside the storefront frame (issue 15): header with its search, and the footer
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('matches routes case-sensitively', async () => {
    fakeFetch({});
    bootAt('/LOGIN');
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
  });

  it('renders for a back-office path that is not in the logged-in menu tree', async () => {
    localStorage.setItem('admin_token', 'adm');
    localStorage.setItem('admin_user', JSON.stringify({ id: 1, nickname: 'Root' }));
    const { calls } = fakeFetch({ 'GET /api/Admin/load_menu': envelope(adminMenus) });
    bootAt('/Admin/nothing-here');
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    expect(getCommitted().path).toBe('/Admin/nothing-here');
    expect(calls.map((c) => c.url)).toEqual(['/api/Admin/load_menu?type=getChildren']);
  });

  it('sends a logged-out visitor of a back-office path to that area login instead', async () => {
    fakeFetch({});
    bootAt('/Seller/goods');
    expect(await screen.findByRole('heading', { name: 'Seller centre login' })).toBeTruthy();
    expect(getCommitted().path).toBe('/Seller/login');
  });
});
