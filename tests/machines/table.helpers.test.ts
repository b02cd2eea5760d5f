import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE, PAGE_SIZES, TAG_PALETTE, VALIDATION_KEYS, buildQuery, dictLabel, failureMessage, formatMoneyCell,
  hasSearchToggle, importErrors, importFailure, importReport, isEmptyValue, isFailureAnswer, isHtmlDocument, isPageSize,
  keepSelection, pageCount, readPage, stringHash, tagColour, validate, visibleSearchFields, withSheetLines,
} from '../../machines/table';

describe('paging and search bar helpers', () => {
  it('offers the page sizes of spec §9, 30 by default', () => {
    expect(PAGE_SIZES).toEqual([30, 100, 200, 300, 400]);
    expect(DEFAULT_PAGE_SIZE).toBe(30);
    expect(isPageSize(100)).toBe(true);
    expect(isPageSize(50)).toBe(false);
    expect(isPageSize('30')).toBe(false);
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 30)).toBe(1);
    expect(pageCount(30, 30)).toBe(1);
    expect(pageCount(31, 30)).toBe(2);
    expect(pageCount(401, 400)).toBe(2);
    expect(pageCount(10, 0)).toBe(1);
    expect(pageCount(Number.NaN, 30)).toBe(1);
  });

  it('shows the first 5 search fields unless expanded; the toggle exists above 5', () => {
    expect(visibleSearchFields(3, false)).toBe(3);
    expect(visibleSearchFields(5, false)).toBe(5);
    expect(visibleSearchFields(8, false)).toBe(5);
    expect(visibleSearchFields(8, true)).toBe(8);
    expect(visibleSearchFields(-2, true)).toBe(0);
    expect(hasSearchToggle(5)).toBe(false);
    expect(hasSearchToggle(6)).toBe(true);
  });
});

describe('buildQuery', () => {
  const fields = [
    { value: 'name', where: 'like' as const },
    { value: 'goods_sn', where: 'likeRight' as const },
    { value: 'id', where: 'in' as const },
    { value: 'price', where: 'between' as const },
    { value: 'created_at', type: 'daterange' },
    { value: 'status' },
  ];

  it('drops empty values and appends |op from each field’s where', () => {
    expect(buildQuery({ name: 'tea', goods_sn: '', status: 0, store_id: 4 }, fields)).toEqual({
      name: 'tea|like', status: 0, store_id: 4,
    });
    expect(buildQuery({ name: '  ', goods_sn: null, status: undefined, id: [] }, fields)).toEqual({});
    expect(buildQuery({ goods_sn: ' A12 ' }, fields)).toEqual({ goods_sn: 'A12|likeRight' });
  });

  it('keeps ranges as arrays; in / between take a comma list', () => {
    expect(buildQuery({ created_at: ['2024-01-01 00:00:00', '2024-02-01 00:00:00'] }, fields)).toEqual({
      created_at: ['2024-01-01 00:00:00', '2024-02-01 00:00:00'],
    });
    expect(buildQuery({ created_at: ['2024-01-01 00:00:00', null] }, fields)).toEqual({ created_at: ['2024-01-01 00:00:00', ''] });
    expect(buildQuery({ created_at: ['', ''] }, fields)).toEqual({});
    expect(buildQuery({ id: [1, 2, 3], price: [10, 20] }, fields)).toEqual({ id: '1,2,3|in', price: '10,20|between' });
  });

  it('passes values of undeclared fields through as equality', () => {
    expect(buildQuery({ is_type: 1, belong_id: '0' })).toEqual({ is_type: 1, belong_id: '0' });
  });

  it('isEmptyValue', () => {
    for (const empty of ['', ' ', null, undefined, [], ['', null]]) expect(isEmptyValue(empty)).toBe(true);
    for (const value of [0, false, 'a', ['a', ''], {}]) expect(isEmptyValue(value)).toBe(false);
  });
});

