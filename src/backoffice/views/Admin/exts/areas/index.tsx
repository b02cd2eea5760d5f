import { t } from '../../../../../app/i18n';
import { toast } from '../../../../../ui/toast';
import { definePage } from '../../../../table/definePage';
import type { FormField, PageConfig, TableApi } from '../../../../table/types';
import { createdAtColumn, createdAtView } from '../../shared/columns';
import { call } from '../../shared/pageApi';

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

/**
 * "清理缓存" (reference toolbar): the server forgets its cached area trees on every instance and
 * answers the rebuilt one; the list reloads. Failures are the client's usual toast.
 */
async function clearCache(api: TableApi) {
  const result = await call(0, 'GET', 'clear_area');
  if (result.kind !== 'ok') return;
  toast.success(t('page.areas.cacheCleared'));
  api.reload();
}

export const areasPage: PageConfig = {
  url: '/Admin/areas',
  buttons: { destroy: true, import: true },
  idKey: 'id',
  tree: { pid: 'code', lazyPid: 'pid' },
  toolbar: [{ label: 'page.areas.clearCache', permission: 'update', onClick: (api) => void clearCache(api) }],
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
