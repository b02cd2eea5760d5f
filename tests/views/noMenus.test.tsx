import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../src/app/App';
import { startRouteGuard } from '../../src/app/guardActor';
import { getCommitted, navigate } from '../../src/app/navigation';
import { startSessions } from '../../src/app/sessionActors';
import { adminMenus } from './fixtures';
import { envelope, fakeFetch, renderWithApp, resetApp, useMessages } from './helpers';

/**
 * An account whose role grants no menus (QA: a bare 404 with no shell, no logout, and the login
 * page bouncing back to it): it gets the shell with the empty-menu notice and a working logout.
 */
function bootAt(path: string) {
  window.history.replaceState(null, '', path);
  useMessages('en');
  startSessions();
  startRouteGuard();
  navigate(path, { replace: true });
  renderWithApp(<AppRoutes />);
}

function loggedIn(area: 'admin' | 'seller') {
  localStorage.setItem(`${area}_token`, 'tok');
  localStorage.setItem(`${area}_user`, JSON.stringify({ id: 7, nickname: 'Nobody', avatar: '', defaultUrl: '' }));
}

const openUserMenu = () => fireEvent.click(screen.getByRole('button', { name: /Nobody/ }));

describe('back office without any menu', () => {
  beforeEach(() => resetApp('/'));
  afterEach(() => resetApp('/'));

  it('an admin lands in the shell with the empty-menu notice and can log out', async () => {
    loggedIn('admin');
    const { calls } = fakeFetch({ 'GET /api/Admin/load_menu': envelope([]), 'POST /api/logout': envelope(null) });
    bootAt('/Admin/');
    expect(await screen.findByRole('heading', { name: 'No menus' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '404' })).toBeNull();
    expect(within(screen.getByTestId('sidebar')).getByText('Empty menu')).toBeTruthy();
    expect(getCommitted().path).toBe('/Admin/');

    openUserMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(getCommitted().path).toBe('/Admin/login'));
    expect(await screen.findByRole('heading', { name: 'Management system' })).toBeTruthy();
    expect(localStorage.getItem('admin_token')).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.url.startsWith('/api/logout'))).toBe(true);
  });

  it('the landing page a bookmarked login page sends to, and any other path, keep the shell', async () => {
    loggedIn('admin');
    fakeFetch({ 'GET /api/Admin/load_menu': envelope([]) });
    bootAt('/Admin/login');
    expect(await screen.findByRole('heading', { name: 'No menus' })).toBeTruthy();
    expect(getCommitted().path).toBe('/Admin/');

    navigate('/Admin/dashboard');
    await waitFor(() => expect(getCommitted().path).toBe('/Admin/dashboard'));
    expect(await screen.findByRole('heading', { name: 'No menus' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Nobody/ })).toBeTruthy();
  });

  it('a seller staff account without menus gets the seller shell and can log out', async () => {
    loggedIn('seller');
    fakeFetch({ 'GET /api/Seller/load_menu': envelope([]), 'POST /api/logout': envelope(null) });
    bootAt('/Seller/');
    expect(await screen.findByRole('heading', { name: 'No menus' })).toBeTruthy();
    expect(within(screen.getByTestId('sidebar')).getByText('Empty menu')).toBeTruthy();
    openUserMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(getCommitted().path).toBe('/Seller/login'));
  });

  it('with menus, an unknown back-office path is a 404 inside the shell (logout still there)', async () => {
    loggedIn('admin');
    fakeFetch({ 'GET /api/Admin/load_menu': envelope(adminMenus) });
    bootAt('/Admin/nothing-here');
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    expect(screen.getByTestId('sidebar')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Nobody/ })).toBeTruthy();
  });
});
