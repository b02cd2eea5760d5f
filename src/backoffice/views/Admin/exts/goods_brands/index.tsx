import { definePage } from '../../../../table/definePage';
import type { FormField, PageConfig } from '../../../../table/types';
import { createdAtColumn, createdAtView, UPLOAD_URL } from '../../shared/columns';

/** Menu view `Admin/exts/goods_brands/index`: goods brands (screens §4.5). */
const fields: FormField[] = [
  { label: 'page.goodsBrands.name', value: 'name' },
  { label: 'page.goodsBrands.ename', value: 'ename', hint: 'page.goodsBrands.enameHint' },
  { label: 'page.goodsBrands.thumb', value: 'thumb', type: 'avatar', folder: 'goods_brand', option: { width: 150, height: 150 } },
];

export const goodsBrandsPage: PageConfig = {
  url: '/Admin/goods_brands',
  buttons: { destroy: true, import: true },
  columns: [
    { label: 'page.goodsBrands.thumb', value: 'thumb', type: 'avatar', width: 90 },
    { label: 'page.goodsBrands.name', value: 'name' },
    { label: 'page.goodsBrands.ename', value: 'ename' },
    createdAtColumn,
  ],
  search: [{ label: 'page.goodsBrands.name', value: 'name', where: 'likeRight' }],
  form: {
    add: fields,
    edit: fields,
    view: [
      { label: 'page.goodsBrands.thumb', value: 'thumb', viewType: 'image' },
      { label: 'page.goodsBrands.name', value: 'name' },
      { label: 'page.goodsBrands.ename', value: 'ename' },
      createdAtView,
    ],
    defaults: { thumb: '', ename: '' },
    rules: { name: [{ required: true }, { maxLength: 20 }], ename: [{ maxLength: 20 }], thumb: [{ maxLength: 150 }, UPLOAD_URL] },
  },
};

export default definePage(goodsBrandsPage);
