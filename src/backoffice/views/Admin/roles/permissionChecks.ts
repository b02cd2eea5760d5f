import type { CheckState } from '../shared/checkTree';

/** Permission groups as `GET /Admin/permission_groups?isAll=1&isWith=permissions` answers them. */
export interface PermissionGroup {
  id: number;
  name: string;
  permissions?: { id: number; name: string; apis?: string }[];
}

export const groupIds = (group: PermissionGroup) => (group.permissions ?? []).map((p) => Number(p.id));
export const everyId = (groups: readonly PermissionGroup[]) => groups.flatMap(groupIds);

/** State of a set of ids against the selection. */
export function stateOfIds(ids: readonly number[], selected: ReadonlySet<number>): CheckState {
  const on = ids.filter((id) => selected.has(id)).length;
  if (on === 0) return 'unchecked';
  return on === ids.length ? 'checked' : 'half';
}

/** Select all of `ids`, or unselect them all when they were all selected. */
export function toggleIds(ids: readonly number[], selected: ReadonlySet<number>): Set<number> {
  const next = new Set(selected);
  if (ids.length && stateOfIds(ids, selected) === 'checked') for (const id of ids) next.delete(id);
  else for (const id of ids) next.add(id);
  return next;
}

/** One permission on or off. */
export function toggleId(id: number, selected: ReadonlySet<number>): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The saved ids still offered by the groups (ids of deleted permissions are dropped). */
export function knownIds(groups: readonly PermissionGroup[], saved: readonly unknown[]): Set<number> {
  const offered = new Set(everyId(groups));
  return new Set(saved.map(Number).filter((id) => offered.has(id)));
}
