import { definePage } from '../../../table/definePage';
import type { FormField, PageConfig } from '../../../table/types';
import { createdAtColumn, createdAtView, intRule } from '../shared/columns';

/** Menu view `Admin/adv_spaces/index`: ad spaces (screens §4.3). */
const fields: FormField[] = [
  { label: 'page.advSpaces.name', value: 'name' },
  { label: 'page.advSpaces.width', value: 'width', type: 'number', min: 0, max: 10000, span: 12 },
  { label: 'page.advSpaces.height', value: 'height', type: 'number', min: 0, max: 10000, span: 12 },
];

export const advSpacesPage: PageConfig = {
  url: '/Admin/adv_spaces',
  columns: [
    { label: 'page.advSpaces.name', value: 'name' },
    { label: 'page.advSpaces.width', value: 'width', width: 100 },
    { label: 'page.advSpaces.height', value: 'height', width: 100 },
    createdAtColumn,
  ],
  search: [{ label: 'page.advSpaces.name', value: 'name', where: 'likeRight' }],
  form: {
    add: fields,
    edit: fields,
    view: [
      { label: 'page.advSpaces.name', value: 'name' },
      { label: 'page.advSpaces.width', value: 'width' },
      { label: 'page.advSpaces.height', value: 'height' },
      createdAtView,
    ],
    defaults: { width: 0, height: 0 },
    rules: { name: [{ required: true }, { maxLength: 25 }], width: [intRule(0, 10000)], height: [intRule(0, 10000)] },
  },
};

export default definePage(advSpacesPage);
