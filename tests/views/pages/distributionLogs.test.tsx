import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '../../../machines/menus';
import { AppRoutes } from '../../../src/app/App';
import { startRouteGuard } from '../../../src/app/guardActor';
import { navigate } from '../../../src/app/navigation';
import { startSessions } from '../../../src/app/sessionActors';
import { envelope, fakeFetch, renderWithApp, resetApp, useMessages } from '../helpers';
import { paginator, queryOf, withLayout } from './pageHelpers';

/** /Admin/distribution_logs (issue 30): every commission, opened directly by a logged-in operator. */
const MENUS: MenuItem[] = [
  {
    id: 70, pid: 0, name: '营销中心', apis: '', view: '', children: [
      { id: 53, pid: 70, name: '分销日志', apis: '/Admin/distribution_logs', view: 'Admin/exts/distribution_logs/index', is_open: 0 },
    ],
  },
];
const LOG = { id: 9, name: '二级分销', user_id: 31, buyer_id: 40, store_id: 1, order_id: 5, order_no: '20261201120000000005', goods_id: 3, level: 2, money: '125.00', lev: '5.00', commission: '6.25', status: 1, created_at: '2026-12-01 12:00:00', nickname: '阿杰同学', buyer_name: '小美', store_name: '青禾优选' };

describe('/Admin/distribution_logs', { timeout: 20_000 }, () => {
  beforeAll(() => Promise.all([import('../../../src/backoffice/BackofficePage'), import('../../../src/backoffice/views/Admin/exts/distribution_logs/index')]), 30_000);
  let restore = () => {};
  afterEach(() => {
    restore();
    resetApp('/');
  });

  it('lists every commission with its beneficiary, buyer, store, level and state, read-only', async () => {
    resetApp('/Admin/distribution_logs');
    restore = withLayout();
    useMessages('zh-cn');
    localStorage.setItem('admin_token', 'tok');
    localStorage.setItem('admin_user', JSON.stringify({ id: 1, nickname: 'Root', avatar: '' }));
    const { calls } = fakeFetch({ 'GET /api/Admin/load_menu': envelope(MENUS), 'GET /api/Admin/distribution_logs': envelope(paginator([LOG])) });
    startSessions();
    startRouteGuard();
    navigate('/Admin/distribution_logs', { replace: true });
    renderWithApp(<AppRoutes />);
    const row = (await screen.findByText('阿杰同学', {}, { timeout: 8000 })).closest('[role="row"]') as HTMLElement;
    for (const text of ['小美', '青禾优选', '20261201120000000005', '二级', '+6.25', '已发放']) expect(within(row).getByText(text)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('分销日志');
    const list = calls.find((c) => c.url.startsWith('/api/Admin/distribution_logs'))!;
    expect(queryOf(list.url).get('page')).toBe('1');
    // no add, edit or delete: commissions are paid by the settlement
    expect(screen.queryByRole('button', { name: '添加' })).toBeNull();
    expect(within(row).queryByRole('button', { name: '删除' })).toBeNull();
  });
});
