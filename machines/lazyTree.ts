/**
 * Pure helpers of the lazy tree (spec §4 "Lazy tree", §7 `GET {page}?isChildren=true&pid=`;
 * reference screens.md §2.1 `tableCfg.lazy`): nodes are keyed by the value their children
 * carry as `pid` (text), roots live under pid 0 and are the table's list rows.
 */
import { isFailureAnswer, type Row, type RowId } from './table';

/** Key of the root level (pid 0). */
export const ROOT_KEY = '0';

/** Key of a node: its pid value as text ('' and null/undefined mean the root). */
export function nodeKey(pid: unknown): string {
  if (pid === undefined || pid === null || pid === '') return ROOT_KEY;
  return String(pid);
}

/** A children load waiting in line; `expand` opens the node when it succeeds. */
export interface LoadRequest {
  /** The pid as given (number or code), sent to fetchChildren. */
  pid: RowId;
  key: string;
  expand: boolean;
}

/**
 * Queue a load. A node already waiting is not queued twice (an expand request marks it to
 * open); the load in flight (`queue[0]` when `inFlight`) only takes the expand mark, a reload
 * of it is queued again so the answer reflects the latest change.
 */
export function enqueueLoad(queue: readonly LoadRequest[], request: LoadRequest, inFlight: boolean): LoadRequest[] {
  const start = inFlight ? 1 : 0;
  const waiting = queue.findIndex((item, index) => index >= start && item.key === request.key);
  if (waiting >= 0) {
    return queue.map((item, index) => (index === waiting ? { ...item, expand: item.expand || request.expand } : item));
  }
  if (inFlight && request.expand && queue[0]?.key === request.key) {
    return queue.map((item, index) => (index === 0 ? { ...item, expand: true } : item));
  }
  return [...queue, request];
}

/** Queued loads of `key` no longer open the node (it was collapsed meanwhile). */
export const dropExpand = (queue: readonly LoadRequest[], key: string): LoadRequest[] =>
  queue.map((item) => (item.key === key && item.expand ? { ...item, expand: false } : item));

/** The rows of a children answer: an array, or `{data: []}` / `{rows: []}`; null otherwise. */
export function childRows(answer: unknown): Row[] | null {
  if (Array.isArray(answer)) return answer as Row[];
  if (!answer || typeof answer !== 'object' || isFailureAnswer(answer)) return null;
  const { data, rows } = answer as { data?: unknown; rows?: unknown };
  if (Array.isArray(rows)) return rows as Row[];
  if (Array.isArray(data)) return data as Row[];
  return null;
}

export interface TreeKeys {
  /** Row id column (selection, delete): default 'id'. */
  idKey: string;
  /** Column whose value is the pid of the row's children (areas use 'code'): default 'id'. */
  childKey: string;
}

export interface ParentMaps {
  /** Row id → key of the node it was loaded under. */
  parentOf: Record<string, string>;
  /** Node key (childKey value) → key of the node it was loaded under. */
  parentOfNode: Record<string, string>;
}

/** Remember where each loaded row hangs. */
export function recordParents(maps: ParentMaps, key: string, rows: readonly Row[], keys: TreeKeys): ParentMaps {
  const parentOf = { ...maps.parentOf };
  const parentOfNode = { ...maps.parentOfNode };
  for (const row of rows) {
    const id = row[keys.idKey];
    if (id !== undefined && id !== null) parentOf[String(id)] = key;
    const child = row[keys.childKey];
    if (child !== undefined && child !== null) parentOfNode[String(child)] = key;
  }
  return { parentOf, parentOfNode };
}

/**
 * The node to reload after a row was saved under `pid`: that node when its children are
 * loaded; otherwise its own parent (so the node shows it now has children), from what was
 * loaded. Null when the reload is the root level's (the table reloads its list) or unknown.
 */
export function reloadTarget(pid: unknown, children: Readonly<Record<string, Row[]>>, maps: ParentMaps): string | null {
  const key = nodeKey(pid);
  if (key === ROOT_KEY) return null;
  if (Object.hasOwn(children, key)) return key;
  const parent = maps.parentOfNode[key];
  return parent !== undefined && parent !== ROOT_KEY ? parent : null;
}

