import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { routeBase } from '../../../src/backoffice/grants';
import type { PageConfig } from '../../../src/backoffice/table/types';
import { expressesPage } from '../../../src/backoffice/views/Admin/exts/expresses';
import { resetApp } from '../helpers';
import { API, bodyRows, callsTo, couriers, failure, listAnswer, mountTable, ok } from './setup';

const ROUTES = ['store', 'update', 'destroy', 'show', 'index', 'import', 'money.handle'].map((a) => `admin.expresses.${a}`);
const config: PageConfig = {
  ...expressesPage,
  buttons: { destroy: true },
  rowActions: [
    { label: 'page.users.adjust', permission: 'money.handle', onClick: () => undefined },
    { label: 'page.stores.approve', onClick: () => undefined },
  ],
  toolbar: [
    { label: 'page.areas.clearCache', permission: 'update', onClick: () => undefined },
    { label: 'page.users.adjust', onClick: () => undefined },
  ],
};
const toolbarButtons = () => within(screen.getByRole('toolbar', { name: '表格操作' })).getAllByRole('button').map((b) => b.textContent);
const rowButtons = () => within(bodyRows()[0]).getAllByRole('button').map((b) => b.textContent);

/** Issue 15: actions the role cannot perform are hidden (from GET /api/Admin/load_grants), not refused with 权限异常. */
describe('buttons follow the grants of the caller', () => {
  afterEach(() => resetApp('/'));

  it('routeBase maps an admin list URL to its route names', () => {
    expect(routeBase('/Admin/users')).toBe('admin.users');
    expect(routeBase('/Admin/configs/web')).toBe('admin.configs.web');
    expect(routeBase('/Seller/goods')).toBeNull();
  });

  it('a role with list and view only sees no add, edit, delete, batch delete or its own gated action', async () => {
    const { calls } = mountTable(config, {
      [`GET ${API}`]: listAnswer(couriers(1, 2)),
      'GET /api/Admin/load_grants': ok({ routes: ROUTES, granted: ['admin.expresses.index', 'admin.expresses.show'] }),
    });
    await screen.findByText('courier 1');
    await waitFor(() => expect(rowButtons()).toEqual(['查看', '通过']));
    expect(toolbarButtons()).not.toContain('添加');
    expect(toolbarButtons()).not.toContain('删除');
    expect(toolbarButtons()).toContain('导出');
    // the page's own toolbar buttons follow their permission too
    expect(toolbarButtons()).not.toContain('清理缓存');
    expect(toolbarButtons()).toContain('资金调整');
    expect(callsTo(calls, 'GET', '/api/Admin/load_grants')).toHaveLength(1);
  });

  it('a granted role sees them all; a route the server does not check is never hidden', async () => {
    mountTable(config, {
      [`GET ${API}`]: listAnswer(couriers(1, 2)),
      'GET /api/Admin/load_grants': ok({ routes: ROUTES.filter((r) => !r.endsWith('.show')), granted: ROUTES }),
    });
    await screen.findByText('courier 1');
    await waitFor(() => expect(rowButtons()).toEqual(['查看', '编辑', '资金调整', '通过', '删除']));
    expect(toolbarButtons()).toContain('添加');
    expect(toolbarButtons()).toContain('清理缓存');
  });

  it('when the grants cannot be read, everything stays offered (the server still checks)', async () => {
    mountTable(config, {
      [`GET ${API}`]: listAnswer(couriers(1, 2)),
      'GET /api/Admin/load_grants': failure(500, 'boom'),
    });
    await screen.findByText('courier 1');
    expect(rowButtons()).toEqual(['查看', '编辑', '资金调整', '通过', '删除']);
  });
});
