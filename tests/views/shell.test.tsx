import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../src/app/App';
import { addRoutes, loadMenuRouting } from '../../src/app/backofficeRoutes';
import { startRouteGuard } from '../../src/app/guardActor';
import { getCommitted, navigate } from '../../src/app/navigation';
import { startSessions } from '../../src/app/sessionActors';
import { Shell } from '../../src/backoffice/shell/Shell';
import { adminMenus } from './fixtures';
import { fakeFetch, renderWithApp, resetApp, useMessages } from './helpers';

function loggedInAdminAt(path: string) {
  resetApp(path);
  useMessages('zh-cn');
  localStorage.setItem('admin_token', 'adm');
  localStorage.setItem('admin_user', JSON.stringify({ id: 1, nickname: 'Root', avatar: '' }));
  fakeFetch({});
  startSessions();
  startRouteGuard();
  addRoutes(0, adminMenus);
  navigate(path, { replace: true });
}

describe('back-office shell', () => {
  beforeAll(() => loadMenuRouting());
  beforeEach(() => resetApp('/'));
  afterEach(() => {
    resetApp('/');
    vi.restoreAllMocks();
  });

  it('renders top tabs from the menu tree and marks the tab holding the route', () => {
    loggedInAdminAt('/Admin/goods');
    renderWithApp(<Shell area={0}>page body</Shell>);
    const tabs = within(screen.getByRole('navigation', { name: '功能模块' })).getAllByRole('link');
    expect(tabs.map((t) => t.textContent)).toEqual(['工作台', '商品中心', '系统中心']);
    expect(tabs.map((t) => t.getAttribute('aria-current'))).toEqual([null, 'page', null]);
    expect(tabs[0].getAttribute('href')).toBe('/Admin/dashboard');
    expect(screen.getByText('page body')).toBeTruthy();
  });

  it('keeps the active tab in view when the tabs scroll in their own strip (phones)', () => {
    // happy-dom lays nothing out: a 120 px strip holding 100 px tabs, placed by its scroll offset
    const rect = (left: number, width: number) => ({ left, right: left + width, top: 0, bottom: 60, width, height: 60, x: left, y: 0, toJSON() {} }) as DOMRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const nav = this.closest('nav');
      if (this.tagName === 'NAV') return rect(0, 120);
      if (this.tagName === 'A' && nav) return rect([...nav.querySelectorAll('a')].indexOf(this as HTMLAnchorElement) * 100 - nav.scrollLeft, 100);
      return rect(0, 0);
    });
    loggedInAdminAt('/Admin/goods');
    renderWithApp(<Shell area={0} />);
    const strip = screen.getByRole('navigation', { name: '功能模块' });
    // the active tab (商品中心, 100–200 px) is scrolled just into the strip
    expect(strip.scrollLeft).toBe(80);
    expect(strip.className).toContain('overflow-x-auto');
    expect(strip.className).toContain('min-w-0');
  });

  it('shows the active tab children in the sidebar with one nesting level', () => {
    loggedInAdminAt('/Admin/goods');
    renderWithApp(<Shell area={0} />);
    const sidebar = screen.getByRole('navigation', { name: '侧边菜单' });
    const group = within(sidebar).getByRole('group', { name: '商品管理' });
    expect(within(group).getAllByRole('link')).toHaveLength(2);
    expect(within(group).getByRole('link', { name: '商品品牌' }).getAttribute('href')).toBe('/Admin/goods_brands');
    expect(within(group).getByRole('link', { name: '商品列表' }).getAttribute('aria-current')).toBe('page');
    const external = within(sidebar).getByRole('link', { name: '官网' });
    expect(external.getAttribute('target')).toBe('_blank');
  });

  it('shows title and breadcrumb of the current menu entry, and the fallback title elsewhere', () => {
    loggedInAdminAt('/Admin/goods');
    const { unmount } = renderWithApp(<Shell area={0} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('商品列表');
    const crumbs = within(screen.getByRole('navigation', { name: '面包屑' })).getAllByRole('listitem');
    expect(crumbs.map((li) => li.textContent?.replace('/', ''))).toEqual(['商品中心', '商品管理', '商品列表']);
    unmount();
    loggedInAdminAt('/Admin/not-a-menu');
    renderWithApp(<Shell area={0} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Menu Name');
    expect(screen.queryByRole('navigation', { name: '面包屑' })).toBeNull();
  });

  it('hides the title or the whole frame on request', () => {
    loggedInAdminAt('/Admin/goods');
    const { unmount } = renderWithApp(<Shell area={0} hideTitle>body</Shell>);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByText('body').closest('section')).not.toBeNull();
    unmount();
    renderWithApp(<Shell area={0} hideFrame>bare</Shell>);
    expect(screen.getByText('bare').closest('section')).toBeNull();
  });

  it('collapses the sidebar to 63 px and back to 200 px with the toggle', () => {
    loggedInAdminAt('/Admin/goods');
    renderWithApp(<Shell area={0} />);
    const sidebar = screen.getByTestId('sidebar');
    const toggle = screen.getByRole('button', { name: '收起菜单' });
    expect(sidebar.className).toContain('w-[200px]');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(sidebar.className).toContain('w-[63px]');
    expect(sidebar.className).not.toContain('w-[200px]');
    const expand = screen.getByRole('button', { name: '展开菜单' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(expand);
    expect(sidebar.className).toContain('w-[200px]');
  });

  /** The window is narrower than 768 px (the shell's phone layout). */
  const phoneWide = () =>
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query === '(max-width: 767px)', media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
    );

  it('starts collapsed on a phone-wide window; opened, the sidebar is a drawer with the entries\' names that a backdrop or a followed link closes', async () => {
    phoneWide();
    loggedInAdminAt('/Admin/goods');
    renderWithApp(<Shell area={0} />);
    // closed on a phone it takes no room: no sidebar at all (no rail of icons and bare dots)
    expect(screen.queryByTestId('sidebar')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    const menu = screen.getByRole('button', { name: '展开菜单' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(menu.getAttribute('aria-haspopup')).toBe('dialog');

    // opened, it is a modal dialog over the page, 200 px wide with the entries' names
    fireEvent.click(menu);
    const drawer = await screen.findByRole('dialog', { name: '侧边菜单' });
    const sidebar = screen.getByTestId('sidebar');
    expect(drawer.contains(sidebar)).toBe(true);
    expect(sidebar.className).toContain('w-[200px]');
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(menu.getAttribute('aria-controls')).toBe('sidebar-drawer-0');
    expect(document.getElementById('sidebar-drawer-0')).not.toBeNull();
    const names = within(sidebar).getAllByRole('link').map((link) => link.querySelector('span:not([aria-hidden])')!);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      expect(name.className).not.toContain('sr-only');
      expect(name.textContent).not.toBe('');
    }

    // a click on the backdrop closes it
    const backdrop = screen.getByTestId('sidebar-backdrop');
    fireEvent.pointerDown(backdrop);
    fireEvent.pointerUp(backdrop);
    fireEvent.click(backdrop);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: '展开菜单' }).getAttribute('aria-expanded')).toBe('false');

    // a followed link closes it
    fireEvent.click(screen.getByRole('button', { name: '展开菜单' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getAllByRole('link')[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByTestId('sidebar')).toBeNull();
  });

  it('phone-wide: the modules fold into one button naming the active one, whose menu lists them all (no clipped tab)', async () => {
    phoneWide();
    loggedInAdminAt('/Admin/goods');
    renderWithApp(<Shell area={0} />);
    const modules = screen.getByRole('navigation', { name: '功能模块' });
    expect(within(modules).queryAllByRole('link')).toHaveLength(0);
    const button = within(modules).getByRole('button', { name: '功能模块：商品中心' });
    fireEvent.click(button);
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((a) => a.textContent)).toEqual(['工作台', '商品中心', '系统中心']);
    expect(items[1].getAttribute('aria-current')).toBe('page');
    fireEvent.click(items[0]);
    await waitFor(() => expect(getCommitted().path).toBe('/Admin/dashboard'));
    expect(within(modules).getByRole('button', { name: '功能模块：工作台' })).toBeTruthy();
  });

  it('phone-wide: focus moves into the drawer; Escape or its close button closes it and focus goes back to the menu button', async () => {
    phoneWide();
    loggedInAdminAt('/Admin/goods');
    renderWithApp(<Shell area={0} />);
    const menu = screen.getByRole('button', { name: '展开菜单' });
    menu.focus();
    fireEvent.click(menu);
    const drawer = await screen.findByRole('dialog', { name: '侧边菜单' });
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    // the drawer covers the menu button: its own close button sits where the menu button is
    const close = within(drawer).getByRole('button', { name: '关闭菜单' });
    expect(document.activeElement).toBe(close);

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(menu));
    expect(menu.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(menu);
    const again = await screen.findByRole('dialog', { name: '侧边菜单' });
    await waitFor(() => expect(again.contains(document.activeElement)).toBe(true));
    fireEvent.click(within(again).getByRole('button', { name: '关闭菜单' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(menu));
  });

  it('from 768 px the sidebar is no dialog: a column beside the page, whatever Escape does', async () => {
    loggedInAdminAt('/Admin/goods');
    renderWithApp(<Shell area={0} />);
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar.tagName).toBe('ASIDE');
    expect(sidebar.parentElement!.className).toContain('w-0 md:w-[200px]');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('sidebar-backdrop')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(sidebar.className).toContain('w-[200px]');
    expect(screen.getByRole('button', { name: '收起菜单' }).getAttribute('aria-controls')).toBe('sidebar-0');
  });

  it('a tab click navigates to its first target; a tab without entries shows the empty-menu notice', async () => {
    loggedInAdminAt('/Admin/goods');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithApp(<Shell area={0} />);
    fireEvent.click(screen.getByRole('link', { name: '工作台' }));
    await waitFor(() => expect(getCommitted().path).toBe('/Admin/dashboard'));
    fireEvent.click(screen.getByRole('link', { name: '系统中心' }));
    expect(await screen.findByText('空菜单')).toBeTruthy();
    expect(getCommitted().path).toBe('/Admin/dashboard');
    expect(warn).toHaveBeenCalledWith('[souk] no route for menu', '系统中心', '');
  });

  it('opens an absolute address in a new tab', () => {
    loggedInAdminAt('/Admin/goods');
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderWithApp(<Shell area={0} />);
    fireEvent.click(screen.getByRole('link', { name: '官网' }));
    expect(open).toHaveBeenCalledWith('https://example.com/', '_blank', 'noopener,noreferrer');
    expect(getCommitted().path).toBe('/Admin/goods');
  });

  it('a menu route whose view module does not exist says so inside the shell and logs', async () => {
    loggedInAdminAt('/Admin/goods');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithApp(<AppRoutes />);
    expect(await screen.findByRole('heading', { level: 1, name: '商品列表' })).toBeTruthy();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('[souk] no view for menu', 'Admin/exts/goods_unbuilt/index'));
    const frame = screen.getByRole('heading', { level: 1 }).closest('section')!;
    expect(within(frame).getByRole('status').textContent).toBe('页面不可用：找不到视图 “Admin/exts/goods_unbuilt/index”。');
  });
});

describe('seller centre: a store the platform closed (issue 15)', () => {
  beforeEach(() => resetApp('/'));
  afterEach(() => resetApp('/'));

  function sellerWith(user: Record<string, unknown>) {
    resetApp('/Seller/');
    useMessages('zh-cn');
    localStorage.setItem('seller_token', 'sel');
    localStorage.setItem('seller_user', JSON.stringify({ id: 6, nickname: 'Owner', avatar: '', ...user }));
    fakeFetch({});
    startSessions();
    renderWithApp(<Shell area={1}>page body</Shell>);
  }

  it('tells the owner and staff on every page when the store is closed', () => {
    sellerWith({ store_id: 1, store_status: 0 });
    expect(screen.getByRole('alert').textContent).toContain('您的店铺已被平台关闭');
    expect(screen.getByText('page body')).toBeTruthy();
  });

  it('says nothing for an open store, or before the profile says', () => {
    sellerWith({ store_id: 1, store_status: 1 });
    expect(screen.queryByText(/店铺已被平台关闭/)).toBeNull();
    resetApp('/');
    sellerWith({ store_id: 1 });
    expect(screen.queryByText(/店铺已被平台关闭/)).toBeNull();
  });
});
