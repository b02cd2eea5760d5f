import { definePage } from '../../../table/definePage';
import type { DictItem, FormField, PageConfig } from '../../../table/types';
import { LINK_URL, UPLOAD_URL, createdAtColumn, createdAtView, intRule } from '../shared/columns';

/** Menu view `Admin/advs/index`: ads of the ad spaces, shown between their start and end (screens §4.3). */
export const ADV_STATUS: DictItem[] = [
  { label: 'page.advs.on', value: 1 },
  { label: 'page.advs.off', value: 0 },
];

export const advFields: FormField[] = [
  { label: 'page.advs.space', value: 'pid', type: 'select', filterable: true, span: 12 },
  { label: 'page.advs.name', value: 'name', span: 12 },
  { label: 'page.advs.url', value: 'url', hint: 'page.advs.urlHint' },
  { label: 'page.advs.image', value: 'image', type: 'image', folder: 'adv' },
  { label: 'page.advs.start', value: 'adv_start', type: 'datetime', span: 12 },
  { label: 'page.advs.end', value: 'adv_end', type: 'datetime', span: 12 },
  { label: 'page.advs.status', value: 'status', type: 'switch', activeText: 'page.advs.on', inactiveText: 'page.advs.off', span: 12 },
  { label: 'page.advs.sort', value: 'is_sort', type: 'number', min: 0, max: 9999, span: 12 },
];

export const advRules = {
  pid: [{ required: true }],
  name: [{ required: true }, { maxLength: 25 }],
  url: [{ maxLength: 150 }, LINK_URL],
  image: [{ maxLength: 150 }, UPLOAD_URL],
  adv_start: [{ required: true }],
  adv_end: [{ required: true }],
  status: [{ required: true }],
  is_sort: [intRule(0, 9999)],
};

export const advsPage: PageConfig = {
  url: '/Admin/advs',
  buttons: { destroy: true, import: true },
  columns: [
    { label: 'page.advs.space', value: 'pid', type: 'dict_tags' },
    { label: 'page.advs.image', value: 'image', type: 'image' },
    { label: 'page.advs.name', value: 'name' },
    { label: 'page.advs.start', value: 'adv_start', type: 'datetime', width: 165 },
    { label: 'page.advs.end', value: 'adv_end', type: 'datetime', width: 165 },
    { label: 'page.advs.status', value: 'status', type: 'dict_tags', translate: true, tagType: true },
    createdAtColumn,
  ],
  search: [
    { label: 'page.advs.space', value: 'pid', type: 'select' },
    { label: 'page.advs.name', value: 'name', where: 'likeRight' },
    { label: 'page.advs.startFrom', value: 'adv_start', type: 'datetime', where: 'ngt' },
    { label: 'page.advs.endBy', value: 'adv_end', type: 'datetime', where: 'nlt' },
  ],
  dicts: [{ name: 'pid', url: '/Admin/adv_spaces', labelName: 'name', valueName: 'id' }],
  dictData: { status: ADV_STATUS },
  form: {
    add: advFields,
    edit: advFields,
    view: [
      { label: 'page.advs.space', value: 'pid', viewType: 'dict_tags' },
      { label: 'page.advs.name', value: 'name' },
      { label: 'page.advs.url', value: 'url' },
      { label: 'page.advs.image', value: 'image', viewType: 'image' },
      { label: 'page.advs.start', value: 'adv_start' },
      { label: 'page.advs.end', value: 'adv_end' },
      { label: 'page.advs.status', value: 'status', viewType: 'dict_tags', translate: true },
      { label: 'page.advs.sort', value: 'is_sort' },
      createdAtView,
    ],
    defaults: { status: 1, is_sort: 0 },
    rules: advRules,
  },
};

export default definePage(advsPage);
