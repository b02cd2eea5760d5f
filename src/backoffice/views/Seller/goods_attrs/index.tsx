import { definePage } from '../../../table/definePage';
import { Tag } from '../../../../ui/Tag';
import type { FormField, PageConfig, Row } from '../../../table/types';
import { createdAtColumn, createdAtView } from '../../Admin/shared/columns';
import { TagsEditor, specNames } from './TagsEditor';

/**
 * Menu view `Seller/goods_attrs/index` (screens §4.6; bug §6.4 #45 fixed: add and edit keep
 * separate values): the store's attributes and their specs, `{name, specs[]}`.
 */
const fields: FormField[] = [
  { label: 'page.goodsAttrs.name', value: 'name', maxLength: 20 },
  { label: 'page.goodsAttrs.specs', value: 'specs', type: 'custom', hint: 'page.goodsAttrs.specsHint', render: (props) => <TagsEditor {...props} /> },
];

export const goodsAttrsPage: PageConfig = {
  url: '/Seller/goods_attrs',
  params: { isWith: 'specs' },
  columns: [
    { label: 'page.goodsAttrs.name', value: 'name', width: 200 },
    { label: 'page.goodsAttrs.specs', value: 'spec_names', type: 'custom', render: (row) => <SpecTags row={row} /> },
    createdAtColumn,
  ],
  // The reference's 搜索 only answered "wait setting." (screens §4.6, issue 15): search by name.
  search: [{ label: 'page.goodsAttrs.name', value: 'name', where: 'like' }],
  // Several can be deleted at once; no import: an attribute is its list of specs, which a sheet
  // row does not carry (and the server has no import route for it).
  buttons: { show: false, destroy: true },
  form: {
    add: fields,
    edit: fields,
    defaults: { name: '', specs: [] },
    toForm: (row) => ({ name: row.name ?? '', specs: specNames(row.specs) }),
    beforeSubmit: (values) => ({ name: String(values.name ?? '').trim(), specs: specNames(values.specs) }),
    rules: { name: [{ required: true }, { maxLength: 20 }], specs: [{ required: true, message: 'page.goodsAttrs.specsRequired' }] },
    view: [{ label: 'page.goodsAttrs.name', value: 'name' }, { label: 'page.goodsAttrs.specs', value: 'specs', viewType: 'tags_array' }, createdAtView],
  },
};

function SpecTags({ row }: { row: Row }) {
  const names = specNames(row.specs);
  if (!names.length) return <>-</>;
  return (
    <span className="flex flex-wrap gap-1">
      {names.map((name) => (
        <Tag key={name} value={name} colour="slate" />
      ))}
    </span>
  );
}

export default definePage(goodsAttrsPage);
