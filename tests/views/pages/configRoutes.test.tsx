import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../src/app/App';
import { startRouteGuard } from '../../../src/app/guardActor';
import { getCommitted, navigate } from '../../../src/app/navigation';
import { startSessions } from '../../../src/app/sessionActors';
import type { MenuItem } from '../../../machines/menus';
import { envelope, fakeFetch, renderWithApp, resetApp, useMessages, type RecordedCall } from '../helpers';
import { queryOf } from './pageHelpers';

/** Issue 30: every configuration group at its own address, opened directly (a reload, a shared link). */
const MENUS: MenuItem[] = [
  {
    id: 3, pid: 0, name: '系统', apis: '', view: '', children: [
      { id: 10, pid: 3, name: '网站配置', apis: '/Admin/configs/web', view: 'Admin/configs/web', is_open: 0 },
      { id: 21, pid: 3, name: '支付配置', apis: '/Admin/configs/pay', view: 'Admin/configs/pay', is_open: 0 },
    ],
  },
];

function bootAt(path: string) {
  resetApp(path);
  useMessages('zh-cn');
  localStorage.setItem('admin_token', 'tok');
  localStorage.setItem('admin_user', JSON.stringify({ id: 1, nickname: 'Root', avatar: '' }));
  const fake = fakeFetch({
    'GET /api/Admin/load_menu': envelope(MENUS),
    'GET /api/Admin/configs': (call: RecordedCall) =>
      envelope(queryOf(call.url).get('name') === 'task' ? { cancel_minutes: '30', confirm: '4', settlement: '7', comment: '7' } : { web_name: 'Souk' }),
  });
  startSessions();
  startRouteGuard();
  navigate(path, { replace: true });
  renderWithApp(<AppRoutes />);
  return fake;
}

const selectedTab = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;

describe('configuration groups at their own addresses', { timeout: 20_000 }, () => {
  // the lazy chunks the router loads, compiled once before the clocks of the tests start
  beforeAll(() => Promise.all([import('../../../src/backoffice/BackofficePage'), import('../../../src/backoffice/views/Admin/configs/web'), import('../../../src/backoffice/views/Admin/configs/pay')]), 30_000);
  afterEach(() => resetApp('/'));

  it('/Admin/configs/task opens the timed tasks under 网站配置, and each tab goes to its own address', async () => {
    const { calls } = bootAt('/Admin/configs/task');
    expect(await screen.findByLabelText('未付款订单自动取消', {}, { timeout: 8000 })).toBeTruthy();
    expect(selectedTab()).toBe('定时任务');
    expect(queryOf(calls.find((c) => c.url.includes('/api/Admin/configs'))!.url).get('name')).toBe('task');
    // the shell places it at its menu entry
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('网站配置');
    expect(within(screen.getByTestId('sidebar')).getByRole('link', { name: '网站配置' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByRole('tab', { name: '地图配置' }));
    await waitFor(() => expect(getCommitted().path).toBe('/Admin/configs/map'));
    expect(selectedTab()).toBe('地图配置');
    fireEvent.click(screen.getByRole('tab', { name: '物流配置' }));
    await waitFor(() => expect(getCommitted().path).toBe('/Admin/configs/logistics'));
    fireEvent.click(screen.getByRole('tab', { name: '快递100配置' }));
    await waitFor(() => expect(getCommitted().path).toBe('/Admin/configs/logistics/kuaidi100'));
    expect(selectedTab()).toBe('快递100配置');
    fireEvent.click(screen.getByRole('tab', { name: '快宝配置' }));
    await waitFor(() => expect(getCommitted().path).toBe('/Admin/configs/logistics/kuaibao'));
    fireEvent.click(screen.getByRole('tab', { name: '网站配置' }));
    await waitFor(() => expect(getCommitted().path).toBe('/Admin/configs/web'));
    expect(await screen.findByRole('textbox', { name: '网站名称' })).toBeTruthy();
  });

  it('/Admin/configs/upload opens the upload tab', async () => {
    bootAt('/Admin/configs/upload');
    await waitFor(() => expect(selectedTab()).toBe('上传配置'), { timeout: 8000 });
  });

  it('a payment channel has its own address; one no tab has goes to the page', async () => {
    const { calls } = bootAt('/Admin/configs/pay/alipayapp');
    await waitFor(() => expect(selectedTab()).toBe('支付宝App'), { timeout: 8000 });
    await waitFor(() => expect(calls.some((c) => queryOf(c.url).get('many_name') === 'alipayapp')).toBe(true));
    fireEvent.click(screen.getByRole('tab', { name: '微信H5(wap)' }));
    await waitFor(() => expect(getCommitted().path).toBe('/Admin/configs/pay'));

    resetApp('/');
    bootAt('/Admin/configs/pay/nope');
    await waitFor(() => expect(getCommitted().path).toBe('/Admin/configs/pay'));
    expect(selectedTab()).toBe('微信H5(wap)');
  });

  it('a group whose page the role lacks is not a page', async () => {
    bootAt('/Admin/configs/oauth/weixin');
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
  });
});
