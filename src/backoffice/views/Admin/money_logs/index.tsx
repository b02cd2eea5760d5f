import { definePage } from '../../../table/definePage';
import type { PageConfig } from '../../../table/types';
import { MONEY_LOG_TYPES, YES_NO, createdAtColumn, createdAtView } from '../shared/columns';
import { LedgerName } from '../../../../money/LedgerName';

/**
 * Menu view `Admin/money_logs/index`: every balance change, read-only (screens §4.3). The user
 * column names the user (a store id when `is_belong` = 1).
 */
export const adminMoneyLogsPage: PageConfig = {
  url: '/Admin/money_logs',
  buttons: { store: false, update: false, deletes: false, destroy: false },
  columns: [
    { label: 'page.moneyLogs.user', value: 'user_id', type: 'dict_tags' },
    // the names the server writes, in the reader's language
    { label: 'page.moneyLogs.name', value: 'name', type: 'custom', noExport: false, render: (row) => <LedgerName name={row.name} /> },
    { label: 'page.moneyLogs.money', value: 'money', type: 'money' },
    { label: 'page.moneyLogs.type', value: 'is_type', type: 'dict_tags', translate: true },
    { label: 'page.moneyLogs.isBelong', value: 'is_belong', type: 'dict_tags', translate: true, dict: 'yes_no', tagType: true },
    { label: 'page.moneyLogs.info', value: 'info' },
    createdAtColumn,
  ],
  search: [
    { label: 'page.moneyLogs.name', value: 'name', where: 'likeRight' },
    { label: 'page.moneyLogs.money', value: 'money' },
    { label: 'page.moneyLogs.type', value: 'is_type', type: 'select', translate: true },
    { label: 'page.moneyLogs.isBelong', value: 'is_belong', type: 'select', translate: true, dict: 'yes_no' },
    { label: 'page.moneyLogs.time', value: 'created_at', type: 'daterange' },
  ],
  dicts: [{ name: 'user_id', url: '/Admin/users', selectByColumnIds: true, labelName: 'nickname', valueName: 'id' }],
  dictData: { is_type: MONEY_LOG_TYPES, yes_no: YES_NO },
  form: {
    add: [],
    edit: [],
    view: [
      { label: 'page.moneyLogs.name', value: 'name' },
      { label: 'page.moneyLogs.money', value: 'money', viewType: 'money' },
      { label: 'page.moneyLogs.type', value: 'is_type', viewType: 'dict_tags', translate: true },
      { label: 'page.moneyLogs.isBelong', value: 'is_belong', viewType: 'dict_tags', translate: true, dict: 'yes_no' },
      { label: 'page.moneyLogs.info', value: 'info' },
      createdAtView,
    ],
  },
};

export default definePage(adminMoneyLogsPage);
