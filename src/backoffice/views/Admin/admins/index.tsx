import { definePage } from '../../../table/definePage';
import type { FormField, PageConfig } from '../../../table/types';
import { PASSWORD_RULES, USERNAME_RULES, avatarField, createdAtColumn, createdAtView } from '../shared/columns';

/** Menu view `Admin/admins/index`: administrators of the caller's platform (screens §4.3). */
const fields: FormField[] = [
  { label: 'page.admins.username', value: 'username', span: 12 },
  { label: 'page.admins.nickname', value: 'nickname', span: 12 },
  { label: 'page.admins.password', value: 'password', type: 'password', hint: 'page.admins.passwordHint', span: 12 },
  { label: 'page.admins.roles', value: 'role_id', type: 'select', multiple: true, filterable: true, span: 12 },
  avatarField(),
];

export const adminsPage: PageConfig = {
  url: '/Admin/admins',
  // several can be deleted at once; no import: an account's password and roles do not travel in a sheet
  buttons: { destroy: true },
  columns: [
    { label: 'page.common.avatar', value: 'avatar', type: 'avatar' },
    { label: 'page.admins.nickname', value: 'nickname' },
    { label: 'page.admins.username', value: 'username', type: 'tags' },
    { label: 'page.admins.roles', value: 'role_name', type: 'tags_array' },
    createdAtColumn,
  ],
  search: [
    { label: 'page.admins.nickname', value: 'nickname', where: 'likeRight' },
    { label: 'page.admins.username', value: 'username', where: 'likeRight' },
  ],
  dicts: [{ name: 'role_id', url: '/Admin/roles', labelName: 'name', valueName: 'id' }],
  form: {
    add: fields,
    edit: fields,
    view: [
      { label: 'page.common.avatar', value: 'avatar', viewType: 'image' },
      { label: 'page.admins.nickname', value: 'nickname' },
      { label: 'page.admins.username', value: 'username', viewType: 'tag' },
      { label: 'page.admins.roles', value: 'role_name', viewType: 'tags_array' },
      createdAtView,
    ],
    defaults: { role_id: [], password: '' },
    rules: {
      username: USERNAME_RULES,
      nickname: [{ maxLength: 15 }],
      // A new administrator needs one (the server refuses a blank password); blank on edit keeps it.
      password: [{ required: true, on: 'add' }, ...PASSWORD_RULES],
      role_id: [{ required: true }],
    },
  },
};

export default definePage(adminsPage);
