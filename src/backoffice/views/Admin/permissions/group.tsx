import { definePage } from '../../../table/definePage';
import type { FormField, PageConfig } from '../../../table/types';
import { createdAtColumn, createdAtView } from '../shared/columns';

/** Menu view `Admin/permissions/group`: permission groups (screens §4.3). */
const fields: FormField[] = [
  { label: 'page.permissionGroups.name', value: 'name' },
  { label: 'page.permissionGroups.content', value: 'content', type: 'textarea', maxLength: 40 },
];

export const permissionGroupsPage: PageConfig = {
  url: '/Admin/permission_groups',
  buttons: { destroy: true, import: true },
  columns: [
    { label: 'page.permissionGroups.name', value: 'name' },
    { label: 'page.permissionGroups.content', value: 'content' },
    createdAtColumn,
  ],
  search: [
    { label: 'page.permissionGroups.name', value: 'name', where: 'likeRight' },
    { label: 'page.permissionGroups.content', value: 'content', where: 'likeRight' },
  ],
  form: {
    add: fields,
    edit: fields,
    view: [{ label: 'page.permissionGroups.name', value: 'name' }, { label: 'page.permissionGroups.content', value: 'content' }, createdAtView],
    rules: { name: [{ required: true }, { maxLength: 35 }], content: [{ maxLength: 40 }] },
  },
};

export default definePage(permissionGroupsPage);