describe('tagColour', () => {
  it('colours boolean-style values green or red on every page', () => {
    for (const value of [1, '1', true, 'Yes', '成功']) expect(tagColour(value)).toBe('green');
    for (const value of [0, '0', false, 'No', '失败']) expect(tagColour(value)).toBe('red');
  });

  it('gives any other value a stable neutral colour from a hash of its text', () => {
    const colours = ['待审核', '已通过', 'Wechat', 'pending', '2', ''].map(tagColour);
    for (const colour of colours) expect(TAG_PALETTE).toContain(colour);
    expect(tagColour('待审核')).toBe(tagColour('待审核'));
    expect(tagColour(2)).toBe(tagColour('2'));
    expect(tagColour(null)).toBe(tagColour(''));
    expect(TAG_PALETTE).not.toContain('green');
    expect(TAG_PALETTE).not.toContain('red');
    // several values spread over the palette (no single colour for everything)
    expect(new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map(tagColour)).size).toBeGreaterThan(2);
  });

  it('hashes like h * 31 + c as an unsigned 32-bit number', () => {
    expect(stringHash('')).toBe(0);
    expect(stringHash('a')).toBe(97);
    expect(stringHash('ab')).toBe(97 * 31 + 98);
    const long = stringHash('a fairly long status text that overflows 32 bits');
    expect(long).toBeGreaterThanOrEqual(0);
    expect(long).toBeLessThan(2 ** 32);
  });
});

describe('formatMoneyCell', () => {
  it('reads integer cents and 2-decimal strings, + for values ≥ 0', () => {
    expect(formatMoneyCell(1050)).toEqual({ text: '+10.50', tone: 'positive' });
    expect(formatMoneyCell(0)).toEqual({ text: '0.00', tone: 'zero' });
    expect(formatMoneyCell(-5)).toEqual({ text: '-0.05', tone: 'negative' });
    expect(formatMoneyCell('10.50')).toEqual({ text: '+10.50', tone: 'positive' });
    expect(formatMoneyCell('-3.2')).toEqual({ text: '-3.20', tone: 'negative' });
    expect(formatMoneyCell('0.00')).toEqual({ text: '0.00', tone: 'zero' });
    expect(formatMoneyCell('-0.00')).toEqual({ text: '0.00', tone: 'zero' });
  });

  it("shows '-' for no amount (the reference showed '+-')", () => {
    for (const value of [null, undefined, '', 'abc', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatMoneyCell(value as number | string | null)).toEqual({ text: '-', tone: 'none' });
    }
  });
});

describe('dictLabel', () => {
  const dict = [
    { label: '未审核', value: 0 },
    { label: '已审核', value: 1 },
    {
      label: '华东', value: 'east',
      children: [{ label: '江苏', value: 32, children: [{ label: '南京', value: 3201, children: [{ label: '玄武区', value: 320102, children: [{ label: 'deep', value: 9 }] }] }] }],
    },
  ];

  it('finds the caption at the top and up to 3 levels of children, comparing as text', () => {
    expect(dictLabel(dict, 1)).toBe('已审核');
    expect(dictLabel(dict, '0')).toBe('未审核');
    expect(dictLabel(dict, 32)).toBe('江苏');
    expect(dictLabel(dict, '3201')).toBe('南京');
    expect(dictLabel(dict, 320102)).toBe('玄武区');
  });

  it('returns null beyond 3 levels, for unknown values and for missing dictionaries', () => {
    expect(dictLabel(dict, 9)).toBeNull();
    expect(dictLabel(dict, 7)).toBeNull();
    expect(dictLabel(dict, null)).toBeNull();
    expect(dictLabel(undefined, 1)).toBeNull();
  });

  it('takes other label / value keys', () => {
    const brands = [{ id: 4, name: 'Acme' }];
    expect(dictLabel(brands, '4', { labelName: 'name', valueName: 'id' })).toBe('Acme');
  });
});

