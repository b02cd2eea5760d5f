import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { localizeMenus, menuCaption, type MenuItem } from '../../machines/menus';
import { addRoutes, loadMenuRouting } from '../../src/app/backofficeRoutes';
import { startRouteGuard } from '../../src/app/guardActor';
import { ensureBackofficeMessages } from '../../src/app/i18n';
import { navigate } from '../../src/app/navigation';
import { startSessions } from '../../src/app/sessionActors';
import { Shell } from '../../src/backoffice/shell/Shell';
import { adminMenus as seededAdmin, sellerMenus as seededSeller } from '../../server/db/seed/menus';
import { adminMenus } from './fixtures';
import { fakeFetch, renderWithApp, resetApp, useMessages } from './helpers';

const ENGLISH: Record<number, string> = { 1: 'Workbench', 11: 'Console', 2: 'Goods centre', 21: 'Goods', 211: 'Goods list', 212: 'Brands', 22: 'Website', 3: 'System' };
const withEnglish = (items: MenuItem[]): MenuItem[] => items.map((i) => ({ ...i, ename: ENGLISH[i.id], children: i.children && withEnglish(i.children) }));

function adminAt(path: string, locale: 'zh-cn' | 'en') {
  resetApp(path);
  useMessages(locale);
  localStorage.setItem('admin_token', 'adm');
  localStorage.setItem('admin_user', JSON.stringify({ id: 1, nickname: 'Root', avatar: '' }));
  fakeFetch({});
  startSessions();
  startRouteGuard();
  addRoutes(0, withEnglish(adminMenus));
  navigate(path, { replace: true });
}

/** Issue 15 (and 11): the back office in English shows English tabs, sidebar, titles and breadcrumbs. */
describe('the back office in English', () => {
  beforeAll(() => loadMenuRouting());
  afterEach(() => resetApp('/'));

  it('every seeded menu has an English name (no placeholder)', () => {
    for (const menu of [...seededAdmin, ...seededSeller]) {
      expect(menu.ename, `${menu.id} ${menu.name}`).toMatch(/^[A-Za-z&' -]+$/);
      expect(menu.ename).not.toBe('Menu Name');
    }
  });

  it('captions a menu by its English name in English, its name otherwise (and for the placeholder)', () => {
    expect(menuCaption({ id: 1, pid: 0, name: '工作台', ename: 'Workbench' }, 'en')).toBe('Workbench');
    expect(menuCaption({ id: 1, pid: 0, name: '工作台', ename: 'Workbench' }, 'zh-cn')).toBe('工作台');
    expect(menuCaption({ id: 1, pid: 0, name: '工作台', ename: 'Menu Name' }, 'en')).toBe('工作台');
    expect(menuCaption({ id: 1, pid: 0, name: '工作台', ename: ' ' }, 'en')).toBe('工作台');
    expect(localizeMenus(withEnglish(adminMenus), 'en')[1].children![0].children![1].name).toBe('Brands');
  });

  it('shows tabs, sidebar, title and breadcrumb in English, and switches language from the header', async () => {
    adminAt('/Admin/goods', 'en');
    // the back office's message parts, as its routes load them (the switch reloads them in the other language)
    await ensureBackofficeMessages();
    renderWithApp(<Shell area={0}>body</Shell>);
    const tabs = () => within(screen.getByRole('navigation', { name: 'Modules' })).getAllByRole('link').map((t) => t.textContent);
    await waitFor(() => expect(tabs()).toEqual(['Workbench', 'Goods centre', 'System']));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Goods list');
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((li) => li.textContent?.replace('/', ''))).toEqual(['Goods centre', 'Goods', 'Goods list']);
    const sidebar = screen.getByTestId('sidebar');
    expect(within(sidebar).getByRole('link', { name: 'Brands' })).toBeTruthy();
    // the system name may wrap to two lines rather than be cut
    expect(within(sidebar).getByText('Admin console').className).toContain('line-clamp-2');

    // on a phone the switch shows short names (the module tabs need the room); its buttons keep the full ones
    const english = screen.getByRole('button', { name: 'English' });
    expect(english.getAttribute('aria-pressed')).toBe('true');
    expect(english.querySelector('.sm\\:hidden')?.textContent).toBe('EN');
    expect(english.querySelector('.max-sm\\:hidden')?.textContent).toBe('English');
    fireEvent.click(screen.getByRole('button', { name: '中文' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('商品列表'));
    expect(within(screen.getByRole('navigation', { name: '功能模块' })).getAllByRole('link').map((t) => t.textContent)).toEqual(['工作台', '商品中心', '系统中心']);
  });
});
