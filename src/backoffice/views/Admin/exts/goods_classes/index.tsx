import { definePage } from '../../../../table/definePage';
import type { FormField, PageConfig } from '../../../../table/types';
import { createdAtColumn, createdAtView, intRule, UPLOAD_URL } from '../../shared/columns';

/**
 * Menu view `Admin/exts/goods_classes/index`: goods classes, a lazy tree of three levels
 * (screens §4.5). The parent picker reads the whole tree (`/load_goods_classes?deep=2`) and offers
 * only the parents the server accepts for the class: never itself or one of its sub-classes, and
 * none under which the class, with its own sub-classes, would reach a fourth level (a new class:
 * the first two levels); "默认" (0, a top-level class) always.
 */
const fields: FormField[] = [
  { label: 'page.goodsClasses.parent', value: 'pid', type: 'cascader', checkStrictly: true, emitPath: false, excludeEdited: true, levels: 3 },
  { label: 'page.goodsClasses.name', value: 'name', span: 12 },
  { label: 'page.goodsClasses.ename', value: 'ename', span: 12, hint: 'page.goodsClasses.enameHint' },
  { label: 'page.goodsClasses.sort', value: 'is_sort', type: 'number', min: 0, max: 9999, span: 12 },
  { label: 'page.goodsClasses.thumb', value: 'thumb', type: 'avatar', folder: 'goods_class', option: { width: 150, height: 150 } },
];

export const goodsClassesPage: PageConfig = {
  url: '/Admin/goods_classes',
  buttons: { destroy: true, import: true },
  tree: { pid: 'id', lazyPid: 'pid' },
  columns: [
    { label: 'page.goodsClasses.name', value: 'name' },
    { label: 'page.goodsClasses.ename', value: 'ename' },
    { label: 'page.goodsClasses.thumb', value: 'thumb', type: 'avatar', width: 90 },
    createdAtColumn,
  ],
  // the sheet names each class's parent by id (names repeat across the tree)
  exportColumns: [
    { label: 'page.goodsClasses.name', value: 'name' },
    { label: 'page.goodsClasses.ename', value: 'ename' },
    { label: 'page.goodsClasses.parent', value: 'pid' },
    { label: 'page.goodsClasses.sort', value: 'is_sort' },
    { label: 'page.goodsClasses.thumb', value: 'thumb' },
    createdAtColumn,
  ],
  search: [{ label: 'page.goodsClasses.name', value: 'name', where: 'likeRight' }],
  dicts: [
    // the parent picker and the view name the classes in the reader's language
    { name: 'pid', url: '/load_goods_classes', params: { deep: 2 }, labelName: 'name', valueName: 'id', twoNames: true, addSelect: { label: 'page.goodsClasses.root', value: 0 } },
  ],
  form: {
    add: fields,
    edit: fields,
    view: [
      { label: 'page.goodsClasses.parent', value: 'pid', viewType: 'dict_tags' },
      { label: 'page.goodsClasses.name', value: 'name' },
      { label: 'page.goodsClasses.ename', value: 'ename' },
      { label: 'page.goodsClasses.thumb', value: 'thumb', viewType: 'image' },
      { label: 'page.goodsClasses.sort', value: 'is_sort' },
      createdAtView,
    ],
    defaults: { pid: 0, is_sort: 0, thumb: '', ename: '' },
    rules: {
      pid: [{ required: true }],
      name: [{ required: true }, { maxLength: 20 }],
      ename: [{ maxLength: 20 }],
      thumb: [{ maxLength: 150 }, UPLOAD_URL],
      is_sort: [intRule(0, 9999)],
    },
  },
};

export default definePage(goodsClassesPage);
