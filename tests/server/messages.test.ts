import { describe, expect, it } from 'vitest';
import '../../server/http/crud/messages';
import { defineMessages, plurals, t } from '../../server/http/messages';

/** ICU plural arguments in server messages (QA 2026-11-25: "Import failed: 1 rows are invalid"). */
describe('server messages: plurals', () => {
  defineMessages({ 'test.rows': { 'zh-cn': '{count} 行（{name}）', en: '{count, plural, =0 {no rows} one {# row} other {# rows}} of "{name}"' } });

  it('picks the branch of the number, `=n` first, and fills # and the other variables', () => {
    expect(t('test.rows', 'en', { count: 1, name: 'A' })).toBe('1 row of "A"');
    expect(t('test.rows', 'en', { count: 2, name: 'A' })).toBe('2 rows of "A"');
    expect(t('test.rows', 'en', { count: 0, name: 'A' })).toBe('no rows of "A"');
    expect(t('test.rows', 'zh-cn', { count: 2, name: 'A' })).toBe('2 行（A）');
  });

  it('leaves a message without a plural, or a broken one, as it is', () => {
    expect(plurals('{count} rows', 'en', { count: 1 })).toBe('{count} rows');
    expect(plurals('{count, plural, one {# row}}', 'en', { count: 1 })).toBe('{count, plural, one {# row}}');
    expect(plurals('a {n, plural, one {# x} other {# xs}} and {m, plural, one {# y} other {# ys}}', 'en', { n: 1, m: 3 })).toBe('a 1 x and 3 ys');
  });

  it('the import report counts its rows in English', () => {
    expect(t('crud.importInvalid', 'en', { count: 1 })).toBe('Import failed: 1 row is invalid');
    expect(t('crud.importInvalid', 'en', { count: 3 })).toBe('Import failed: 3 rows are invalid');
    expect(t('crud.importInvalid', 'zh-cn', { count: 3 })).toBe('导入失败：3 行数据有误');
  });
});
