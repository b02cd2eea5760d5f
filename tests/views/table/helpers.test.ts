import { describe, expect, it } from 'vitest';
import { BUTTON_DEFAULTS, actionColumnWidth, resolveButtons } from '../../../src/backoffice/table/buttons';
import { collectIds, dictItems, dictQuery, normalizeDict } from '../../../src/backoffice/table/dicts';
import { buildSheet, exportFileName, importColumns, sheetRows } from '../../../src/backoffice/table/sheet';
import { fieldSpanClass } from '../../../src/backoffice/table/FormDialog';
import { PARENTS_DICT, parentsDict } from '../../../src/backoffice/table/treeParents';
import { rulesFor } from '../../../src/backoffice/table/useTable';
import { pagerItems } from '../../../src/ui/pager';
import { lazyNodes } from '../../../src/ui/cascaderTree';

describe('table helpers', () => {
  it('form fields take a whole line on phones and their span (of 24) from 640 px', () => {
    expect(fieldSpanClass(12)).toBe('col-span-24 min-w-0 sm:col-span-12');
    expect(fieldSpanClass(undefined)).toBe('col-span-24 min-w-0 sm:col-span-24');
    expect(fieldSpanClass(40)).toBe('col-span-24 min-w-0 sm:col-span-24');
    expect(fieldSpanClass(0)).toBe('col-span-24 min-w-0 sm:col-span-1');
  });

  it('button defaults: add, edit, delete, search, export shown; batch delete and import hidden', () => {
    expect(BUTTON_DEFAULTS).toEqual({ store: true, update: true, deletes: true, show: true, search: true, export: true, destroy: false, import: false });
    const b = resolveButtons({ import: true, export: false, update: { disabled: true } });
    expect(b.import).toEqual({ show: true, disabled: false });
    expect(b.export).toEqual({ show: false, disabled: false });
    expect(b.update).toEqual({ show: true, disabled: true });
    expect(b.destroy).toEqual({ show: false, disabled: false });
  });

  it('the action column is as wide as the buttons a row shows', () => {
    const all = actionColumnWidth(resolveButtons(), 0);
    const editDelete = actionColumnWidth(resolveButtons({ show: false }), 0);
    const deleteAndOwn = actionColumnWidth(resolveButtons({ show: false, update: false }), 1);
    expect(all).toBe(172);
    expect(editDelete).toBe(120);
    expect(deleteAndOwn).toBe(132);
    expect(actionColumnWidth(resolveButtons({ show: false, update: false, deletes: false }), 0)).toBe(88);
  });

  it('pager: at most 7 entries with gaps around the current page', () => {
    expect(pagerItems(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap-right', 20]);
    expect(pagerItems(10, 20)).toEqual([1, 'gap-left', 9, 10, 11, 'gap-right', 20]);
    expect(pagerItems(20, 20)).toEqual([1, 'gap-left', 16, 17, 18, 19, 20]);
  });

  it('dictionaries: id lookups collect distinct non-zero ids; answers re-keyed to label / value', () => {
    expect(collectIds([{ s: 1 }, { s: 0 }, { s: '2,3' }, { s: 1 }, { s: null }, { s: [4, 0] }], 's')).toEqual(['1', '2', '3', '4']);
    expect(dictQuery({ name: 'stores', url: '/x', selectByColumnIds: true }, ['1', '2'])).toEqual({ isAll: 1, id: '1,2|in' });
    expect(dictQuery({ name: 'stores', url: '/x', isPageDict: true })).toEqual({});
    // a lookup by another key (a tree keyed by code) asks for that key
    expect(dictQuery({ name: 'p', url: '/x', selectByColumnIds: 'pid', labelName: 'name', valueName: 'code' }, ['11', '12'])).toEqual({ isAll: 1, code: '11,12|in' });
    expect(parentsDict({ pid: 'code' }, '/Admin/areas')).toEqual({ name: PARENTS_DICT, url: '/Admin/areas', selectByColumnIds: 'pid', labelName: 'name', valueName: 'code' });
    expect(parentsDict({ lazyPid: 'parent_id' }, '/x')).toMatchObject({ selectByColumnIds: 'parent_id', valueName: 'id' });
    expect(dictItems({ data: [{ id: 1, name: 'a' }], total: 1 }, { name: 'n', url: '/x', isPageDict: true, labelName: 'name', valueName: 'id' })).toEqual([{ id: 1, name: 'a', label: 'a', value: 1 }]);
    expect(normalizeDict([{ n: 'p', v: 1, children: [{ n: 'c', v: 2 }] }], { labelName: 'n', valueName: 'v' })[0].children?.[0]).toMatchObject({ label: 'c', value: 2 });
  });

  it('export sheet: header labels, dictionary labels, money with sign, file name', () => {
    const columns = [
      { label: 'name', value: 'name' },
      { label: 'status', value: 'status', type: 'dict' as const },
      { label: 'money', value: 'money', type: 'money' as const },
    ];
    const sheet = buildSheet(columns, [{ name: 'a', status: 1, money: '10.50' }, { name: 'b', status: 0, money: '-2.00' }], { status: [{ label: 'on', value: 1 }, { label: 'off', value: 0 }] }, (k) => k.toUpperCase());
    expect(sheet).toEqual([['NAME', 'STATUS', 'MONEY'], ['a', 'on', '+10.50'], ['b', 'off', '-2.00']]);
    expect(exportFileName('物流公司')).toBe('物流公司.xlsx');
    expect(exportFileName('')).toBe('table.xlsx');
    expect(exportFileName('a/b')).toBe('a_b.xlsx');
  });

  it('import rows: header captions to fields, dictionary labels back to values, empty rows skipped', () => {
    const columns = [{ label: 'Name', value: 'name' }, { label: 'Status', value: 'status', type: 'dict' as const }];
    const map = importColumns(columns, [], (k) => k);
    const dicts = { status: [{ label: 'on', value: 1 }, { label: 'off', value: 0 }] };
    expect(sheetRows([['Name', 'Status', 'Other'], ['a', 'off', 'x'], [null, null, null], ['b', 'on', null]], map, dicts).rows).toEqual([
      { name: 'a', status: 0 },
      { name: 'b', status: 1 },
    ]);
    expect(sheetRows([['Name']], map, dicts).rows).toEqual([]);
  });

  it('validation uses only the rules of the fields the form sends', () => {
    const rules = { name: { required: true }, password: { required: true } };
    expect(Object.keys(rulesFor(rules, { name: 'x' }))).toEqual(['name']);
    expect(rulesFor(null, { name: 'x' })).toEqual({});
  });
});

describe('lazy cascader levels', () => {
  const keys = { labelName: 'name', valueName: 'id', lazyKey: 'code' } as const;
  it('takes leaves from `leaf` (areas) or `has_children` (tree lists), else assumes children may exist', () => {
    const nodes = lazyNodes(
      [
        { id: 1, code: '110101', name: '东城区', leaf: true },
        { id: 2, code: '1101', name: '北京市', leaf: false },
        { id: 3, code: '7', name: '栏目', has_children: null },
        { id: 4, code: '8', name: '父栏目', has_children: { id: 9 } },
        { id: 5, code: '9', name: '未知' },
      ],
      keys,
    );
    expect(nodes.map((n) => [n.label, n.leaf, n.pid])).toEqual([
      ['东城区', true, '110101'],
      ['北京市', false, '1101'],
      ['栏目', true, '7'],
      ['父栏目', false, '8'],
      ['未知', false, '9'],
    ]);
  });
});