/** The loaded nodes to reload after deleting `ids`: each deleted row's parent, once, roots left to the table. */
export function deleteTargets(ids: readonly RowId[], children: Readonly<Record<string, Row[]>>, maps: ParentMaps): string[] {
  const targets: string[] = [];
  for (const id of ids) {
    const parent = maps.parentOf[String(id)];
    if (parent === undefined || parent === ROOT_KEY || !Object.hasOwn(children, parent)) continue;
    if (!targets.includes(parent)) targets.push(parent);
  }
  return targets;
}

/**
 * The pid value to send for a node key: the value it was loaded with, else the value a loaded
 * row carries in `childKey`, else the key itself.
 */
export function pidOfKey(key: string, pids: Readonly<Record<string, RowId>>, children: Readonly<Record<string, Row[]>>, childKey: string): RowId {
  if (Object.hasOwn(pids, key)) return pids[key];
  for (const rows of Object.values(children)) {
    for (const row of rows) {
      const value = row[childKey];
      if ((typeof value === 'string' || typeof value === 'number') && String(value) === key) return value;
    }
  }
  return key;
}

export interface TreeState extends ParentMaps {
  children: Record<string, Row[]>;
  expanded: string[];
}

/** Forget deleted rows: their parent links, and their own subtree cache and open state. */
export function forgetRows(state: TreeState, ids: readonly RowId[], keys: TreeKeys): TreeState {
  const gone = new Set(ids.map(String));
  const nodeKeys = new Set<string>();
  for (const id of gone) {
    const child = findRow(state.children, id, keys.idKey)?.[keys.childKey];
    nodeKeys.add(child === undefined || child === null ? id : String(child));
  }
  const children = Object.fromEntries(Object.entries(state.children).filter(([key]) => !nodeKeys.has(key)));
  const parentOf = Object.fromEntries(Object.entries(state.parentOf).filter(([id]) => !gone.has(id)));
  const parentOfNode = Object.fromEntries(Object.entries(state.parentOfNode).filter(([key]) => !nodeKeys.has(key)));
  return { children, parentOf, parentOfNode, expanded: state.expanded.filter((key) => !nodeKeys.has(key)) };
}

/** A loaded row with that id, anywhere in the cache. */
export function findRow(children: Readonly<Record<string, Row[]>>, id: string, idKey: string): Row | undefined {
  for (const rows of Object.values(children)) {
    const row = rows.find((candidate) => String(candidate[idKey]) === id);
    if (row) return row;
  }
  return undefined;
}

export interface TreeLine {
  row: Row;
  depth: number;
  /** The row's node key (pid of its children). */
  key: string;
  expanded: boolean;
  loading: boolean;
  error: string | null;
  /** The server flags children (`has_children`) or some are loaded. */
  expandable: boolean;
}

export interface FlattenState {
  children: Readonly<Record<string, Row[]>>;
  expanded: readonly string[];
  errors: Readonly<Record<string, string>>;
  /** Keys being loaded or waiting to be. */
  loading: readonly string[];
}

/** The visible lines of the tree, depth-first: roots (the table rows), then open nodes' children. */
export function flattenTree(roots: readonly Row[], state: FlattenState, childKey = 'id'): TreeLine[] {
  const lines: TreeLine[] = [];
  const open = new Set(state.expanded);
  const loading = new Set(state.loading);
  const walk = (rows: readonly Row[], depth: number, seen: ReadonlySet<string>) => {
    for (const row of rows) {
      const key = nodeKey(row[childKey]);
      const loaded = state.children[key];
      const isOpen = open.has(key) && !!loaded && !seen.has(key);
      lines.push({
        row,
        depth,
        key,
        expanded: isOpen,
        loading: loading.has(key),
        error: state.errors[key] ?? null,
        expandable: !!row.has_children || (!!loaded && loaded.length > 0),
      });
      if (isOpen) walk(loaded, depth + 1, new Set([...seen, key]));
    }
  };
  walk(roots, 0, new Set([ROOT_KEY]));
  return lines;
}

/** The tree after deleting `ids`, and the loaded parents to reload (deleted subtrees excluded). */
export function afterDelete(state: TreeState, ids: readonly RowId[], keys: TreeKeys): { state: TreeState; targets: string[] } {
  const targets = deleteTargets(ids, state.children, state);
  const next = forgetRows(state, ids, keys);
  return { state: next, targets: targets.filter((key) => Object.hasOwn(next.children, key)) };
}
