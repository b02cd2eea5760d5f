import { definePage } from '../../../../table/definePage';
import type { FormField, PageConfig } from '../../../../table/types';

/**
 * Menu view `Admin/exts/expresses/index` — 物流公司 (reference screens.md §4.5): couriers with
 * name and courier code; search by name (like); add, edit, delete, export and import.
 */
const fields: FormField[] = [
  { label: 'page.expresses.name', value: 'name', maxLength: 30 },
  { label: 'page.expresses.code', value: 'code', maxLength: 10 },
];

export const expressesPage: PageConfig = {
  columns: [
    { label: 'table.id', value: 'id', width: 90 },
    { label: 'page.expresses.name', value: 'name' },
    { label: 'page.expresses.code', value: 'code' },
    { label: 'table.createdAt', value: 'created_at' },
  ],
  search: [{ label: 'page.expresses.name', value: 'name', where: 'like' }],
  form: {
    add: fields,
    edit: fields,
    rules: {
      name: [{ required: true }, { maxLength: 30 }],
      code: [{ required: true }, { maxLength: 10 }, { pattern: /^[A-Za-z0-9_-]+$/ }],
    },
    width: 'min(520px, 92vw)',
  },
  buttons: { import: true, destroy: true },
};

export default definePage(expressesPage);
