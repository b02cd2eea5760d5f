import { definePage } from '../../../table/definePage';
import type { FormField, PageConfig } from '../../../table/types';
import { createdAtColumn, createdAtView } from '../shared/columns';

/**
 * Menu view `Admin/permissions/index`: API permissions (screens §4.3). `apis` is one of the
 * registered admin route names (`GET /Admin/load_permission`), `pid` a permission group.
 */
const fields: FormField[] = [
  { label: 'page.permissions.group', value: 'pid', type: 'select', filterable: true, span: 12 },
  { label: 'page.permissions.name', value: 'name', span: 12 },
  { label: 'page.permissions.apis', value: 'apis', type: 'select', filterable: true, oneArray: true },
  { label: 'page.permissions.content', value: 'content', type: 'textarea', maxLength: 40 },
];

export const permissionsPage: PageConfig = {
  url: '/Admin/permissions',
  buttons: { destroy: true, import: true },
  columns: [
    // the group's name through the `pid` dictionary: exported as the name, imported back as the id
    { label: 'page.permissions.group', value: 'pid', type: 'dict_tags' },
    { label: 'page.permissions.name', value: 'name' },
    { label: 'page.permissions.apis', value: 'apis', type: 'tags' },
    { label: 'page.permissions.content', value: 'content' },
    createdAtColumn,
  ],
  search: [
    { label: 'page.permissions.name', value: 'name', where: 'likeRight' },
    { label: 'page.permissions.group', value: 'pid', type: 'select' },
    { label: 'page.permissions.apis', value: 'apis', where: 'likeRight' },
  ],
  dicts: [
    { name: 'pid', url: '/Admin/permission_groups', labelName: 'name', valueName: 'id' },
    { name: 'apis', url: '/Admin/load_permission', params: {} },
  ],
  form: {
    add: fields,
    edit: fields,
    view: [
      { label: 'page.permissions.group', value: 'pid', viewType: 'dict_tags' },
      { label: 'page.permissions.name', value: 'name' },
      { label: 'page.permissions.apis', value: 'apis', viewType: 'tag' },
      { label: 'page.permissions.content', value: 'content' },
      createdAtView,
    ],
    rules: {
      pid: [{ required: true }],
      name: [{ required: true }, { maxLength: 35 }],
      // A typed text that is no route leaves the picker empty: say to pick one, not "cannot be empty".
      apis: [{ required: true, message: 'page.permissions.apisRule' }, { maxLength: 60 }],
      content: [{ maxLength: 40 }],
    },
  },
};

export default definePage(permissionsPage);
