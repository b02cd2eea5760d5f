import { definePage } from '../../../table/definePage';
import type { FormField, PageConfig } from '../../../table/types';
import { createdAtColumn, createdAtView } from '../shared/columns';

/** Menu view `Admin/articles/index`: articles in article categories, rich text (screens §4.3). */
const fields: FormField[] = [
  { label: 'page.articles.category', value: 'pid', type: 'cascader', checkStrictly: true, emitPath: false, span: 12 },
  { label: 'page.articles.name', value: 'name', span: 12 },
  { label: 'page.articles.content', value: 'content', type: 'editor', folder: 'editor' },
];

export const articlesPage: PageConfig = {
  url: '/Admin/articles',
  buttons: { destroy: true, import: true },
  columns: [
    { label: 'page.articles.category', value: 'pid', type: 'dict_tags' },
    { label: 'page.articles.name', value: 'name' },
    { label: 'page.articles.click', value: 'click', width: 100 },
    createdAtColumn,
  ],
  search: [
    { label: 'page.articles.name', value: 'name', where: 'likeRight' },
    { label: 'page.articles.category', value: 'pid', type: 'cascader', checkStrictly: true, emitPath: false },
  ],
  dicts: [{ name: 'pid', url: '/load_article_menu', params: { deep: 2 }, labelName: 'name', valueName: 'id' }],
  form: {
    add: fields,
    edit: fields,
    // a rich text: the form is a page (its own address; leaving unsaved asks first)
    page: true,
    width: 'min(960px, 96vw)',
    view: [
      { label: 'page.articles.category', value: 'pid', viewType: 'dict_tags' },
      { label: 'page.articles.name', value: 'name' },
      { label: 'page.articles.content', value: 'content', viewType: 'html' },
      createdAtView,
    ],
    rules: { pid: [{ required: true }, { number: { min: 1, integer: true } }], name: [{ required: true }, { maxLength: 80 }] },
  },
};

export default definePage(articlesPage);