describe('validate', () => {
  it('returns the first failing rule of each field as a locale key', () => {
    const rules = {
      name: [{ required: true }, { minLength: 2 }, { maxLength: 4 }],
      phone: { pattern: '^1\\d{10}$' },
      sort: { number: { min: 0, max: 99, integer: true } },
      tags: { minLength: 1, required: true },
    };
    expect(validate({ name: '', phone: '', sort: '', tags: [] }, rules)).toEqual({
      name: { key: 'msg.requiredMsg' },
      tags: { key: 'msg.requiredMsg' },
    });
    expect(validate({ name: 'a', phone: '123', sort: 'x', tags: ['a'] }, rules)).toEqual({
      name: { key: VALIDATION_KEYS.minLength, values: { min: 2 } },
      phone: { key: 'validate.pattern' },
      sort: { key: 'validate.number' },
    });
    expect(validate({ name: '商品名称长', phone: '13800000000', sort: '1.5' }, rules)).toEqual({
      name: { key: 'validate.maxLength', values: { max: 4 } },
      sort: { key: 'validate.integer' },
      tags: { key: 'msg.requiredMsg' },
    });
    expect(validate({ name: '茶叶', phone: '13800000000', sort: 100, tags: ['x'] }, rules)).toEqual({
      sort: { key: 'validate.maxValue', values: { max: 99 } },
    });
    expect(validate({ name: '茶叶', sort: -1, tags: ['x'] }, rules)).toEqual({ sort: { key: 'validate.minValue', values: { min: 0 } } });
    expect(validate({ name: '茶叶', sort: ' 7 ', tags: ['x'] }, rules)).toEqual({});
  });

  it('uses a rule’s own message key, and accepts RegExp patterns (global ones too)', () => {
    const rules = { pay_password: { pattern: /^\d+$/g, message: 'msg.payPasswordThr' } };
    expect(validate({ pay_password: '12a' }, rules)).toEqual({ pay_password: { key: 'msg.payPasswordThr' } });
    expect(validate({ pay_password: '123' }, rules)).toEqual({});
    expect(validate({ pay_password: '456' }, rules)).toEqual({});
  });

  it('a rule with `on` applies only to that form', () => {
    const rules = { password: [{ required: true, on: 'add' as const }, { minLength: 6 }] };
    expect(validate({ password: '' }, rules, 'add')).toEqual({ password: { key: 'msg.requiredMsg' } });
    expect(validate({ password: '' }, rules, 'edit')).toEqual({});
    expect(validate({ password: '' }, rules)).toEqual({});
    expect(validate({ password: '123' }, rules, 'edit')).toEqual({ password: { key: 'validate.minLength', values: { min: 6 } } });
  });

  it('no rules, no errors', () => {
    expect(validate({ anything: '' }, null)).toEqual({});
  });
});

