import { definePage } from '../../../../table/definePage';
import type { FormField, PageConfig } from '../../../../table/types';
import { createdAtColumn, createdAtView } from '../../shared/columns';

/**
 * Menu view `Admin/exts/areas/index`: provinces, cities and districts, rows addressed by `id`,
 * a lazy tree by `code` (children carry their parent's code in `pid`; a child's code extends it
 * by 2 digits).
 */
/** '110105' → ['11', '1101', '110105']: the codes along the way down to an area ('0' is the top level). */
export const areaCodePath = (value: unknown): string[] => {
  const code = String(value ?? '');
  if (!/^\d{2,12}$/.test(code) || code.length % 2 !== 0) return code ? [code] : [];
  return Array.from({ length: code.length / 2 }, (_, i) => code.slice(0, 2 * (i + 1)));
};

/** The parent: "top level" or any area, picked level by level (the server checks the code fits it). */
const parentField: FormField = {
  label: 'page.areas.parent',
  value: 'pid',
  type: 'cascader',
  lazyUrl: '/load_areas?isLazy=1',
  lazyKey: 'code',
  labelName: 'name',
  valueName: 'code',
  checkStrictly: true,
  emitPath: false,
  lazyRoots: [{ label: 'page.areas.topLevel', value: '0' }],
  lazyPath: areaCodePath,
  hint: 'page.areas.parentHint',
  span: 12,
};

const fields: FormField[] = [
  parentField,
  { label: 'page.areas.code', value: 'code', hint: 'page.areas.codeHint', span: 12 },
  { label: 'page.areas.name', value: 'name' },
];

export const areasPage: PageConfig = {
  url: '/Admin/areas',
  buttons: { destroy: true, import: true },
  idKey: 'id',
  tree: { pid: 'code', lazyPid: 'pid' },
  columns: [
    { label: 'page.areas.name', value: 'name' },
    { label: 'page.areas.code', value: 'code', type: 'tags' },
    { label: 'page.areas.deep', value: 'deep', type: 'dict_tags', translate: true, width: 100 },
    createdAtColumn,
  ],
  // the sheet names each area's parent by its code
  exportColumns: [
    { label: 'page.areas.name', value: 'name' },
    { label: 'page.areas.code', value: 'code' },
    { label: 'page.areas.pid', value: 'pid' },
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
