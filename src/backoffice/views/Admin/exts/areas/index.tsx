import { definePage } from '../../../../table/definePage';
import type { FormField, PageConfig } from '../../../../table/types';
import { createdAtColumn, createdAtView } from '../../shared/columns';

/**
 * Menu view `Admin/exts/areas/index`: provinces, cities and districts, a lazy tree addressed by
 * `code` (children carry their parent's code in `pid`; a child's code extends it by 2 digits).
 */
const fields: FormField[] = [
  { label: 'page.areas.pid', value: 'pid', hint: 'page.areas.pidHint', span: 12 },
  { label: 'page.areas.code', value: 'code', hint: 'page.areas.codeHint', span: 12 },
  { label: 'page.areas.name', value: 'name' },
];

export const areasPage: PageConfig = {
  url: '/Admin/areas',
  idKey: 'code',
  tree: { pid: 'code', lazyPid: 'pid' },
  columns: [
    { label: 'page.areas.name', value: 'name' },
    { label: 'page.areas.code', value: 'code', type: 'tags' },
    { label: 'page.areas.deep', value: 'deep', type: 'dict_tags', translate: true, width: 100 },
    createdAtColumn,
  ],
  search: [
    { label: 'page.areas.name', value: 'name', where: 'likeRight' },
    { label: 'page.areas.code', value: 'code', where: 'likeRight' },
  ],
  dictData: {
    deep: [
      { label: 'page.areas.province', value: 0 },
      { label: 'page.areas.city', value: 1 },
      { label: 'page.areas.district', value: 2 },
    ],
  },
  form: {
    add: fields,
    edit: fields,
    view: [
      { label: 'page.areas.name', value: 'name' },
      { label: 'page.areas.code', value: 'code', viewType: 'tag' },
      { label: 'page.areas.pid', value: 'pid', viewType: 'tag' },
      { label: 'page.areas.deep', value: 'deep', viewType: 'dict_tags', translate: true },
      createdAtView,
    ],
    defaults: { pid: '0' },
    rules: {
      pid: [{ required: true }, { maxLength: 20 }, { pattern: /^(0|\d{2,12})$/, message: 'page.areas.pidRule' }],
      code: [{ required: true }, { maxLength: 20 }, { pattern: /^\d{2,12}$/, message: 'page.areas.codeRule' }],
      name: [{ required: true }, { maxLength: 30 }],
    },
  },
};

export default definePage(areasPage);
