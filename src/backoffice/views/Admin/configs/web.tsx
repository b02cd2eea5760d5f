import { ConfigPage } from './form/ConfigPage';
import { webGroupPath } from './form/paths';
import { DAYS_RULES, EMAIL_RULE, MINUTES_RULES, HOST_RULE, PATH_OR_URL_RULE, URL_RULE } from './form/rules';
import type { ConfigTab } from './form/types';

/** Menu view `Admin/configs/web`: site, upload, map, logistics and timed-task settings (screens §4.4). */
export const WEB_TABS: ConfigTab[] = [
  {
    key: 'web',
    label: 'page.configs.tab.web',
    source: { kind: 'scalars', names: ['web_name', 'index_name', 'keyword', 'description', 'logo', 'tel', 'mobile', 'email', 'icp', 'close_status', 'close_reason'] },
    fields: [
      { name: 'web_name', label: 'page.configs.webName', maxLength: 50, rules: [{ required: true }] },
      { name: 'index_name', label: 'page.configs.indexName', maxLength: 50 },
      { name: 'keyword', label: 'page.configs.keyword', type: 'textarea', maxLength: 100 },
      { name: 'description', label: 'page.configs.description', type: 'textarea', maxLength: 200 },
      { name: 'logo', label: 'page.configs.logo', type: 'image', folder: 'logo', width: 242, height: 74, maxLength: 150, rules: [PATH_OR_URL_RULE] },
      { name: 'tel', label: 'page.configs.tel', maxLength: 20 },
      { name: 'mobile', label: 'page.configs.mobile', maxLength: 20 },
      { name: 'email', label: 'page.configs.email', maxLength: 100, rules: [EMAIL_RULE] },
      { name: 'icp', label: 'page.configs.icp', maxLength: 50 },
      {
        name: 'close_status',
        label: 'page.configs.closeStatus',
        type: 'radio',
        options: [
          { value: '1', label: 'page.configs.siteOpen' },
          { value: '0', label: 'page.configs.siteClosed' },
        ],
        rules: [{ required: true }],
      },
      { name: 'close_reason', label: 'page.configs.closeReason', type: 'textarea', maxLength: 100 },
    ],
  },
  {
    key: 'upload',
    label: 'page.configs.tab.upload',
    source: { kind: 'json', name: 'upload' },
    fields: [
      { name: 'save_type', label: 'page.configs.upload.saveType', type: 'switch', hint: 'page.configs.upload.saveTypeHint' },
      { name: 'key', label: 'page.configs.upload.key', maxLength: 100 },
      { name: 'access', label: 'page.configs.upload.access', type: 'secret', maxLength: 200 },
      { name: 'bucket', label: 'page.configs.upload.bucket', maxLength: 100 },
      { name: 'endpoint', label: 'page.configs.upload.endpoint', maxLength: 150, rules: [HOST_RULE] },
      { name: 'cdn', label: 'page.configs.upload.cdn', maxLength: 150, rules: [URL_RULE] },
      { name: 'ssl', label: 'page.configs.upload.ssl', type: 'switch' },
    ],
  },
  {
    key: 'amap',
    label: 'page.configs.tab.amap',
    source: { kind: 'json', name: 'amap' },
    status: 'map',
    fields: [
      { name: 'key', label: 'page.configs.amap.key', type: 'secret', maxLength: 100, hint: 'page.configs.amap.keyHint' },
      { name: 'jsapi', label: 'page.configs.amap.jsapi', maxLength: 100, hint: 'page.configs.amap.jsapiHint' },
      { name: 'security', label: 'page.configs.amap.security', type: 'secret', maxLength: 100, hint: 'page.configs.amap.securityHint' },
    ],
  },
  // parcel tracking (server/modules/express): which provider, then each one's keys
  {
    key: 'logistics',
    label: 'page.configs.tab.logistics',
    source: { kind: 'json', name: 'logistics' },
    status: 'tracking',
    fields: [
      {
        name: 'provider',
        label: 'page.configs.logistics.provider',
        type: 'radio',
        options: [
          { value: 'kuaidi100', label: 'page.configs.provider.name.kuaidi100' },
          { value: 'kuaibao', label: 'page.configs.provider.name.kuaibao' },
        ],
        fallback: 'kuaidi100',
      },
    ],
  },
  {
    key: 'kuaidi100',
    label: 'page.configs.tab.kuaidi100',
    source: { kind: 'json', name: 'kuaidi100' },
    status: 'tracking',
    fields: [
      { name: 'customer', label: 'page.configs.kuaidi100.customer', maxLength: 100 },
      { name: 'key', label: 'page.configs.kuaidi100.key', type: 'secret', maxLength: 100 },
    ],
  },
  {
    key: 'kuaibao',
    label: 'page.configs.tab.kuaibao',
    note: 'page.configs.kuaibao.note',
    source: { kind: 'json', name: 'kuaibao' },
    status: 'tracking',
    fields: [
      { name: 'appid', label: 'page.configs.kuaibao.appid', maxLength: 100 },
      { name: 'appkey', label: 'page.configs.kuaibao.appkey', type: 'secret', maxLength: 200 },
      { name: 'agent_id', label: 'page.configs.kuaibao.agentId', maxLength: 100 },
    ],
  },
  {
    key: 'task',
    label: 'page.configs.tab.task',
    source: { kind: 'json', name: 'task' },
    fields: [
      { name: 'cancel_minutes', label: 'page.configs.task.cancel', type: 'number', suffix: 'page.configs.minutes', fallback: '30', rules: MINUTES_RULES },
      { name: 'confirm', label: 'page.configs.task.confirm', type: 'number', suffix: 'page.configs.days', fallback: '4', rules: DAYS_RULES },
      { name: 'settlement', label: 'page.configs.task.settlement', type: 'number', suffix: 'page.configs.days', fallback: '7', rules: DAYS_RULES },
      { name: 'refund', label: 'page.configs.task.refund', type: 'number', suffix: 'page.configs.days', fallback: '7', rules: DAYS_RULES },
      { name: 'comment', label: 'page.configs.task.comment', type: 'number', suffix: 'page.configs.days', fallback: '7', rules: DAYS_RULES },
    ],
  },
  // points earned by a completed order (server: modules/points/config.ts)
  {
    key: 'integral',
    label: 'page.configs.tab.integral',
    source: { kind: 'json', name: 'integral' },
    fields: [
      { name: 'order_rate', label: 'page.configs.integral.orderRate', type: 'number', suffix: 'page.configs.integral.orderRateSuffix', hint: 'page.configs.integral.orderRateHint', rules: [{ required: true }, { number: { min: 0, max: 10000, integer: true } }] },
    ],
  },
];

export default function WebConfigPage() {
  return <ConfigPage tabs={WEB_TABS} pathOf={webGroupPath} />;
}
