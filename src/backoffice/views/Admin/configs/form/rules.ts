import type { FieldRule } from '../../../../../../machines/table';

/** Client copies of the server's configuration rules (server/modules/admin-system/configs/groups.ts). */
export const URL_RULE: FieldRule = { pattern: /^(https?:\/\/[^\s]+)?$/i, message: 'page.configs.rule.url' };
export const PATH_OR_URL_RULE: FieldRule = { pattern: /^(\/(?!\/)[^\s]*|https?:\/\/[^\s]+)?$/i, message: 'page.configs.rule.pathOrUrl' };
export const HOST_RULE: FieldRule = {
  pattern: /^(https?:\/\/[^\s]+|[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*(?::\d{1,5})?)?$/,
  message: 'page.configs.rule.host',
};
export const FILE_PATH_RULE: FieldRule = { pattern: /^(https?:\/\/[^\s]+|\/(?![^\s]*(?:^|\/)\.\.(?:\/|$))[^\s]*)?$/i, message: 'page.configs.rule.filePath' };
export const EMAIL_RULE: FieldRule = { pattern: /^([^\s@]+@[^\s@]+\.[^\s@]+)?$/, message: 'page.configs.rule.email' };
export const DAYS_RULES: FieldRule[] = [{ required: true }, { number: { min: 1, max: 365, integer: true } }];
/** Minutes an unpaid order is kept (server: orders/taskConfig.ts, 1 minute to 7 days). */
export const MINUTES_RULES: FieldRule[] = [{ required: true }, { number: { min: 1, max: 10080, integer: true } }];
export const PERCENT_RULES: FieldRule[] = [{ required: true }, { pattern: /^\d{1,3}(\.\d{1,2})?$/, message: 'page.configs.rule.percent' }, { number: { min: 0, max: 100 } }];
