import { describe, expect, it } from 'vitest';
import { lazyTreeMachine, type FetchChildrenInput, type LazyTreeInput } from '../../machines/lazyTree.machine';
import type { Row } from '../../machines/table';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

/** Menu-like rows: id, pid, name; `has_children` marks expandable rows. */
const node = (id: number, pid: number, has_children = false): Row => ({ id, pid, name: `menu ${id}`, has_children });

function setupTree(input: LazyTreeInput = {}) {
  const log = recordActions(['notifyLoadError']);
  const fetchChildren = manualActor<unknown, FetchChildrenInput>();
  const actor = createTestActor(lazyTreeMachine.provide({ actions: log.actions, actors: { fetchChildren: fetchChildren.logic } }), { input });
  actor.start();
  return { actor, log, fetchChildren };
}

type Tree = ReturnType<typeof setupTree>;
const state = (tree: Tree) => tree.actor.getSnapshot().value;
const ctx = (tree: Tree) => tree.actor.getSnapshot().context;

/** Expand `id` and answer with `rows`. */
async function expandWith(tree: Tree, id: number | string, rows: Row[]) {
  tree.actor.send({ type: 'EXPAND', id });
  tree.fetchChildren.last().resolve(rows);
  await flush();
}

describe('lazyTree: expand and collapse', () => {
  it('starts idle with nothing loaded', () => {
    const tree = setupTree();
    expect(state(tree)).toBe('idle');
    expect(ctx(tree)).toMatchObject({ idKey: 'id', childKey: 'id', children: {}, expanded: [], queue: [], errors: {} });
  });

  it('EXPAND loads the children by parent id, opens the node and remembers each row’s parent', async () => {
    const tree = setupTree();
    tree.actor.send({ type: 'EXPAND', id: 1 });
    expect(state(tree)).toBe('loading');
    expect(tree.fetchChildren.last().input).toEqual({ pid: 1 });
    tree.fetchChildren.last().resolve([node(10, 1, true), node(11, 1)]);
    await flush();
    expect(state(tree)).toBe('idle');
    expect(ctx(tree)).toMatchObject({
      children: { 1: [node(10, 1, true), node(11, 1)] },
      expanded: ['1'],
      queue: [],
      parentOf: { 10: '1', 11: '1' },
      parentOfNode: { 10: '1', 11: '1' },
    });
  });

  it('loads once: collapsing and expanding again is served from the cache', async () => {
    const tree = setupTree();
    await expandWith(tree, 1, [node(10, 1)]);
    tree.actor.send({ type: 'COLLAPSE', id: 1 });
    expect(ctx(tree).expanded).toEqual([]);
    expect(ctx(tree).children['1']).toEqual([node(10, 1)]);
    tree.actor.send({ type: 'EXPAND', id: 1 });
    expect(state(tree)).toBe('idle');
    expect(ctx(tree).expanded).toEqual(['1']);
    expect(tree.fetchChildren.calls).toHaveLength(1);
  });

  it('accepts a paginator-shaped answer', async () => {
    const tree = setupTree();
    await expandWith(tree, 2, { data: [node(20, 2)] } as unknown as Row[]);
    expect(ctx(tree).children['2']).toEqual([node(20, 2)]);
  });

  it('loads one node at a time, in order; expanding a waiting node again does not queue it twice', async () => {
    const tree = setupTree();
    await expandWith(tree, 1, [node(10, 1, true)]);
    tree.actor.send({ type: 'EXPAND', id: 2 });
    tree.actor.send({ type: 'EXPAND', id: 10 });
    tree.actor.send({ type: 'EXPAND', id: 10 });
    tree.actor.send({ type: 'EXPAND', id: 2 });
    // a cached node opens at once even while another loads
    tree.actor.send({ type: 'COLLAPSE', id: 1 });
    tree.actor.send({ type: 'EXPAND', id: 1 });
    expect(ctx(tree).expanded).toEqual(['1']);
    expect(ctx(tree).queue.map((item) => item.key)).toEqual(['2', '10']);
    expect(tree.fetchChildren.calls.map((call) => call.input)).toEqual([{ pid: 1 }, { pid: 2 }]);

    tree.fetchChildren.last().resolve([node(20, 2)]);
    await flush();
    expect(state(tree)).toBe('loading');
    expect(tree.fetchChildren.last().input).toEqual({ pid: 10 });
    tree.fetchChildren.last().resolve([node(100, 10)]);
    await flush();
    expect(state(tree)).toBe('idle');
    expect(ctx(tree).expanded).toEqual(['1', '2', '10']);
    expect(tree.fetchChildren.calls).toHaveLength(3);
  });

  it('collapsing a node while it loads keeps it closed when the children arrive', async () => {
    const tree = setupTree();
    tree.actor.send({ type: 'EXPAND', id: 3 });
    tree.actor.send({ type: 'COLLAPSE', id: 3 });
    tree.fetchChildren.last().resolve([node(30, 3)]);
    await flush();
    expect(ctx(tree).expanded).toEqual([]);
    expect(ctx(tree).children['3']).toEqual([node(30, 3)]);
  });

  it('a failed load keeps the node collapsed with the error; the next EXPAND tries again', async () => {
    const tree = setupTree();
    tree.actor.send({ type: 'EXPAND', id: 4 });
    tree.fetchChildren.last().reject(new Error('网络异常，请检查！'));
    await flush();
    expect(state(tree)).toBe('idle');
    expect(ctx(tree)).toMatchObject({ expanded: [], errors: { 4: '网络异常，请检查！' }, queue: [] });
    expect(ctx(tree).children).toEqual({});
    expect(tree.log.calls).toEqual([{ type: 'notifyLoadError', params: { pid: 4, message: '网络异常，请检查！' } }]);

    await expandWith(tree, 4, [node(40, 4)]);
    expect(ctx(tree)).toMatchObject({ expanded: ['4'], errors: {} });
  });

  it('a failure answer (code, data, msg) is a failed load too, and the queue goes on', async () => {
    const tree = setupTree();
    tree.actor.send({ type: 'EXPAND', id: 5 });
    tree.actor.send({ type: 'EXPAND', id: 6 });
    tree.fetchChildren.last().resolve({ code: 403, msg: 'no permission', data: [] });
    await flush();
    expect(state(tree)).toBe('loading');
    expect(ctx(tree).errors).toEqual({ 5: 'no permission' });
    expect(tree.fetchChildren.last().input).toEqual({ pid: 6 });
    tree.fetchChildren.last().reject(new Error('timeout'));
    await flush();
    expect(state(tree)).toBe('idle');
    expect(ctx(tree)).toMatchObject({ expanded: [], errors: { 5: 'no permission', 6: 'timeout' } });
    expect(tree.log.paramsOf('notifyLoadError')).toEqual([
      { pid: 5, message: 'no permission' },
      { pid: 6, message: 'timeout' },
    ]);
  });

  it('keys nodes by another column (areas expand by code)', async () => {
    const tree = setupTree({ childKey: 'code' });
    tree.actor.send({ type: 'EXPAND', id: '110000' });
    expect(tree.fetchChildren.last().input).toEqual({ pid: '110000' });
    tree.fetchChildren.last().resolve([{ id: 2, code: '110100', pid: '110000', name: '北京市' }]);
    await flush();
    expect(ctx(tree)).toMatchObject({ expanded: ['110000'], parentOf: { 2: '110000' }, parentOfNode: { 110100: '110000' } });
  });
});

