import { definePage } from '../../../../table/definePage';
import type { FormField, PageConfig } from '../../../../table/types';
import { createdAtColumn, createdAtView } from '../../shared/columns';

/** Menu view `Admin/exts/integral_goods_classes/index` — points goods classes (screens §4.5). */
const fields: FormField[] = [
  { label: 'page.integralClasses.name', value: 'name', maxLength: 20 },
  { label: 'page.integralClasses.ename', value: 'ename', maxLength: 20, hint: 'page.integralClasses.enameHint' },
];

export const integralClassesPage: PageConfig = {
  url: '/Admin/integral_goods_classes',
  columns: [
    { label: 'table.id', value: 'id', width: 90 },
    { label: 'page.integralClasses.name', value: 'name' },
    { label: 'page.integralClasses.ename', value: 'ename' },
    createdAtColumn,
  ],
  search: [{ label: 'page.integralClasses.name', value: 'name', where: 'like' }],
  form: {
    add: fields,
    edit: fields,
    view: [{ label: 'page.integralClasses.name', value: 'name' }, { label: 'page.integralClasses.ename', value: 'ename' }, createdAtView],
    defaults: { ename: '' },
    rules: { name: [{ required: true }, { maxLength: 20 }], ename: [{ maxLength: 20 }] },
    width: 'min(520px, 92vw)',
  },
  buttons: { destroy: true },
};

export default definePage(integralClassesPage);
