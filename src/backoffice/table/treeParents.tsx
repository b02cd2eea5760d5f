/**
 * A lazy tree page's search lists matching rows of every depth, flat: each row shows its parent
 * by name in an extra column. The parents' names are an id-lookup dictionary of the page itself
 * (`<key>=<ids>|in&isAll=1` on the page URL, `key` being the column the children's pid holds),
 * fetched by `usePageDicts` like any other.
 */
import { FormattedMessage } from 'react-intl';
import { labelIn } from './cells';
import type { Column, DictSource, TreeConfig } from './types';

/** Name of the parents dictionary (no page column or field uses it). */
export const PARENTS_DICT = '__treeParents';

/** The parents of the shown rows, looked up on the page URL by the tree's key, named by `name`. */
export function parentsDict(tree: TreeConfig, url: string): DictSource {
  return { name: PARENTS_DICT, url, selectByColumnIds: tree.lazyPid ?? 'pid', labelName: 'name', valueName: tree.pid ?? 'id' };
}

/** The "parent" column of a flat search on a tree page: the parent's name, "top level" for a root. */
export function parentColumn(tree: TreeConfig): Column {
  const parentField = tree.lazyPid ?? 'pid';
  return {
    label: 'table.parent',
    value: parentField,
    type: 'custom',
    width: 160,
    render: (row, ctx) => {
      const pid = row[parentField];
      if (pid === null || pid === undefined || String(pid) === '' || String(pid) === '0') return <FormattedMessage id="table.topLevel" />;
      return labelIn(ctx.dicts, { value: PARENTS_DICT }, pid) ?? String(pid);
    },
  };
}

/** The page's columns with the parent column after the first one. */
export const withParentColumn = (columns: readonly Column[], parent: Column): Column[] => [...columns.slice(0, 1), parent, ...columns.slice(1)];