describe('lazyTree: reload after a change', () => {
  it('RELOAD.PARENT reloads the saved row’s parent when its children are loaded, keeping it open', async () => {
    const tree = setupTree();
    await expandWith(tree, 1, [node(10, 1)]);
    tree.actor.send({ type: 'RELOAD.PARENT', pid: 1 });
    expect(state(tree)).toBe('loading');
    expect(tree.fetchChildren.last().input).toEqual({ pid: 1 });
    tree.fetchChildren.last().resolve([node(10, 1), node(12, 1)]);
    await flush();
    expect(ctx(tree)).toMatchObject({ children: { 1: [node(10, 1), node(12, 1)] }, expanded: ['1'], parentOf: { 12: '1' } });
  });

  it('a parent never expanded reloads its own parent, so it shows it has children now', async () => {
    const tree = setupTree();
    await expandWith(tree, 1, [node(10, 1)]);
    tree.actor.send({ type: 'COLLAPSE', id: 1 });
    tree.actor.send({ type: 'RELOAD.PARENT', pid: 10 });
    expect(tree.fetchChildren.last().input).toEqual({ pid: 1 });
    tree.fetchChildren.last().resolve([node(10, 1, true)]);
    await flush();
    expect(ctx(tree).children['1']).toEqual([node(10, 1, true)]);
    expect(ctx(tree).expanded).toEqual([]);
  });

  it('root-level and unknown parents are left to the table (no load)', async () => {
    const tree = setupTree();
    tree.actor.send({ type: 'RELOAD.PARENT', pid: 0 });
    tree.actor.send({ type: 'RELOAD.PARENT', pid: 77 });
    expect(state(tree)).toBe('idle');
    expect(tree.fetchChildren.calls).toHaveLength(0);
  });

  it('a reload asked while the same node loads runs again after it', async () => {
    const tree = setupTree();
    await expandWith(tree, 1, [node(10, 1)]);
    tree.actor.send({ type: 'RELOAD.PARENT', pid: 1 });
    tree.actor.send({ type: 'RELOAD.PARENT', pid: 1 });
    tree.actor.send({ type: 'RELOAD.PARENT', pid: 1 });
    tree.actor.send({ type: 'RELOAD.PARENT', pid: 0 });
    expect(ctx(tree).queue.map((item) => item.key)).toEqual(['1', '1']);
    tree.fetchChildren.last().resolve([node(10, 1)]);
    await flush();
    expect(state(tree)).toBe('loading');
    tree.fetchChildren.last().resolve([node(10, 1), node(13, 1)]);
    await flush();
    expect(state(tree)).toBe('idle');
    expect(tree.fetchChildren.calls).toHaveLength(3);
    expect(ctx(tree).children['1']).toEqual([node(10, 1), node(13, 1)]);
  });

  it('RELOAD.AFTER_DELETE reloads each deleted row’s parent once and forgets the deleted subtrees', async () => {
    const tree = setupTree();
    await expandWith(tree, 1, [node(10, 1, true), node(11, 1)]);
    await expandWith(tree, 2, [node(20, 2)]);
    await expandWith(tree, 10, [node(100, 10)]);
    tree.actor.send({ type: 'RELOAD.AFTER_DELETE', ids: [10, 11, 20] });
    expect(state(tree)).toBe('loading');
    expect(ctx(tree).children).not.toHaveProperty('10');
    expect(ctx(tree).expanded).toEqual(['1', '2']);
    expect(ctx(tree).parentOf).not.toHaveProperty('10');
    expect(ctx(tree).queue.map((item) => item.pid)).toEqual([1, 2]);
    tree.fetchChildren.last().resolve([]);
    await flush();
    expect(tree.fetchChildren.last().input).toEqual({ pid: 2 });
    tree.fetchChildren.last().resolve([]);
    await flush();
    expect(state(tree)).toBe('idle');
    expect(ctx(tree).children).toEqual({ 1: [], 2: [] });
    expect(tree.fetchChildren.calls.map((call) => call.input)).toEqual([{ pid: 1 }, { pid: 2 }, { pid: 10 }, { pid: 1 }, { pid: 2 }]);
  });

  it('deleting roots or unknown rows only forgets them', async () => {
    const tree = setupTree();
    await expandWith(tree, 1, [node(10, 1)]);
    tree.actor.send({ type: 'RELOAD.AFTER_DELETE', ids: [1, 999] });
    expect(state(tree)).toBe('idle');
    expect(ctx(tree)).toMatchObject({ children: {}, expanded: [] });
    expect(tree.fetchChildren.calls).toHaveLength(1);
  });

  it('a delete while a load runs queues the parents behind it', async () => {
    const tree = setupTree();
    await expandWith(tree, 1, [node(10, 1), node(11, 1)]);
    tree.actor.send({ type: 'EXPAND', id: 2 });
    tree.actor.send({ type: 'RELOAD.AFTER_DELETE', ids: [11] });
    expect(ctx(tree).queue.map((item) => item.key)).toEqual(['2', '1']);
    expect(ctx(tree).parentOf).not.toHaveProperty('11');
    tree.fetchChildren.last().resolve([node(20, 2)]);
    await flush();
    expect(tree.fetchChildren.last().input).toEqual({ pid: 1 });
    tree.fetchChildren.last().resolve([node(10, 1)]);
    await flush();
    expect(state(tree)).toBe('idle');
    expect(ctx(tree).children).toMatchObject({ 1: [node(10, 1)], 2: [node(20, 2)] });
    expect(ctx(tree).expanded).toEqual(['1', '2']);
  });
});
