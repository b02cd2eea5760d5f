import { definePage } from '../../../table/definePage';
import type { FormField, PageConfig } from '../../../table/types';
import { CODE_RULE, createdAtColumn, createdAtView } from '../shared/columns';

/** Menu view `Admin/agreements/index`: agreements shown by call name (`GET /api/agreements/:ename`). */
const fields: FormField[] = [
  { label: 'page.agreements.name', value: 'name', span: 12 },
  { label: 'page.agreements.ename', value: 'ename', span: 12 },
  { label: 'page.agreements.content', value: 'content', type: 'editor', folder: 'editor' },
];

export const agreementsPage: PageConfig = {
  url: '/Admin/agreements',
  buttons: { destroy: true, import: true },
  columns: [
    { label: 'page.agreements.name', value: 'name' },
    { label: 'page.agreements.ename', value: 'ename', type: 'tags' },
    createdAtColumn,
  ],
  search: [
    { label: 'page.agreements.name', value: 'name', where: 'likeRight' },
    { label: 'page.agreements.ename', value: 'ename', where: 'likeRight' },
  ],
  form: {
    add: fields,
    edit: fields,
    // a rich text: the form is a page (its own address; leaving unsaved asks first)
    page: true,
    width: 'min(960px, 96vw)',
    view: [
      { label: 'page.agreements.name', value: 'name' },
      { label: 'page.agreements.ename', value: 'ename', viewType: 'tag' },
      { label: 'page.agreements.content', value: 'content', viewType: 'html' },
      createdAtView,
    ],
    rules: {
      name: [{ required: true }, { maxLength: 15 }],
      ename: [{ required: true }, { maxLength: 15 }, CODE_RULE],
    },
  },
};

export default definePage(agreementsPage);
