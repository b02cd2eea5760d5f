import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import AdminsPage, { adminsPage } from '../../../src/backoffice/views/Admin/admins/index';
import { envelope, fakeFetch, resetApp } from '../helpers';
import { freshPage, paginator, queryOf, renderView, withLayout } from './pageHelpers';

const rows = [
  { id: 1, username: 'admin', nickname: '超级管理员', avatar: '', role_id: [1], role_name: ['超级管理员', '运营'], created_at: '2024-01-02 03:04:05' },
  { id: 2, username: 'ops', nickname: '小运营', avatar: '', role_id: [2], role_name: ['运营'], created_at: '2024-02-03 04:05:06' },
];

describe('a configured table page (Admin/admins/index)', () => {
  let restoreLayout: () => void;
  beforeEach(() => {
    restoreLayout = withLayout();
  });
  afterEach(() => {
    resetApp('/');
    restoreLayout();
  });

  it('renders the configured columns with the rows of the list answer', async () => {
    freshPage('/Admin/admins');
    const { calls } = fakeFetch({
      'GET /api/Admin/admins': envelope(paginator(rows)),
      'GET /api/Admin/roles': envelope([{ id: 1, name: '超级管理员' }, { id: 2, name: '运营' }]),
    });
    renderView(AdminsPage, 0, '/Admin/admins');

    await screen.findByText('小运营');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim()).filter(Boolean);
    for (const label of ['头像', '昵称', '用户名', '角色', '创建时间']) expect(headers).toContain(label);
    expect(adminsPage.columns.map((c) => c.value)).toEqual(['avatar', 'nickname', 'username', 'role_name', 'created_at']);
    // role_name is a tags_array column: one tag per role.
    expect(screen.getAllByText('运营').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('2024-02-03 04:05:06')).toBeTruthy();

    const list = calls.find((c) => c.url.startsWith('/api/Admin/admins'))!;
    expect(list.headers.get('authorization')).toBe('Bearer tok');
    expect(queryOf(list.url).get('per_page')).toBe('30');
    const dict = calls.find((c) => c.url.startsWith('/api/Admin/roles'))!;
    expect(queryOf(dict.url).get('isAll')).toBe('1');
  });

  it('shows the configured search fields and sends them with their operators', async () => {
    freshPage('/Admin/admins');
    const { calls } = fakeFetch({
      'GET /api/Admin/admins': envelope(paginator(rows)),
      'GET /api/Admin/roles': envelope([]),
    });
    renderView(AdminsPage, 0, '/Admin/admins');
    await screen.findByText('小运营');

    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    const panel = await screen.findByRole('search');
    const inputs = within(panel).getAllByRole('textbox');
    expect(inputs).toHaveLength(2);
    expect(within(panel).getByLabelText('昵称')).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText('用户名'), { target: { value: 'op' } });
    fireEvent.click(within(panel).getByRole('button', { name: '查询' }));

    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/Admin/admins')).length).toBe(2));
    const searched = queryOf(calls.filter((c) => c.url.startsWith('/api/Admin/admins'))[1].url);
    expect(searched.get('username')).toBe('op|likeRight');
    expect(searched.has('nickname')).toBe(false);
  });
});
