import { definePage } from '../../../table/definePage';
import type { FormField, PageConfig } from '../../../table/types';
import { createdAtColumn, createdAtView, intRule } from '../shared/columns';

/** Menu view `Admin/article_menus/index`: article categories, a lazy tree (screens §4.3). */
const fields: FormField[] = [
  { label: 'page.articleMenus.parent', value: 'pid', type: 'cascader', checkStrictly: true, emitPath: false, excludeEdited: true },
  { label: 'page.articleMenus.name', value: 'name', span: 12 },
  { label: 'page.articleMenus.sort', value: 'is_sort', type: 'number', min: 0, max: 9999, span: 12 },
];

export const articleMenusPage: PageConfig = {
  url: '/Admin/article_menus',
  buttons: { destroy: true, import: true },
  tree: { pid: 'id', lazyPid: 'pid' },
  columns: [{ label: 'page.articleMenus.name', value: 'name' }, { label: 'page.articleMenus.sort', value: 'is_sort', width: 100 }, createdAtColumn],
  // the sheet names each category's parent by id (names may repeat)
  exportColumns: [
    { label: 'page.articleMenus.name', value: 'name' },
    { label: 'page.articleMenus.parent', value: 'pid' },
    { label: 'page.articleMenus.sort', value: 'is_sort' },
    createdAtColumn,
  ],
  search: [{ label: 'page.articleMenus.name', value: 'name', where: 'likeRight' }],
  dicts: [{ name: 'pid', url: '/load_article_menu', params: { deep: 1 }, labelName: 'name', valueName: 'id', addSelect: { label: 'page.articleMenus.root', value: 0 } }],
  form: {
    add: fields,
    edit: fields,
    view: [
      { label: 'page.articleMenus.parent', value: 'pid', viewType: 'dict_tags' },
      { label: 'page.articleMenus.name', value: 'name' },
      { label: 'page.articleMenus.sort', value: 'is_sort' },
      createdAtView,
    ],
    defaults: { pid: 0, is_sort: 0 },
    rules: { pid: [{ required: true }], name: [{ required: true }, { maxLength: 35 }], is_sort: [intRule(0, 9999)] },
  },
};

export default definePage(articleMenusPage);
