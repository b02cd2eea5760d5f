/** A menu row as load_menu sends it. */
export interface MenuRow {
  id: number;
  pid: number;
  name: string;
  ename: string;
  icon: string;
  apis: string;
  view: string;
  is_open: number;
  is_sort: number;
}

export type MenuNode = MenuRow & { lev: number; children?: MenuNode[] };

const byOrder = (a: MenuRow, b: MenuRow) => a.is_sort - b.is_sort || a.id - b.id;

/**
 * Builds the tree from pid 0: each node gets `lev` (0-based depth) and `children` only when it
 * has some; siblings ordered by is_sort then id. `deep` limits the depth (-1 = all levels).
 */
export function buildTree(rows: MenuRow[], deep = -1): MenuNode[] {
  const byParent = new Map<number, MenuRow[]>();
  for (const row of [...rows].sort(byOrder)) {
    const list = byParent.get(row.pid) ?? [];
    list.push(row);
    byParent.set(row.pid, list);
  }
  const seen = new Set<number>();
  const grow = (pid: number, lev: number): MenuNode[] =>
    (byParent.get(pid) ?? [])
      .filter((row) => !seen.has(row.id) && (seen.add(row.id), true))
      .map((row) => {
        const children = deep === -1 || lev < deep ? grow(row.id, lev + 1) : [];
        return children.length ? { ...row, lev, children } : { ...row, lev };
      });
  return grow(0, 0);
}

/** The first page (depth first) with an internal path and a view: where to land after login. */
export function firstPage(nodes: MenuNode[]): string {
  for (const node of nodes) {
    if (node.apis && node.view && !/^https?:\/\//i.test(node.apis)) return node.apis;
    const inner = node.children ? firstPage(node.children) : '';
    if (inner) return inner;
  }
  return '';
}

/** The rows plus every ancestor they need to hang in the tree. */
export function withAncestors(all: MenuRow[], granted: Set<number>): MenuRow[] {
  const byId = new Map(all.map((row) => [row.id, row]));
  const keep = new Set<number>();
  for (const id of granted) {
    for (let row = byId.get(id); row && !keep.has(row.id); row = byId.get(row.pid)) keep.add(row.id);
  }
  return all.filter((row) => keep.has(row.id));
}
