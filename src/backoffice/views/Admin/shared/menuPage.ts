import type { FormField, PageConfig } from '../../../table/types';
import { createdAtColumn, createdAtView, intRule } from './columns';

/**
 * Admin menus and seller menus (screens §4.3): a lazy tree; the parent picker lists the tree
 * (`dictUrl`, two levels below the roots) with a top-level choice first. Rules mirror the server
 * (server/modules/admin-system/menus.ts).
 */
const IS_OPEN = [
  { label: 'page.menus.inShell', value: 0 },
  { label: 'page.menus.standalone', value: 1 },
];

const fields: FormField[] = [
  { label: 'page.menus.parent', value: 'pid', type: 'cascader', checkStrictly: true, emitPath: false, excludeEdited: true },
  { label: 'page.menus.name', value: 'name', span: 12 },
  { label: 'page.menus.ename', value: 'ename', span: 12, hint: 'page.menus.enameHint' },
  { label: 'page.menus.icon', value: 'icon', type: 'icon', span: 12 },
  { label: 'page.menus.apis', value: 'apis', span: 12, hint: 'page.menus.apisHint' },
  { label: 'page.menus.view', value: 'view', span: 12, hint: 'page.menus.viewHint' },
  { label: 'page.menus.isOpen', value: 'is_open', type: 'radio', translate: true, span: 12 },
  { label: 'page.menus.sort', value: 'is_sort', type: 'number', min: 0, max: 99999, span: 12 },
  { label: 'page.menus.content', value: 'content', type: 'textarea', maxLength: 40 },
];

export function menuPage(url: string, dictUrl: string): PageConfig {
  return {
    url,
    buttons: { destroy: true, import: true },
    tree: { pid: 'id', lazyPid: 'pid' },
    columns: [
      { label: 'page.menus.name', value: 'name' },
      { label: 'page.menus.ename', value: 'ename' },
      { label: 'page.menus.icon', value: 'icon', type: 'icon_tags' },
      { label: 'page.menus.apis', value: 'apis', type: 'tags' },
      { label: 'page.menus.view', value: 'view', type: 'tags' },
      { label: 'page.menus.sort', value: 'is_sort', width: 80 },
      createdAtColumn,
    ],
    // the sheet carries every field of a menu, its parent as an id (names repeat across the tree)
    exportColumns: [
      { label: 'page.menus.name', value: 'name' },
      { label: 'page.menus.ename', value: 'ename' },
      { label: 'page.menus.parent', value: 'pid' },
      { label: 'page.menus.icon', value: 'icon' },
      { label: 'page.menus.apis', value: 'apis' },
      { label: 'page.menus.view', value: 'view' },
      { label: 'page.menus.isOpen', value: 'is_open', type: 'dict', translate: true },
      { label: 'page.menus.sort', value: 'is_sort' },
      { label: 'page.menus.content', value: 'content' },
      createdAtColumn,
    ],
    search: [{ label: 'page.menus.name', value: 'name', where: 'likeRight' }],
    dicts: [{ name: 'pid', url: dictUrl, params: { deep: 2 }, labelName: 'name', valueName: 'id', addSelect: { label: 'page.menus.root', value: 0 } }],
    dictData: { is_open: IS_OPEN },
    form: {
      add: fields,
      edit: fields,
      view: [
        { label: 'page.menus.parent', value: 'pid', viewType: 'dict' },
        { label: 'page.menus.name', value: 'name' },
        { label: 'page.menus.ename', value: 'ename' },
        { label: 'page.menus.icon', value: 'icon', viewType: 'tag' },
        { label: 'page.menus.apis', value: 'apis', viewType: 'tag' },
        { label: 'page.menus.view', value: 'view', viewType: 'tag' },
        { label: 'page.menus.isOpen', value: 'is_open', viewType: 'dict_tags', translate: true },
        { label: 'page.menus.sort', value: 'is_sort' },
        { label: 'page.menus.content', value: 'content' },
        createdAtView,
      ],
      defaults: { pid: 0, is_open: 0, is_sort: 0, icon: '', ename: '' },
      rules: {
        pid: [{ required: true }],
        name: [{ required: true }, { maxLength: 35 }],
        ename: [{ maxLength: 35 }],
        icon: [{ maxLength: 30 }, { pattern: /^(fa-[a-z0-9-]+)?$/, message: 'page.menus.iconRule' }],
        apis: [{ maxLength: 150 }, { pattern: /^(\/[A-Za-z0-9_\-/.]*|https?:\/\/[^\s]+)?$/i, message: 'page.menus.apisRule' }],
        view: [{ maxLength: 80 }, { pattern: /^[A-Za-z0-9_\-/]*$/, message: 'page.menus.viewRule' }],
        is_open: [{ required: true }],
        is_sort: [intRule(0, 99999)],
        content: [{ maxLength: 40 }],
      },
    },
  };
}
