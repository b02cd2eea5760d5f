import { definePage } from '../../../table/definePage';
import type { DictItem, FormField, PageConfig } from '../../../table/types';
import { YES_NO, createdAtColumn, createdAtView, intRule, UPLOAD_URL } from '../shared/columns';

/** Menu view `Admin/app_versions/index`: app releases per device (screens §4.3). */
const DEVICES: DictItem[] = [
  { label: 'page.appVersions.android', value: 'android' },
  { label: 'page.appVersions.ios', value: 'ios' },
  { label: 'page.appVersions.mini', value: 'mini' },
];

const fields: FormField[] = [
  { label: 'page.appVersions.name', value: 'name' },
  { label: 'page.appVersions.version', value: 'version', span: 12 },
  { label: 'page.appVersions.versionCode', value: 'version_code', type: 'number', min: 0, span: 12 },
  { label: 'page.appVersions.device', value: 'device', type: 'select', translate: true, span: 12 },
  { label: 'page.appVersions.isWgt', value: 'is_wgt', type: 'radio', translate: true, dict: 'yes_no', span: 12 },
  { label: 'page.appVersions.url', value: 'url', hint: 'page.appVersions.urlHint' },
  { label: 'page.appVersions.appleId', value: 'apple_id', span: 12 },
  { label: 'page.appVersions.content', value: 'content', type: 'editor', folder: 'editor' },
];

export const appVersionsPage: PageConfig = {
  url: '/Admin/app_versions',
  buttons: { destroy: true, import: true },
  columns: [
    { label: 'page.appVersions.name', value: 'name' },
    { label: 'page.appVersions.version', value: 'version', type: 'tags' },
    { label: 'page.appVersions.versionCode', value: 'version_code', width: 100 },
    { label: 'page.appVersions.device', value: 'device', type: 'dict_tags', translate: true },
    { label: 'page.appVersions.isWgt', value: 'is_wgt', type: 'dict_tags', translate: true, dict: 'yes_no', tagType: true },
    createdAtColumn,
  ],
  search: [
    { label: 'page.appVersions.name', value: 'name', where: 'likeRight' },
    { label: 'page.appVersions.device', value: 'device', type: 'select', translate: true },
    { label: 'page.appVersions.version', value: 'version', where: 'like' },
  ],
  dictData: { device: DEVICES, yes_no: YES_NO },
  form: {
    add: fields,
    edit: fields,
    // a rich text: the form is a page (its own address; leaving unsaved asks first)
    page: true,
    width: 'min(960px, 96vw)',
    view: [
      { label: 'page.appVersions.name', value: 'name' },
      { label: 'page.appVersions.version', value: 'version', viewType: 'tag' },
      { label: 'page.appVersions.versionCode', value: 'version_code' },
      { label: 'page.appVersions.device', value: 'device', viewType: 'dict_tags', translate: true },
      { label: 'page.appVersions.isWgt', value: 'is_wgt', viewType: 'dict_tags', translate: true, dict: 'yes_no' },
      { label: 'page.appVersions.url', value: 'url' },
      { label: 'page.appVersions.appleId', value: 'apple_id' },
      { label: 'page.appVersions.content', value: 'content', viewType: 'html' },
      createdAtView,
    ],
    defaults: { device: 'android', is_wgt: 0 },
    rules: {
      name: [{ required: true }, { maxLength: 30 }],
      version: [{ maxLength: 20 }],
      version_code: [{ required: true }, intRule(0, 2147483647)],
      device: [{ required: true }],
      is_wgt: [{ required: true }],
      url: [{ maxLength: 150 }, UPLOAD_URL],
      apple_id: [{ maxLength: 20 }],
    },
  },
};

export default definePage(appVersionsPage);
