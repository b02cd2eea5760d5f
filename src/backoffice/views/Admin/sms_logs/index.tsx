import { definePage } from '../../../table/definePage';
import type { DictItem, PageConfig } from '../../../table/types';
import { createdAtColumn, createdAtView } from '../shared/columns';

/** Menu view `Admin/sms_logs/index`: sent codes, read-only but deletable (screens §4.3, bug 22 fixed). */
const STATUS: DictItem[] = [
  { label: 'page.smsLogs.success', value: 1 },
  { label: 'page.smsLogs.failure', value: 0 },
];

export const smsLogsPage: PageConfig = {
  url: '/Admin/sms_logs',
  buttons: { store: false, update: false, destroy: true },
  columns: [
    { label: 'page.smsLogs.name', value: 'name' },
    { label: 'page.smsLogs.phone', value: 'phone', type: 'tags' },
    { label: 'page.smsLogs.content', value: 'content', type: 'tags' },
    { label: 'page.smsLogs.status', value: 'status', type: 'dict_tags', translate: true, tagType: true },
    { label: 'page.smsLogs.ip', value: 'ip' },
    { label: 'page.smsLogs.error', value: 'error_msg' },
    createdAtColumn,
  ],
  search: [
    { label: 'page.smsLogs.name', value: 'name', where: 'likeRight' },
    { label: 'page.smsLogs.phone', value: 'phone', where: 'likeRight' },
    { label: 'page.smsLogs.ip', value: 'ip' },
    { label: 'page.smsLogs.status', value: 'status', type: 'select', translate: true },
  ],
  dictData: { status: STATUS },
  form: {
    add: [],
    edit: [],
    view: [
      { label: 'page.smsLogs.name', value: 'name' },
      { label: 'page.smsLogs.phone', value: 'phone', viewType: 'tag' },
      { label: 'page.smsLogs.content', value: 'content', viewType: 'tag' },
      { label: 'page.smsLogs.status', value: 'status', viewType: 'dict_tags', translate: true },
      { label: 'page.smsLogs.ip', value: 'ip' },
      { label: 'page.smsLogs.error', value: 'error_msg', viewType: 'text' },
      { label: 'page.smsLogs.usedAt', value: 'used_at' },
      createdAtView,
    ],
  },
};

export default definePage(smsLogsPage);
