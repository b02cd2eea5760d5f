import { fail } from '../envelope';
import { defineMessages, t, type Lang } from '../messages';

/**
 * Messages of the generic resource layer. Every failure here is a 422 naming the field
 * (`{field}` is the request parameter), except conflict (409) and not found (404).
 */
export const crudMessage = defineMessages({
  'crud.notInteger': { 'zh-cn': '{field} 必须是整数', en: '{field} must be a whole number' },
  'crud.notPositive': { 'zh-cn': '{field} 必须是大于 0 的整数', en: '{field} must be a whole number above 0' },
  'crud.outOfRange': { 'zh-cn': '{field} 超出范围', en: '{field} is out of range' },
  'crud.notNumber': { 'zh-cn': '{field} 必须是数字', en: '{field} must be a number' },
  'crud.notBoolean': { 'zh-cn': '{field} 必须是 0 或 1', en: '{field} must be 0 or 1' },
  'crud.notDateTime': { 'zh-cn': '{field} 不是有效的时间', en: '{field} is not a valid date or time' },
  'crud.notUuid': { 'zh-cn': '{field} 不是有效的编号', en: '{field} is not a valid identifier' },
  'crud.notOption': { 'zh-cn': '{field} 不是可选的值', en: '{field} is not one of the allowed values' },
  'crud.badShape': { 'zh-cn': '{field} 的格式不正确', en: '{field} has the wrong shape' },
  'crud.badRange': { 'zh-cn': '{field} 需要两个值（起、止）', en: '{field} needs two values (from, to)' },
  'crud.tooMany': { 'zh-cn': '{field} 最多 {max} 项', en: '{field} takes at most {max} items' },
  'crud.notTree': { 'zh-cn': '该列表不是树形结构', en: 'This list is not a tree' },
  'crud.badIds': { 'zh-cn': '要删除的编号无效：{ids}', en: 'Invalid ids to delete: {ids}' },
  'crud.importTooMany': {
    'zh-cn': '一次最多导入 {max} 行（本次 {count} 行），请分批导入',
    en: 'At most {max} rows per import ({count} sent): split the file',
  },
  'crud.importChanged': { 'zh-cn': '编号 {key} 的数据在导入期间被修改或删除，请重新导入', en: 'The row with id {key} changed during the import: import again' },
  'crud.importEmpty': { 'zh-cn': '没有要导入的数据', en: 'There is nothing to import' },
  'crud.importInvalid': { 'zh-cn': '导入失败：{count} 行数据有误', en: 'Import failed: {count, plural, one {# row is} other {# rows are}} invalid' },
  'crud.conflict': { 'zh-cn': '数据已存在，不能重复', en: 'This already exists' },
  'crud.badReference': { 'zh-cn': '关联的数据不存在', en: 'A referenced record does not exist' },
  'crud.required': { 'zh-cn': '{field} 不能为空', en: '{field} is required' },
  'crud.valueTooLong': { 'zh-cn': '提交的内容过长', en: 'A value is too long' },
  'crud.valueOutOfRange': { 'zh-cn': '提交的数值超出范围', en: 'A value is out of range' },
  'crud.money': { 'zh-cn': '必须是最多两位小数的金额', en: 'must be an amount with at most 2 decimals' },
  'crud.moneyRange': { 'zh-cn': '金额必须在 {min} 到 {max} 之间', en: 'the amount must be between {min} and {max}' },
  'crud.dateTime': { 'zh-cn': '必须是 YYYY-MM-DD HH:MM:SS 格式的时间', en: 'must be a time like YYYY-MM-DD HH:MM:SS' },
  'crud.flag': { 'zh-cn': '必须是 0 或 1', en: 'must be 0 or 1' },
  'crud.badValue': { 'zh-cn': '提交的数据不符合要求', en: 'A value is not acceptable' },

  // What is wrong with one field, without naming it: the client puts it under the field or after
  // the field's label (form dialogs, import reports, list searches). `issues[].message` of a 422.
  'crud.issue.required': { 'zh-cn': '不能为空', en: 'is required' },
  'crud.issue.tooShort': { 'zh-cn': '至少需要 {min} 个字符', en: 'needs at least {min} characters' },
  'crud.issue.tooLong': { 'zh-cn': '最多 {max} 个字符', en: 'allows at most {max} characters' },
  'crud.issue.tooSmall': { 'zh-cn': '不能小于 {min}', en: 'must be at least {min}' },
  'crud.issue.tooLarge': { 'zh-cn': '不能大于 {max}', en: 'must be at most {max}' },
  'crud.issue.tooFew': { 'zh-cn': '至少选择 {min} 项', en: 'needs at least {min} items' },
  'crud.issue.tooMany': { 'zh-cn': '最多 {max} 项', en: 'takes at most {max} items' },
  'crud.issue.number': { 'zh-cn': '必须是数字', en: 'must be a number' },
  'crud.issue.integer': { 'zh-cn': '必须是整数', en: 'must be a whole number' },
  'crud.issue.positive': { 'zh-cn': '必须是大于 0 的整数', en: 'must be a whole number above 0' },
  'crud.issue.outOfRange': { 'zh-cn': '超出范围', en: 'is out of range' },
  'crud.issue.text': { 'zh-cn': '必须是文字', en: 'must be text' },
  'crud.issue.option': { 'zh-cn': '不是可选的值', en: 'is not one of the allowed values' },
  'crud.issue.dateTime': { 'zh-cn': '不是有效的时间', en: 'is not a valid date or time' },
  'crud.issue.uuid': { 'zh-cn': '不是有效的编号', en: 'is not a valid identifier' },
  'crud.issue.range': { 'zh-cn': '需要两个值（起、止）', en: 'needs two values (from, to)' },
  'crud.issue.invalid': { 'zh-cn': '格式不正确', en: 'is not valid' },

  // Values no two live rows may share (resource `unique`).
  'crud.taken': { 'zh-cn': '“{value}”已被使用，不能重复', en: '"{value}" is already in use' },
  'crud.duplicateInFile': { 'zh-cn': '“{value}”在文件中出现了不止一次', en: '"{value}" appears more than once in the file' },
  // Import as an upsert by the key column (importAction).
  'crud.importForeign': { 'zh-cn': '编号 {key} 不属于您，不能修改', en: 'The id {key} is not yours to change' },
  'crud.importNoUpdate': { 'zh-cn': '该页面的导入不能修改已有数据（编号 {key}）', en: 'This import cannot change existing rows (id {key})' },
  // Deletes refused while something still depends on the row (resource `dependents`).
  'crud.hasDependents': { 'zh-cn': '“{name}”仍被 {count} 条数据使用，不能删除。', en: '"{name}" is still used by {count, plural, one {# record} other {# records}} and cannot be deleted.' },
});

export type CrudMessageKey = Parameters<typeof crudMessage>[0];

/** A failure with one of the messages above (importing this module registers them). */
export const crudFail = (key: CrudMessageKey, vars?: Record<string, string | number>, code = 422, data: unknown = []) =>
  fail(key, vars, code, data);

/** One field's problem, without its name (see `crud.issue.*`). */
export interface FieldIssue {
  field: string;
  message: string;
}

/** A crud.* key, or another module's (a resource's own message, e.g. a unique rule's). */
type AnyMessageKey = CrudMessageKey | (string & {});

/**
 * A 422 (or `status`) about one request parameter: `msg` names it (`key` takes `{field}`), `data`
 * is `{field, issues: [{field, message}]}` with the field-less `reason` in the caller's language,
 * so a client can show its own label for the field (list searches, forms).
 */
export const fieldFail = (key: AnyMessageKey, field: string, reason: AnyMessageKey, vars: Record<string, string | number> = {}, status = 422) =>
  fail(key, { field, ...vars }, status, (lang: Lang) => ({ field, issues: [{ field, message: t(reason, lang, vars) }] satisfies FieldIssue[] }));
