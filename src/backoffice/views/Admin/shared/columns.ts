import type { FieldRule } from '../../../../../machines/table';
import type { Column, DictItem, FormField, ViewField } from '../../../table/types';

/** Pieces shared by the page configurations of both consoles. */
export const createdAtColumn: Column = { label: 'table.createdAt', value: 'created_at', type: 'datetime' };
export const createdAtView: ViewField = { label: 'table.createdAt', value: 'created_at' };

/** Yes / no dictionary (captions are locale keys: use with `translate: true`). */
export const YES_NO: DictItem[] = [
  { label: 'page.common.yes', value: 1 },
  { label: 'page.common.no', value: 0 },
];

/** Money log types (users.money / frozen_money / integral). */
export const MONEY_LOG_TYPES: DictItem[] = [
  { label: 'page.moneyLogs.type.balance', value: 0 },
  { label: 'page.moneyLogs.type.frozen', value: 1 },
  { label: 'page.moneyLogs.type.integral', value: 2 },
];

/** The store's own money log types (stores.store_money / store_frozen_money): named as the store's, not a user's (issue 30). */
export const STORE_MONEY_LOG_TYPES: DictItem[] = [
  { label: 'page.moneyLogs.type.storeBalance', value: 0 },
  { label: 'page.moneyLogs.type.storeFrozen', value: 1 },
];

/** Avatar upload 150×150 into the `avatar` folder. */
export const avatarField = (label = 'page.common.avatar'): FormField => ({
  label,
  value: 'avatar',
  type: 'avatar',
  folder: 'avatar',
  option: { width: 150, height: 150 },
});

/** '' or 6–32 characters (blank keeps the saved password / the server's default on create). */
export const PASSWORD_RULES: FieldRule[] = [{ minLength: 6 }, { maxLength: 32 }];

/** Login names of the admin system: 2–20 letters, digits, _ - @ . or Chinese characters. */
export const USERNAME_RULES: FieldRule[] = [
  { required: true },
  { minLength: 2 },
  { maxLength: 20 },
  { pattern: /^[A-Za-z0-9_\-@.\u4e00-\u9fa5]+$/, message: 'page.common.usernameRule' },
];

/** '' or an http(s) URL or an upload path `/uploads/…` (content images). */
export const UPLOAD_URL: FieldRule = { pattern: /^(https?:\/\/[^\s<>"']+|\/uploads\/[^\s<>"']+)?$/i, message: 'page.common.uploadUrlRule' };
/** '' or an http(s) URL or a site path `/…`. */
export const LINK_URL: FieldRule = { pattern: /^(https?:\/\/[^\s<>"']+|\/(?!\/)[^\s<>"']*)?$/i, message: 'page.common.linkRule' };
/** Letters, digits, _ and - (call names). */
export const CODE_RULE: FieldRule = { pattern: /^[A-Za-z0-9_-]+$/, message: 'page.common.codeRule' };
/** Whole number within bounds. */
export const intRule = (min: number, max: number): FieldRule => ({ number: { min, max, integer: true } });
