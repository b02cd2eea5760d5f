/**
 * Tri-state checkbox tree for the role editors (menus of a role). The checked set holds leaf ids
 * only; a parent is checked when every leaf below it is, half-checked when some are. Saving sends
 * the checked and the half-checked ids together, on add as on edit (the reference omitted the
 * half-checked parents on add, screens §6.4 #43).
 */
export interface TreeNode {
  id: number;
  name?: string;
  content?: string;
  apis?: string;
  children?: TreeNode[];
}

export type CheckState = 'checked' | 'half' | 'unchecked';

const kids = (node: TreeNode) => (Array.isArray(node.children) ? node.children : []);
export const isLeaf = (node: TreeNode) => kids(node).length === 0;

/** Every leaf id at or below a node. */
export function leafIds(node: TreeNode): number[] {
  if (isLeaf(node)) return [node.id];
  return kids(node).flatMap(leafIds);
}

/** Every leaf id of a forest. */
export const allLeafIds = (nodes: readonly TreeNode[]) => nodes.flatMap(leafIds);

/** The state of one node given the checked leaves. */
export function stateOf(node: TreeNode, checked: ReadonlySet<number>): CheckState {
  const leaves = leafIds(node);
  const on = leaves.filter((id) => checked.has(id)).length;
  if (on === 0) return 'unchecked';
  return on === leaves.length ? 'checked' : 'half';
}

/** Clicking a node: a checked node unchecks all its leaves, otherwise checks them all. */
export function toggleNode(node: TreeNode, checked: ReadonlySet<number>): Set<number> {
  const next = new Set(checked);
  const leaves = leafIds(node);
  if (stateOf(node, checked) === 'checked') for (const id of leaves) next.delete(id);
  else for (const id of leaves) next.add(id);
  return next;
}

/** Ids of checked nodes and of half-checked nodes, walking the whole forest. */
export function collectStates(nodes: readonly TreeNode[], checked: ReadonlySet<number>): { checked: number[]; half: number[] } {
  const out = { checked: [] as number[], half: [] as number[] };
  const walk = (list: readonly TreeNode[]) => {
    for (const node of list) {
      const state = stateOf(node, checked);
      if (state === 'checked') out.checked.push(node.id);
      else if (state === 'half') out.half.push(node.id);
      walk(kids(node));
    }
  };
  walk(nodes);
  return out;
}

/** The ids to save: checked plus half-checked (a parent menu is needed to reach its children). */
export function idsToSave(nodes: readonly TreeNode[], checked: ReadonlySet<number>): number[] {
  const { checked: on, half } = collectStates(nodes, checked);
  return [...on, ...half];
}

/**
 * Edit prefill: from a role's saved menu ids keep the leaves only, so parents take their state
 * from their children (a parent saved because one child was kept stays half-checked).
 */
export function prefillLeaves(nodes: readonly TreeNode[], saved: readonly unknown[]): Set<number> {
  const wanted = new Set(saved.map(Number));
  return new Set(allLeafIds(nodes).filter((id) => wanted.has(id)));
}
