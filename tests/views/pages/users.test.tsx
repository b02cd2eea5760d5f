import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import AdminUsersPage from '../../../src/backoffice/views/Admin/users/index';
import { envelope, fakeFetch, resetApp, type RecordedCall } from '../helpers';
import { freshPage, paginator, queryOf, renderView, withLayout } from './pageHelpers';

/** Platform users: the inviter column reads '-' without one (it showed the 0), else the inviter's nickname. */
const base = { avatar: '', money: '0.00', frozen_money: '0.00', integral: '0.00', last_login_time: null, created_at: '2024-01-01 00:00:00' };
const users = [
  { ...base, id: 1, nickname: '甲', username: 'jia', inviter_id: 0 },
  { ...base, id: 2, nickname: '乙', username: 'yi', inviter_id: 1 },
  { ...base, id: 3, nickname: '丙', username: 'bing', inviter_id: 4 },
  { ...base, id: 5, nickname: '丁', username: 'ding', inviter_id: 9 },
];
const inviters = [
  { id: 1, nickname: '甲', username: 'jia' },
  { id: 4, nickname: '', username: 'no_nick' },
];

describe('platform users: inviter', () => {
  let restore: () => void = () => {};
  afterEach(() => {
    restore();
    resetApp('/');
  });

  it('shows - without an inviter, the nickname (else the username, else #id) with one; the view dialog too', async () => {
    freshPage('/Admin/users');
    restore = withLayout();
    fakeFetch({
      'GET /api/Admin/users': (call: RecordedCall) => (queryOf(call.url).get('isAll') ? envelope(inviters) : envelope(paginator(users))),
      'GET /api/Admin/users/1': envelope({ ...users[0], phone: '' }),
      'GET /api/Admin/users/2': envelope({ ...users[1], phone: '' }),
    });
    renderView(AdminUsersPage, 0, '/Admin/users');
    // cells: select, avatar, nickname, username, money, integral, inviter… (frozen money hidden by default)
    const rowOf = (username: string) => (screen.getByText(username).closest('[role="row"]') as HTMLElement);
    const inviterOf = (username: string) => within(rowOf(username)).getAllByRole('cell')[6].textContent;
    await screen.findByText('yi');
    await waitFor(() => expect(inviterOf('yi')).toBe('甲'));
    expect(inviterOf('jia')).toBe('-');
    expect(inviterOf('bing')).toBe('no_nick');
    expect(inviterOf('ding')).toBe('#9');

    fireEvent.click(within(rowOf('jia')).getByRole('button', { name: '查看' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('jia');
    const line = within(dialog).getByText('邀请人').parentElement as HTMLElement;
    expect(line.textContent).toBe('邀请人-');
    fireEvent.click(within(dialog).getAllByRole('button', { name: '关闭' })[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(rowOf('yi')).getByRole('button', { name: '查看' }));
    const second = await screen.findByRole('dialog');
    await within(second).findByText('yi');
    expect((within(second).getByText('邀请人').parentElement as HTMLElement).textContent).toBe('邀请人甲');
  });
});
