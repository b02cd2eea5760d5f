import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import qs from 'qs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RoleEditor } from '../../../src/backoffice/views/Admin/shared/RoleEditor';
import { envelope, fakeFetch, resetApp, type RecordedCall } from '../helpers';
import { freshPage, renderView } from './pageHelpers';

const menuTree = [
  { id: 1, pid: 0, name: '工作台', apis: '', children: [{ id: 11, pid: 1, name: '仪表盘', apis: '/Admin/dashboard' }] },
  {
    id: 2,
    pid: 0,
    name: '系统中心',
    apis: '',
    children: [
      {
        id: 21,
        pid: 2,
        name: '用户管理',
        apis: '',
        children: [
          { id: 211, pid: 21, name: '管理员', apis: '/Admin/admins' },
          { id: 212, pid: 21, name: '角色管理', apis: '/Admin/roles' },
        ],
      },
      { id: 22, pid: 2, name: '菜单管理', apis: '/Admin/menus' },
    ],
  },
];

const groups = [
  { id: 1, name: '用户', permissions: [{ id: 5, name: '管理员列表' }, { id: 6, name: '添加管理员' }] },
  { id: 2, name: '系统', permissions: [{ id: 7, name: '菜单列表' }] },
];

const sentBody = (call: RecordedCall) => qs.parse(String(call.body)) as Record<string, unknown>;
const ids = (value: unknown) => (Array.isArray(value) ? value.map(Number).sort((a, b) => a - b) : value);
const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('role editor', () => {
  afterEach(() => resetApp('/'));

  it('adds a role with the checked menus and their half-checked parents', async () => {
    freshPage('/Admin/roles');
    const { calls } = fakeFetch({
      'GET /api/Admin/load_menu': envelope(menuTree),
      'GET /api/Admin/permission_groups': envelope(groups),
      'POST /api/Admin/roles': envelope({ id: 9 }),
    });
    const onSaved = vi.fn();
    renderView(() => <RoleEditor area={0} id={null} withPermissions onClose={() => undefined} onSaved={onSaved} />, 0, '/Admin/roles');

    await screen.findByText('管理员');
    fireEvent.change(screen.getByRole('textbox', { name: /角色名称/ }), { target: { value: '客服' } });
    fireEvent.click(checkbox('管理员'));
    expect(checkbox('用户管理').getAttribute('aria-checked')).toBe('mixed');
    expect(checkbox('系统中心').getAttribute('aria-checked')).toBe('mixed');
    fireEvent.click(within(screen.getByRole('group', { name: '用户' })).getByRole('checkbox', { name: '添加管理员' }));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST')!;
    const body = sentBody(post);
    expect(body.name).toBe('客服');
    // The leaf plus both half-checked ancestors (the reference dropped them on add).
    expect(ids(body.menu_id)).toEqual([2, 21, 211]);
    expect(ids(body.permission_id)).toEqual([6]);
  });

  it('edits a role: leaves prefill the tree, the whole-group toggle and half-checked parents are sent', async () => {
    freshPage('/Admin/roles');
    const { calls } = fakeFetch({
      'GET /api/Admin/load_menu': envelope(menuTree),
      'GET /api/Admin/permission_groups': envelope(groups),
      'GET /api/Admin/roles/3': envelope({ id: 3, name: '运营', menu_id: [1, 11, 2, 21, 211, 212], permission_id: [5, 99] }),
      'PUT /api/Admin/roles/3': envelope({ id: 3 }),
    });
    const onSaved = vi.fn();
    renderView(() => <RoleEditor area={0} id={3} withPermissions onClose={() => undefined} onSaved={onSaved} />, 0, '/Admin/roles');

    await screen.findByDisplayValue('运营');
    expect(checkbox('用户管理').checked).toBe(true);
    expect(checkbox('系统中心').getAttribute('aria-checked')).toBe('mixed');
    expect(checkbox('工作台').checked).toBe(true);
    fireEvent.click(checkbox('工作台'));
    expect(checkbox('仪表盘').checked).toBe(false);
    const userGroup = screen.getByRole('group', { name: '用户' });
    expect(within(userGroup).getByRole('checkbox', { name: '点击全选' }).getAttribute('aria-checked')).toBe('mixed');
    fireEvent.click(within(userGroup).getByRole('checkbox', { name: '点击全选' }));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = sentBody(calls.find((c) => c.method === 'PUT')!);
    expect(ids(body.menu_id)).toEqual([2, 21, 211, 212]);
    // 99 is not an offered permission any more: dropped; the group toggle added 6.
    expect(ids(body.permission_id)).toEqual([5, 6]);
  });

  it('refuses an empty name without calling the server, and sends an empty menu list as a clear', async () => {
    freshPage('/Seller/roles', 1);
    const { calls } = fakeFetch({
      'GET /api/Seller/load_menu': envelope(menuTree),
      'GET /api/Seller/roles/4': envelope({ id: 4, name: '客服', menu_id: [22] }),
      'PUT /api/Seller/roles/4': envelope({ id: 4 }),
    });
    const onSaved = vi.fn();
    renderView(() => <RoleEditor area={1} id={4} withPermissions={false} onClose={() => undefined} onSaved={onSaved} />, 1, '/Seller/roles');

    await screen.findByDisplayValue('客服');
    expect(screen.queryByText('角色接口')).toBeNull();
    expect(calls.some((c) => c.url.includes('permission_groups'))).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: /角色名称/ }), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('不能为空。')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: /角色名称/ }), { target: { value: '客服' } });
    fireEvent.click(checkbox('菜单管理'));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = sentBody(calls.find((c) => c.method === 'PUT')!);
    expect(body.menu_id).toBe('');
    expect('permission_id' in body).toBe(false);
  });
});
