import { definePage } from '../../../table/definePage';
import type { FormField, PageConfig } from '../../../table/types';
import { UPLOAD_URL, avatarField, createdAtColumn, createdAtView } from '../../Admin/shared/columns';

/**
 * Menu view `Seller/users/index`: staff sub-accounts of the caller's store (screens §4.6). Roles
 * are the store's own; a password is required on add and a blank one is unchanged on edit.
 */
const fields: FormField[] = [
  { label: 'page.staff.username', value: 'username', span: 12 },
  { label: 'page.staff.nickname', value: 'nickname', span: 12 },
  { label: 'page.staff.password', value: 'password', type: 'password', hint: 'page.staff.passwordHint', span: 12 },
  { label: 'page.staff.roles', value: 'role_id', type: 'select', multiple: true, filterable: true, span: 12 },
  avatarField(),
];

export const staffPage: PageConfig = {
  url: '/Seller/users',
  buttons: { destroy: true, import: true },
  columns: [
    { label: 'page.common.avatar', value: 'avatar', type: 'avatar' },
    { label: 'page.staff.nickname', value: 'nickname' },
    { label: 'page.staff.username', value: 'username', type: 'tags' },
    { label: 'page.staff.roles', value: 'role_name', type: 'tags_array' },
    createdAtColumn,
  ],
  search: [
    { label: 'page.staff.nickname', value: 'nickname', where: 'likeRight' },
    { label: 'page.staff.username', value: 'username', where: 'likeRight' },
  ],
  dicts: [{ name: 'role_id', url: '/Seller/roles', labelName: 'name', valueName: 'id' }],
  form: {
    add: fields,
    edit: fields,
    view: [
      { label: 'page.common.avatar', value: 'avatar', viewType: 'image' },
      { label: 'page.staff.nickname', value: 'nickname' },
      { label: 'page.staff.username', value: 'username', viewType: 'tag' },
      { label: 'page.staff.roles', value: 'role_name', viewType: 'tags_array' },
      createdAtView,
    ],
    defaults: { role_id: [], password: '' },
    rules: {
      username: [{ required: true }, { minLength: 2 }, { maxLength: 20 }, { pattern: /^[^\s<>"'&]+$/, message: 'page.staff.usernameRule' }],
      nickname: [{ maxLength: 15 }],
      password: [{ required: true, on: 'add' }, { minLength: 6 }, { maxLength: 32 }],
      avatar: [{ maxLength: 150 }, UPLOAD_URL],
      role_id: [{ required: true }],
    },
  },
};

export default definePage(staffPage);
