/** A flat list of `{id, pid}` rows as a nested tree (`lev` 0-based, `children` only when some). */
export type TreeNode<T> = T & { lev: number; children?: TreeNode<T>[] };

export function nestRows<T extends Record<string, unknown>, K extends string | number>(
  rows: readonly T[],
  keyOf: (row: T) => K,
  parentOf: (row: T) => K,
  root: K,
  deep = -1,
): TreeNode<T>[] {
  const byParent = new Map<K, T[]>();
  for (const row of rows) {
    const list = byParent.get(parentOf(row)) ?? [];
    list.push(row);
    byParent.set(parentOf(row), list);
  }
  const seen = new Set<K>();
  const grow = (parent: K, lev: number): TreeNode<T>[] =>
    (byParent.get(parent) ?? [])
      .filter((row) => !seen.has(keyOf(row)) && (seen.add(keyOf(row)), true))
      .map((row) => {
        const children = deep < 0 || lev < deep ? grow(keyOf(row), lev + 1) : [];
        return children.length ? { ...row, lev, children } : { ...row, lev };
      });
  return grow(root, 0);
}

/** `deep` query parameter: a whole number ≥ 0, anything else means every level (-1). */
export function deepOf(raw: string | undefined): number {
  return raw !== undefined && /^\d{1,2}$/.test(raw) ? Number(raw) : -1;
}
