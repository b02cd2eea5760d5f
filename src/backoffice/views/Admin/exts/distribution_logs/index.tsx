import { definePage } from '../../../../table/definePage';
import type { Column, DictItem, PageConfig, SearchField } from '../../../../table/types';
import { createdAtColumn } from '../../shared/columns';

/**
 * Menu view `Admin/exts/distribution_logs/index` (spec §1 admin page `distribution_logs`): every
 * referral commission paid, one row per order line and level, filterable by the beneficiary, the
 * order, the level and the state. Read-only: commissions are paid by the settlement
 * (server/modules/distribution/commission.ts) through the ledger.
 */
export const LEVELS: DictItem[] = [
  { label: 'page.distributionLogs.level1', value: 1 },
  { label: 'page.distributionLogs.level2', value: 2 },
  { label: 'page.distributionLogs.level3', value: 3 },
];
export const STATES: DictItem[] = [
  { label: 'page.distributionLogs.pending', value: 0 },
  { label: 'page.distributionLogs.paid', value: 1 },
];

const userPicker: SearchField = {
  label: 'page.distributionLogs.user',
  value: 'user_id',
  type: 'table_select',
  pageUrl: '/Admin/users',
  showName: 'nickname',
  columns: [
    { label: 'page.users.nickname', value: 'nickname' },
    { label: 'page.users.username', value: 'username' },
  ],
  searchFields: [
    { label: 'page.users.nickname', value: 'nickname', where: 'like' },
    { label: 'page.users.username', value: 'username', where: 'like' },
  ],
};

const columns: Column[] = [
  { label: 'page.distributionLogs.user', value: 'nickname', width: 120 },
  { label: 'page.distributionLogs.buyer', value: 'buyer_name', width: 120 },
  { label: 'page.distributionLogs.store', value: 'store_name', width: 140 },
  { label: 'page.distributionLogs.orderNo', value: 'order_no', width: 190 },
  { label: 'page.distributionLogs.level', value: 'level', type: 'dict_tags', translate: true, width: 90 },
  { label: 'page.distributionLogs.base', value: 'money', type: 'money', width: 100 },
  { label: 'page.distributionLogs.rate', value: 'lev', width: 80 },
  { label: 'page.distributionLogs.commission', value: 'commission', type: 'money', width: 100 },
  { label: 'page.distributionLogs.state', value: 'status', type: 'dict_tags', translate: true, tagType: true, width: 90 },
  createdAtColumn,
];

export const adminDistributionLogsPage: PageConfig = {
  url: '/Admin/distribution_logs',
  columns,
  search: [
    userPicker,
    { label: 'page.distributionLogs.orderNo', value: 'order_no', where: 'likeRight' },
    { label: 'page.distributionLogs.level', value: 'level', type: 'select', options: LEVELS, translate: true },
    { label: 'page.distributionLogs.state', value: 'status', type: 'select', options: STATES, translate: true },
    { label: 'table.createdAt', value: 'created_at', type: 'daterange' },
  ],
  dictData: { level: LEVELS, status: STATES },
  buttons: { store: false, update: false, show: false, deletes: false },
};

export default definePage(adminDistributionLogsPage);
