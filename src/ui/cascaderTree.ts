/** Pure helpers of the cascaders (back-office field and storefront): option trees, paths and captions. */
import type { DictItem } from '../../machines/table';

export interface CascaderNode {
  label: string;
  value: unknown;
  /** Lazy: the value sent as `pid` for this node's children. */
  pid: unknown;
  /** null: not loaded yet (lazy). */
  children: CascaderNode[] | null;
  leaf: boolean;
}

export interface NodeKeys {
  labelName: string;
  valueName: string;
  /** Lazy: column sent as the children's pid. */
  lazyKey: string;
}

const same = (a: unknown, b: unknown) => String(a) === String(b);

/** A static tree (children up to any depth) as nodes. */
export function staticNodes(items: readonly DictItem[], keys: NodeKeys, translate?: (text: string) => string): CascaderNode[] {
  return items.map((item) => {
    const kids = Array.isArray(item.children) && item.children.length ? staticNodes(item.children, keys, translate) : [];
    const caption = String(item[keys.labelName] ?? '');
    return { label: translate ? translate(caption) : caption, value: item[keys.valueName], pid: item[keys.lazyKey], children: kids, leaf: kids.length === 0 };
  });
}

/**
 * One lazily loaded level. Whether a node is a leaf comes from the server: `leaf` (areas'
 * `/load_areas?isLazy=1`) or `has_children` (lazy tree lists); without either it may have children.
 */
export function lazyNodes(items: readonly DictItem[], keys: NodeKeys): CascaderNode[] {
  return items.map((item) => ({
    label: String(item[keys.labelName] ?? ''),
    value: item[keys.valueName],
    pid: item[keys.lazyKey],
    children: null,
    leaf: 'leaf' in item ? Boolean(item.leaf) : 'has_children' in item ? !item.has_children : false,
  }));
}

/** The nodes along a value path (as far as they are loaded). */
export function nodesOfPath(roots: readonly CascaderNode[] | null, path: readonly unknown[]): CascaderNode[] {
  const found: CascaderNode[] = [];
  let level = roots;
  for (const value of path) {
    const node = level?.find((n) => same(n.value, value));
    if (!node) break;
    found.push(node);
    level = node.children;
  }
  return found;
}

/** The value path ending at `value` (a search over loaded nodes), or null. */
export function pathTo(roots: readonly CascaderNode[] | null, value: unknown): CascaderNode[] | null {
  if (!roots) return null;
  for (const node of roots) {
    if (same(node.value, value)) return [node];
    const below = pathTo(node.children, value);
    if (below) return [node, ...below];
  }
  return null;
}

/** A stored value as a path: emitPath values are arrays (or comma text); otherwise the last value, searched in the tree. */
export function valuePath(value: unknown, emitPath: boolean, roots: readonly CascaderNode[] | null): unknown[] {
  if (value === null || value === undefined || value === '') return [];
  if (emitPath) return Array.isArray(value) ? value : String(value).split(',');
  return pathTo(roots, value)?.map((n) => n.value) ?? [value];
}

/** Caption of a path: loaded labels joined by ' / ', raw values where not loaded. */
export function pathCaption(roots: readonly CascaderNode[] | null, path: readonly unknown[]): string {
  const nodes = nodesOfPath(roots, path);
  return path.map((value, i) => nodes[i]?.label ?? String(value)).join(' / ');
}

/** Replace the children of the node at `path` (by values) in a tree copy. */
export function setChildren(roots: readonly CascaderNode[], path: readonly unknown[], children: CascaderNode[]): CascaderNode[] {
  if (path.length === 0) return children;
  return roots.map((node) => {
    if (!same(node.value, path[0])) return node;
    if (path.length === 1) return { ...node, children, leaf: children.length === 0 };
    return { ...node, children: setChildren(node.children ?? [], path.slice(1), children) };
  });
}
