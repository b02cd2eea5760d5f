import { useCallback, useMemo, useRef, useState } from 'react';
import type { AreaIndex } from '../../../../../machines/areas';
import { TablePage } from '../../../table/TablePage';
import type { PageConfig, TableApi } from '../../../table/types';
import { createdAtColumn, createdAtView } from './columns';
import { RoleEditor } from './RoleEditor';

/** The roles list of a console: name and date, search by name; add / edit open the role editor. */
export function rolesPage(url: string, openEditor: (id: number | null, api: TableApi) => void): PageConfig {
  return {
    url,
    // several roles can be deleted at once; none imported: a role is its menu and API grants, which a sheet does not carry
    buttons: { store: false, update: false, destroy: true },
    columns: [{ label: 'page.roles.name', value: 'name' }, createdAtColumn],
    search: [{ label: 'page.roles.name', value: 'name', where: 'likeRight' }],
    toolbar: [{ label: 'page.roles.add', variant: 'office', onClick: (api) => openEditor(null, api) }],
    rowActions: [{ label: 'page.roles.edit', variant: 'secondary', permission: 'update', onClick: (row, api) => openEditor(Number(row.id), api) }],
    form: { add: [], edit: [], view: [{ label: 'page.roles.name', value: 'name' }, createdAtView] },
  };
}

/**
 * Roles page of either console: admin roles carry menus and API permissions, seller roles menus
 * only (the reference's seller dialog asked a non-existent permission route).
 */
export function RolesPage({ area, url, withPermissions }: { area: AreaIndex; url: string; withPermissions: boolean }) {
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const apiRef = useRef<TableApi | null>(null);
  const config = useMemo(
    () =>
      rolesPage(url, (id, api) => {
        apiRef.current = api;
        setEditing({ id });
      }),
    [url],
  );
  const close = useCallback(() => setEditing(null), []);
  const saved = useCallback(() => {
    setEditing(null);
    apiRef.current?.reload();
  }, []);
  return (
    <>
      <TablePage config={config} />
      {editing && <RoleEditor area={area} id={editing.id} withPermissions={withPermissions} onClose={close} onSaved={saved} />}
    </>
  );
}
