import { describe, expect, it } from 'vitest';
import {
  ROOT_KEY, afterDelete, childRows, deleteTargets, dropExpand, enqueueLoad, findRow, flattenTree, forgetRows,
  nodeKey, pidOfKey, recordParents, reloadTarget, type LoadRequest, type TreeState,
} from '../../machines/lazyTree';
import type { Row } from '../../machines/table';

const keys = { idKey: 'id', childKey: 'id' };
const req = (pid: number, expand = false): LoadRequest => ({ pid, key: String(pid), expand });
const node = (id: number, pid: number, extra: Row = {}): Row => ({ id, pid, ...extra });

describe('lazyTree helpers', () => {
  it('nodeKey: pid as text, empty means the root', () => {
    expect(nodeKey(5)).toBe('5');
    expect(nodeKey('110000')).toBe('110000');
    expect([nodeKey(0), nodeKey(''), nodeKey(null), nodeKey(undefined)]).toEqual([ROOT_KEY, ROOT_KEY, ROOT_KEY, ROOT_KEY]);
  });

  it('enqueueLoad queues once, merges the expand mark, requeues a reload of the load in flight', () => {
    expect(enqueueLoad([], req(1, true), false)).toEqual([req(1, true)]);
    expect(enqueueLoad([req(1)], req(1, true), false)).toEqual([req(1, true)]);
    expect(enqueueLoad([req(1, true)], req(1), false)).toEqual([req(1, true)]);
    // in flight: an expand only marks it, a reload runs again afterwards
    expect(enqueueLoad([req(1)], req(1, true), true)).toEqual([req(1, true)]);
    expect(enqueueLoad([req(1)], req(1), true)).toEqual([req(1), req(1)]);
    expect(enqueueLoad([req(1), req(2)], req(2, true), true)).toEqual([req(1), req(2, true)]);
    expect(enqueueLoad([req(1)], req(3), true)).toEqual([req(1), req(3)]);
  });

  it('dropExpand clears the expand mark of a node', () => {
    expect(dropExpand([req(1, true), req(2, true)], '1')).toEqual([req(1), req(2, true)]);
  });

  it('childRows reads arrays, {data} and {rows}; null for failures and other answers', () => {
    expect(childRows([node(1, 0)])).toEqual([node(1, 0)]);
    expect(childRows({ data: [node(1, 0)] })).toEqual([node(1, 0)]);
    expect(childRows({ rows: [] })).toEqual([]);
    expect(childRows({ code: 500, msg: 'x', data: [] })).toBeNull();
    expect(childRows('<!doctype html>')).toBeNull();
    expect(childRows({ total: 1 })).toBeNull();
  });

  it('recordParents maps ids and node keys to the node they were loaded under', () => {
    const maps = recordParents({ parentOf: { 1: '0' }, parentOfNode: {} }, '1', [node(10, 1), { pid: 1 }], keys);
    expect(maps).toEqual({ parentOf: { 1: '0', 10: '1' }, parentOfNode: { 10: '1' } });
    const areas = recordParents({ parentOf: {}, parentOfNode: {} }, '110000', [{ id: 2, code: '110100' }], { idKey: 'id', childKey: 'code' });
    expect(areas).toEqual({ parentOf: { 2: '110000' }, parentOfNode: { 110100: '110000' } });
  });

  it('reloadTarget: the loaded node, else its parent, never the root', () => {
    const children = { 1: [node(10, 1)], 10: [] };
    const maps = { parentOf: { 10: '1' }, parentOfNode: { 10: '1', 11: '1', 1: '0' } };
    expect(reloadTarget(10, children, maps)).toBe('10');
    expect(reloadTarget(11, children, maps)).toBe('1');
    expect(reloadTarget(0, children, maps)).toBeNull();
    expect(reloadTarget(2, children, maps)).toBeNull();
    expect(reloadTarget(1, {}, maps)).toBeNull();
  });

  it('deleteTargets: loaded parents of the deleted rows, once each, roots excluded', () => {
    const children = { 1: [node(10, 1), node(11, 1)], 2: [node(20, 2)] };
    const maps = { parentOf: { 10: '1', 11: '1', 20: '2', 1: '0', 30: '3' }, parentOfNode: {} };
    expect(deleteTargets([10, 11, 20, 1, 30, 99], children, maps)).toEqual(['1', '2']);
  });

  it('pidOfKey prefers the pid a node was loaded with, then the value in a row', () => {
    expect(pidOfKey('1', { 1: 1 }, {}, 'id')).toBe(1);
    expect(pidOfKey('10', {}, { 1: [node(10, 1)] }, 'id')).toBe(10);
    expect(pidOfKey('110100', {}, { 110000: [{ id: 2, code: '110100' }] }, 'code')).toBe('110100');
    expect(pidOfKey('7', {}, {}, 'id')).toBe('7');
  });

  it('forgetRows / afterDelete drop the deleted rows, their subtrees, and skip parents deleted too', () => {
    const state: TreeState = {
      children: { 1: [node(10, 1), node(11, 1)], 10: [node(100, 10)] },
      expanded: ['1', '10'],
      parentOf: { 10: '1', 11: '1', 100: '10' },
      parentOfNode: { 10: '1', 11: '1', 100: '10' },
    };
    expect(findRow(state.children, '100', 'id')).toEqual(node(100, 10));
    expect(findRow(state.children, '5', 'id')).toBeUndefined();
    expect(forgetRows(state, [10], keys)).toEqual({
      children: { 1: [node(10, 1), node(11, 1)] },
      expanded: ['1'],
      parentOf: { 11: '1', 100: '10' },
      parentOfNode: { 11: '1', 100: '10' },
    });
    const { targets, state: next } = afterDelete(state, [10, 100], keys);
    expect(targets).toEqual(['1']);
    expect(next.children).toEqual({ 1: [node(10, 1), node(11, 1)] });
  });

  it('flattenTree lists roots then open nodes’ children depth-first with their flags', () => {
    const roots = [node(1, 0, { has_children: true }), node(2, 0)];
    const lines = flattenTree(roots, {
      children: { 1: [node(10, 1, { has_children: 1 }), node(11, 1)], 10: [node(100, 10)], 2: [] },
      expanded: ['1', '10', '2'],
      errors: { 11: 'timeout' },
      loading: ['11'],
    });
    expect(lines.map((line) => [line.row.id, line.depth, line.expanded, line.expandable, line.loading, line.error])).toEqual([
      [1, 0, true, true, false, null],
      [10, 1, true, true, false, null],
      [100, 2, false, false, false, null],
      [11, 1, false, false, true, 'timeout'],
      [2, 0, true, false, false, null],
    ]);
    // a node open but not loaded, and a cycle back to an ancestor, do not recurse
    const cyclic = flattenTree([node(5, 0)], { children: { 5: [node(5, 5)] }, expanded: ['5'], errors: {}, loading: [] });
    expect(cyclic.map((line) => [line.row.id, line.depth])).toEqual([[5, 0], [5, 1]]);
    expect(flattenTree([node(6, 0)], { children: {}, expanded: ['6'], errors: {}, loading: [] })[0].expanded).toBe(false);
  });
});
