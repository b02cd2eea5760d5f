import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '../../../machines/menus';
import { AppRoutes } from '../../../src/app/App';
import { startRouteGuard } from '../../../src/app/guardActor';
import { getCommitted, navigate } from '../../../src/app/navigation';
import { startSessions } from '../../../src/app/sessionActors';
import { envelope, fakeFetch, renderWithApp, resetApp, useMessages } from '../helpers';
import { paginator, withLayout } from './pageHelpers';

/**
 * Issue 30: a back-office dialog that is really a page (a long form with a rich text: notices,
 * articles, agreements, app versions, points goods) is at its own address — `{list}/form` and
 * `{list}/form/{id}` — and leaving it with unsaved changes asks first; short dialogs stay dialogs.
 */
const MENUS: MenuItem[] = [
  {
    id: 40, pid: 0, name: '内容管理', apis: '', view: '',
    children: [
      { id: 41, pid: 40, name: '公告管理', apis: '/Admin/notices', view: 'Admin/notices/index', is_open: 0 },
      { id: 42, pid: 40, name: '快递公司', apis: '/Admin/expresses', view: 'Admin/exts/expresses/index', is_open: 0 },
    ],
  },
];
const NOTICE = { id: 3, name: '春节放假通知', tag: '通知', content: '<p>放假七天</p>', created_at: '2024-01-02 03:04:05' };
const SLOW = { timeout: 8000 };

function boot(path: string) {
  resetApp(path);
  useMessages('zh-cn');
  localStorage.setItem('admin_token', 'tok');
  localStorage.setItem('admin_user', JSON.stringify({ id: 1, nickname: 'Admin', avatar: '' }));
  const fake = fakeFetch({
    'GET /api/Admin/load_menu': envelope(MENUS),
    'GET /api/Admin/notices': envelope(paginator([NOTICE])),
    'GET /api/Admin/notices/3': envelope(NOTICE),
    'PUT /api/Admin/notices/3': envelope(NOTICE),
    'GET /api/Admin/expresses': envelope(paginator([])),
  });
  startSessions();
  startRouteGuard();
  navigate(path, { replace: true });
  renderWithApp(<AppRoutes />);
  return fake;
}

const nameBox = async () => (await within(await screen.findByRole('dialog', {}, SLOW)).findByLabelText('标题', {}, SLOW)) as HTMLInputElement;

describe('long back-office forms are pages', { timeout: 30_000 }, () => {
  beforeAll(() => Promise.all([import('../../../src/backoffice/BackofficePage'), import('../../../src/backoffice/views/Admin/notices/index')]), 60_000);
  let restore = () => {};
  afterEach(() => {
    restore();
    resetApp('/');
  });

  it('/Admin/notices/form/3 opened directly edits notice 3 at 公告管理; Cancel untouched goes back to the list at once', async () => {
    restore = withLayout();
    const { calls } = boot('/Admin/notices/form/3');
    expect((await nameBox()).value).toBe('春节放假通知');
    expect(calls.some((c) => c.method === 'GET' && c.url.startsWith('/api/Admin/notices/3'))).toBe(true);
    expect(within(screen.getByTestId('sidebar')).getByRole('link', { name: '公告管理', hidden: true }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(getCommitted().path).toBe('/Admin/notices'), SLOW);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Add and Edit on the list go to the form addresses; a saved edit goes back to the list without asking', async () => {
    restore = withLayout();
    const { calls } = boot('/Admin/notices');
    await screen.findByText('春节放假通知', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    await waitFor(() => expect(getCommitted().path).toBe('/Admin/notices/form'));
    expect((await nameBox()).value).toBe('');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(getCommitted().path).toBe('/Admin/notices'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    await waitFor(() => expect(getCommitted().path).toBe('/Admin/notices/form/3'));
    const name = await nameBox();
    await waitFor(() => expect(name.value).toBe('春节放假通知'));
    fireEvent.change(name, { target: { value: '春节放假通知（更新）' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(getCommitted().path).toBe('/Admin/notices'), SLOW);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('leaving an edited form asks first: "stay" keeps the edits, "leave" goes; a reload gets the browser\'s question', async () => {
    restore = withLayout();
    boot('/Admin/notices/form/3');
    const name = await nameBox();
    await waitFor(() => expect(name.value).toBe('春节放假通知'));
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    fireEvent.change(name, { target: { value: '改过的标题' } });
    await waitFor(() => {
      const edited = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(edited);
      expect(edited.defaultPrevented).toBe(true);
    });
    // another page
    navigate('/Admin/expresses');
    const ask = await screen.findByRole('alertdialog', { name: '离开此页？' });
    expect(getCommitted().path).toBe('/Admin/notices/form/3');
    fireEvent.click(within(ask).getByRole('button', { name: '留在此页' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(((await nameBox()) as HTMLInputElement).value).toBe('改过的标题');
    // the form's own Cancel
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '取消' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '离开' }));
    await waitFor(() => expect(getCommitted().path).toBe('/Admin/notices'), SLOW);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a short dialog stays a dialog: the couriers\' Add keeps the list\'s address', async () => {
    restore = withLayout();
    boot('/Admin/expresses');
    fireEvent.click(await screen.findByRole('button', { name: '添加' }, SLOW));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(getCommitted().path).toBe('/Admin/expresses');
  });
});
