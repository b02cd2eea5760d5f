import { useMemo, useRef, useState } from 'react';
import { TablePage } from '../../../table/TablePage';
import type { CellContext, Column, FormField, PageConfig, Row, TableApi } from '../../../table/types';
import { PASSWORD_RULES, USERNAME_RULES, avatarField, createdAtColumn, createdAtView } from '../shared/columns';
import { MoneyDialog, type MoneyDialogProps } from './MoneyDialog';

/**
 * Menu view `Admin/users/index`: shop users (UserCollection columns, screens §4.3) with the
 * "adjust funds" row action (balance / frozen / integral, POST /Admin/users/money/handle).
 */
const pickerColumns: Column[] = [
  { label: 'page.common.avatar', value: 'avatar', type: 'avatar' },
  { label: 'page.users.nickname', value: 'nickname' },
  { label: 'page.users.username', value: 'username', type: 'tags' },
  { label: 'page.users.money', value: 'money', type: 'money' },
  { label: 'page.users.frozenMoney', value: 'frozen_money', type: 'money' },
  { label: 'page.users.integral', value: 'integral', type: 'tags' },
  { label: 'page.users.lastLogin', value: 'last_login_time', type: 'datetime', width: 165 },
];

const fields: FormField[] = [
  { label: 'page.users.nickname', value: 'nickname', span: 12 },
  { label: 'page.users.username', value: 'username', span: 12 },
  { label: 'page.users.phone', value: 'phone', span: 12 },
  { label: 'page.users.password', value: 'password', type: 'password', hint: 'page.users.passwordHint', span: 12 },
  { label: 'page.users.payPassword', value: 'pay_password', type: 'password', hint: 'page.users.payPasswordHint', span: 12 },
  {
    label: 'page.users.inviter',
    value: 'inviter_id',
    type: 'table_select',
    pageUrl: '/Admin/users',
    columns: pickerColumns,
    searchFields: [
      { label: 'page.users.nickname', value: 'nickname', where: 'like' },
      { label: 'page.users.username', value: 'username', where: 'like' },
    ],
    showName: 'nickname',
  },
  avatarField(),
];

const rules = {
  username: USERNAME_RULES,
  nickname: [{ maxLength: 15 }],
  phone: [{ pattern: /^(1[3-9]\d{9})?$/, message: 'page.users.phoneRule' }],
  password: [{ required: true, on: 'add' as const }, ...PASSWORD_RULES],
  pay_password: [{ pattern: /^(\d{6})?$/, message: 'page.users.payPasswordRule' }],
};

/**
 * The inviter of a user: '-' without one (inviter_id 0), else the inviter's nickname, its
 * username when it has no nickname, `#id` when the account is gone (the reference showed the 0).
 */
export function inviterText(row: Row, ctx: CellContext): string {
  const id = row.inviter_id;
  if (id === null || id === undefined || id === '' || Number(id) === 0) return '-';
  const found = (ctx.dicts.inviter_id ?? []).find((item) => String(item.id ?? item.value) === String(id));
  const name = found ? String(found.nickname || found.username || '').trim() : '';
  return name || `#${String(id)}`;
}

export function usersPage(adjust: (row: Row, api: TableApi) => void): PageConfig {
  const columns: Column[] = [
    { label: 'page.common.avatar', value: 'avatar', type: 'avatar' },
    { label: 'page.users.nickname', value: 'nickname' },
    { label: 'page.users.username', value: 'username', type: 'tags', width: 136 },
    { label: 'page.users.money', value: 'money', type: 'money', balance: true },
    { label: 'page.users.frozenMoney', value: 'frozen_money', type: 'money', balance: true, hidden: true },
    { label: 'page.users.integral', value: 'integral', type: 'tags' },
    { label: 'page.users.inviter', value: 'inviter_id', type: 'custom', render: inviterText },
    { label: 'page.users.lastLogin', value: 'last_login_time', type: 'datetime', width: 165, hidden: true },
    { ...createdAtColumn, hidden: true },
  ];
  return {
    url: '/Admin/users',
    buttons: { destroy: true, import: true },
    columns,
    // The sheet carries the inviter as its id (0: none), which an import reads back as it is.
    exportColumns: columns.map((c) => (c.value === 'inviter_id' ? { label: 'page.users.inviterId', value: 'inviter_id' } : c)),
    search: [
      { label: 'page.users.nickname', value: 'nickname', where: 'like' },
      { label: 'page.users.username', value: 'username', where: 'like' },
      { label: 'page.users.time', value: 'created_at', type: 'daterange' },
    ],
    dicts: [{ name: 'inviter_id', url: '/Admin/users', selectByColumnIds: true, labelName: 'nickname', valueName: 'id' }],
    rowActions: [{ label: 'page.users.adjust', variant: 'secondary', permission: 'money.handle', onClick: adjust }],
    form: {
      add: fields,
      edit: fields,
      view: [
        { label: 'page.common.avatar', value: 'avatar', viewType: 'image' },
        { label: 'page.users.nickname', value: 'nickname' },
        { label: 'page.users.username', value: 'username', viewType: 'tag' },
        { label: 'page.users.phone', value: 'phone' },
        { label: 'page.users.money', value: 'money', viewType: 'money' },
        { label: 'page.users.frozenMoney', value: 'frozen_money', viewType: 'money' },
        { label: 'page.users.integral', value: 'integral', viewType: 'tag' },
        { label: 'page.users.inviter', value: 'inviter_id', viewType: 'custom', render: inviterText },
        { label: 'page.users.lastLogin', value: 'last_login_time' },
        createdAtView,
      ],
      defaults: { inviter_id: 0, password: '', pay_password: '' },
      // A blank password keeps the saved one on edit; adding requires one.
      rules,
    },
  };
}

export default function AdminUsersPage() {
  const [target, setTarget] = useState<MoneyDialogProps['user'] | null>(null);
  const apiRef = useRef<TableApi | null>(null);
  const config = useMemo(
    () =>
      usersPage((row, api) => {
        apiRef.current = api;
        setTarget(row as unknown as MoneyDialogProps['user']);
      }),
    [],
  );
  return (
    <>
      <TablePage config={config} />
      {target && (
        <MoneyDialog
          user={target}
          onClose={() => setTarget(null)}
          onDone={() => {
            setTarget(null);
            apiRef.current?.reload();
          }}
        />
      )}
    </>
  );
}
