/**
 * A lazy tree page's search lists matching rows of every depth, flat: each row shows its parent
 * by name in an extra column. The parents of the shown rows are looked up in one request
 * (`<key>=<ids>|in&isAll=1` on the page URL, `key` being the column the children's pid holds).
 */
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { AreaIndex } from '../../../machines/areas';
import { readPage, type Row } from '../../../machines/table';
import { getJson } from './api';
import { collectIds } from './dicts';
import type { Column, TreeConfig } from './types';

/** Parent names by the parent key (as text) of the rows shown; empty while not searching. */
export function useTreeParents(area: AreaIndex, url: string, tree: TreeConfig | undefined, rows: readonly Row[], flat: boolean): Map<string, string> {
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const parentField = tree?.lazyPid ?? 'pid';
  const key = tree?.pid ?? 'id';
  const ids = tree && flat ? collectIds(rows, parentField) : [];
  const wanted = ids.join(',');
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    getJson(area, url, { [key]: `${wanted}|in`, isAll: 1 })
      .then((answer) => {
        const found = Array.isArray(answer) ? (answer as Row[]) : (readPage(answer)?.rows ?? []);
        if (live) setNames(new Map(found.map((row) => [String(row[key]), String(row.name ?? row[key])])));
      })
      .catch((error: unknown) => console.warn('[souk] tree parents', error));
    return () => {
      live = false;
    };
  }, [area, url, key, wanted]);
  return names;
}

/** The "parent" column of a flat search on a tree page: the parent's name, "top level" for a root. */
export function parentColumn(tree: TreeConfig, names: Map<string, string>): Column {
  const parentField = tree.lazyPid ?? 'pid';
  return {
    label: 'table.parent',
    value: parentField,
    type: 'custom',
    width: 160,
    render: (row) => {
      const pid = row[parentField];
      if (pid === null || pid === undefined || String(pid) === '' || String(pid) === '0') return <FormattedMessage id="table.topLevel" />;
      return names.get(String(pid)) ?? String(pid);
    },
  };
}

/** The page's columns with the parent column after the first one. */
export const withParentColumn = (columns: readonly Column[], parent: Column): Column[] => [...columns.slice(0, 1), parent, ...columns.slice(1)];

export const useParentColumns = (columns: readonly Column[], tree: TreeConfig | undefined, names: Map<string, string>, flat: boolean): Column[] =>
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useMemo(() => (tree && flat ? withParentColumn(columns, parentColumn(tree, names)) : [...columns]), [columns, tree, names, flat]);
