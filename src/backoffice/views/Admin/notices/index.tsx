import { definePage } from '../../../table/definePage';
import type { FormField, PageConfig } from '../../../table/types';
import { createdAtColumn, createdAtView } from '../shared/columns';

/** Menu view `Admin/notices/index`: platform notices (screens §4.3). */
const fields: FormField[] = [
  { label: 'page.notices.name', value: 'name', span: 12 },
  { label: 'page.notices.tag', value: 'tag', span: 12 },
  { label: 'page.notices.content', value: 'content', type: 'editor', folder: 'editor' },
];

export const noticesPage: PageConfig = {
  url: '/Admin/notices',
  buttons: { destroy: true, import: true },
  columns: [
    { label: 'page.notices.name', value: 'name' },
    { label: 'page.notices.tag', value: 'tag', type: 'tags' },
    createdAtColumn,
  ],
  search: [
    { label: 'page.notices.name', value: 'name', where: 'likeRight' },
    { label: 'page.notices.tag', value: 'tag', where: 'likeRight' },
    { label: 'page.notices.content', value: 'content', where: 'like' },
  ],
  form: {
    add: fields,
    edit: fields,
    // a rich text: the form is a page (its own address; leaving unsaved asks first)
    page: true,
    width: 'min(960px, 96vw)',
    view: [
      { label: 'page.notices.name', value: 'name' },
      { label: 'page.notices.tag', value: 'tag', viewType: 'tag' },
      { label: 'page.notices.content', value: 'content', viewType: 'html' },
      createdAtView,
    ],
    rules: { name: [{ required: true }, { maxLength: 35 }], tag: [{ maxLength: 20 }] },
  },
};

export default definePage(noticesPage);