describe('answers', () => {
  it('an answer with code, data and msg together is a failure (spec §8)', () => {
    expect(isFailureAnswer({ code: 422, msg: 'bad', data: { field: 'name' } })).toBe(true);
    expect(isFailureAnswer({ code: 500, msg: '', data: null })).toBe(true);
    expect(isFailureAnswer({ id: 1, code: 'A1', msg: 'x' })).toBe(false);
    expect(isFailureAnswer({ id: 1 })).toBe(false);
    expect(isFailureAnswer(null)).toBe(false);
    expect(isFailureAnswer([1])).toBe(false);
  });

  it('failureMessage reads msg, message or a string', () => {
    expect(failureMessage({ code: 1, msg: 'taken', data: [] })).toBe('taken');
    expect(failureMessage(new Error('boom'))).toBe('boom');
    expect(failureMessage('plain')).toBe('plain');
    expect(failureMessage(42)).toBe('');
  });

  it('recognises an HTML document (a list answer to ignore)', () => {
    expect(isHtmlDocument('<!doctype html><html></html>')).toBe(true);
    expect(isHtmlDocument('  <html lang="zh">')).toBe(true);
    expect(isHtmlDocument('<div>not a document</div>')).toBe(false);
    expect(isHtmlDocument({ rows: [] })).toBe(false);
  });

  it('readPage takes {rows,total}, a paginator or an array; null otherwise', () => {
    expect(readPage({ rows: [{ id: 1 }], total: 9 })).toEqual({ rows: [{ id: 1 }], total: 9, capped: false, count: null });
    expect(readPage({ data: [{ id: 1 }], total: '12', count: { a: 1 }, per_page: 30 })).toEqual({ rows: [{ id: 1 }], total: 12, capped: false, count: { a: 1 } });
    expect(readPage({ data: [{ id: 1 }] })).toEqual({ rows: [{ id: 1 }], total: 1, capped: false, count: null });
    expect(readPage({ data: [{ id: 1 }], total: 'many' })).toEqual({ rows: [{ id: 1 }], total: 1, capped: false, count: null });
    expect(readPage([{ id: 1 }, { id: 2 }])).toEqual({ rows: [{ id: 1 }, { id: 2 }], total: 2, capped: false, count: null });
    // the server stopped counting: the total is a lower bound
    expect(readPage({ data: [{ id: 1 }], total: 10_001, total_capped: true })).toEqual({ rows: [{ id: 1 }], total: 10_001, capped: true, count: null });
    expect(readPage({ code: 500, msg: 'x', data: [] })).toBeNull();
    expect(readPage({ total: 3 })).toBeNull();
    expect(readPage('text')).toBeNull();
  });

  it('keepSelection keeps the ids still listed, comparing as text', () => {
    expect(keepSelection([1, '2', 5], [{ id: '1' }, { id: 2 }, { id: 3 }], 'id')).toEqual([1, '2']);
    expect(keepSelection([7], [{ code: 7 }], 'code')).toEqual([7]);
  });
});

describe('import report', () => {
  const errors = [{ row: 0, field: 'name', message: 'required' }];

  it('is a success only with the number of imported rows', () => {
    expect(importReport({ imported: 12 })).toEqual({ ok: true, imported: 12 });
    expect(importReport({ imported: 0 })).toEqual({ ok: true, imported: 0 });
    expect(importReport(null)).toEqual({ ok: false, message: '', errors: [] });
    expect(importReport({ imported: '12' })).toEqual({ ok: false, message: '', errors: [] });
  });

  it('carries the per-row errors of a refusal', () => {
    expect(importReport({ code: 422, msg: 'invalid', data: { field: 'rows', errors } })).toEqual({ ok: false, message: 'invalid', errors });
    expect(importFailure({ msg: 'invalid', errors })).toEqual({ ok: false, message: 'invalid', errors });
    expect(importFailure(new Error('offline'))).toEqual({ ok: false, message: 'offline', errors: [] });
    expect(importErrors({ data: { errors: [...errors, { row: 'x' }, null] } })).toEqual(errors);
    expect(importErrors(undefined)).toEqual([]);
  });

  it('names the sheet line of each refused row from the lines kept for the rows sent', () => {
    const lines = [2, 4];
    const two = [{ row: 1, field: 'name', message: 'taken' }, { row: 5, field: 'name', message: 'odd' }];
    const numbered = [{ row: 1, field: 'name', message: 'taken', line: 4 }, { row: 5, field: 'name', message: 'odd' }];
    expect(importReport({ code: 422, msg: 'invalid', data: { errors: two } }, lines)).toEqual({ ok: false, message: 'invalid', errors: numbered });
    expect(importFailure({ msg: 'invalid', errors: two }, lines)).toEqual({ ok: false, message: 'invalid', errors: numbered });
    expect(importReport({ imported: 2 }, lines)).toEqual({ ok: true, imported: 2 });
    expect(withSheetLines(null, lines)).toBeNull();
    expect(withSheetLines({ data: null }, lines)).toEqual({ data: null });
    expect(withSheetLines({ data: { errors: [null, { row: 0 }] } }, lines)).toEqual({ data: { errors: [null, { row: 0, line: 2 }] } });
  });
});
