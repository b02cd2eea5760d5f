import { definePage } from '../../../../table/definePage';
import type { FormField, PageConfig } from '../../../../table/types';
import { createdAtColumn, createdAtView } from '../../shared/columns';

/** Menu view `Admin/exts/currencies/index`: currencies (one 人民币 / RMB / ￥ row is seeded). */
const fields: FormField[] = [
  { label: 'page.currencies.name', value: 'name', span: 12 },
  { label: 'page.currencies.ename', value: 'ename', span: 12 },
  { label: 'page.currencies.currency', value: 'currency', span: 12 },
  { label: 'page.currencies.currencyEname', value: 'currency_ename', span: 12 },
  { label: 'page.currencies.content', value: 'content', type: 'textarea', maxLength: 2000 },
];

export const currenciesPage: PageConfig = {
  url: '/Admin/currencies',
  buttons: { destroy: true, import: true },
  columns: [
    { label: 'page.currencies.name', value: 'name' },
    { label: 'page.currencies.ename', value: 'ename', type: 'tags' },
    { label: 'page.currencies.currency', value: 'currency' },
    { label: 'page.currencies.currencyEname', value: 'currency_ename', type: 'tags' },
    createdAtColumn,
  ],
  search: [
    { label: 'page.currencies.name', value: 'name', where: 'likeRight' },
    { label: 'page.currencies.ename', value: 'ename', where: 'likeRight' },
  ],
  form: {
    add: fields,
    edit: fields,
    view: [
      { label: 'page.currencies.name', value: 'name' },
      { label: 'page.currencies.ename', value: 'ename', viewType: 'tag' },
      { label: 'page.currencies.currency', value: 'currency' },
      { label: 'page.currencies.currencyEname', value: 'currency_ename', viewType: 'tag' },
      { label: 'page.currencies.content', value: 'content' },
      createdAtView,
    ],
    rules: {
      name: [{ required: true }, { maxLength: 30 }],
      ename: [{ required: true }, { maxLength: 20 }],
      currency: [{ required: true }, { maxLength: 20 }],
      currency_ename: [{ required: true }, { maxLength: 20 }],
      content: [{ maxLength: 2000 }],
    },
  },
};

export default definePage(currenciesPage);
