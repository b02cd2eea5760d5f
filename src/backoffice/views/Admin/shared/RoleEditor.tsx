import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AreaIndex } from '../../../../../machines/areas';
import { SaveDialog } from '../../../../ui/SaveDialog';
import { Field } from '../../../../ui/Field';
import { toast } from '../../../../ui/toast';
import { PermissionChecklist } from '../roles/PermissionChecklist';
import { knownIds, type PermissionGroup } from '../roles/permissionChecks';
import { CheckTree } from './CheckTree';
import { idsToSave, prefillLeaves, type TreeNode } from './checkTree';
import { call, fetchData, idListValue, rowsOf } from './pageApi';

/** Role name: required, at most 15 characters (the server's rule). */
export const ROLE_NAME_MAX = 15;

export interface RoleEditorProps {
  area: AreaIndex;
  /** null: add; a number: edit that role. */
  id: number | null;
  /** Admin roles also carry API permissions; seller roles only menus. */
  withPermissions: boolean;
  onClose: () => void;
  onSaved: () => void;
}

interface RoleRecord {
  name?: string;
  menu_id?: unknown[];
  menus?: { id: number }[];
  permission_id?: unknown[];
  permissions?: { id: number }[];
}

/**
 * Add / edit dialog of a role: name, a tri-state tree of the area's menus and (admin) the
 * permission checkboxes grouped by permission group. Saves checked + half-checked menu ids.
 */
export function RoleEditor({ area, id, withPermissions, onClose, onSaved }: RoleEditorProps) {
  const intl = useIntl();
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState('');
  const [menus, setMenus] = useState<TreeNode[]>([]);
  const [groups, setGroups] = useState<PermissionGroup[]>([]);
  const [checkedMenus, setCheckedMenus] = useState<Set<number>>(new Set());
  const [permissions, setPermissions] = useState<Set<number>>(new Set());

  useEffect(() => {
    let live = true;
    (async () => {
      const [tree, groupList, record] = await Promise.all([
        fetchData<TreeNode[]>(area, 'load_menu', { type: 'getChildren' }, []),
        withPermissions ? fetchData<unknown>(area, 'permission_groups', { isAll: 1, isWith: 'permissions' }, []) : Promise.resolve([]),
        id === null ? Promise.resolve(null) : call<RoleRecord>(area, 'GET', `roles/${id}`),
      ]);
      if (!live) return;
      if (record && record.kind !== 'ok') {
        onClose();
        return;
      }
      const menuTree = Array.isArray(tree) ? tree : [];
      const groupRows = rowsOf<PermissionGroup>(groupList);
      setMenus(menuTree);
      setGroups(groupRows);
      if (record?.kind === 'ok') {
        const role = record.data ?? {};
        setName(String(role.name ?? ''));
        setCheckedMenus(prefillLeaves(menuTree, role.menu_id ?? (role.menus ?? []).map((m) => m.id)));
        setPermissions(knownIds(groupRows, role.permission_id ?? (role.permissions ?? []).map((p) => p.id)));
      }
      setLoading(false);
    })();
    return () => {
      live = false;
    };
  }, [area, id, withPermissions, onClose]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError(intl.formatMessage({ id: 'msg.requiredMsg' }));
    if ([...trimmed].length > ROLE_NAME_MAX) return setNameError(intl.formatMessage({ id: 'validate.maxLength' }, { max: ROLE_NAME_MAX }));
    setNameError('');
    const body: Record<string, unknown> = { name: trimmed, menu_id: idListValue(idsToSave(menus, checkedMenus)) };
    if (withPermissions) body.permission_id = idListValue([...permissions]);
    setSaving(true);
    const result = await call(area, id === null ? 'POST' : 'PUT', id === null ? 'roles' : `roles/${id}`, body);
    setSaving(false);
    if (result.kind !== 'ok') return;
    toast.success(intl.formatMessage({ id: 'msg.success' }));
    onSaved();
  };

  return (
    <SaveDialog
      onClose={onClose}
      widthClass="w-[96vw] md:w-[50%] md:min-w-[480px]"
      title={<FormattedMessage id={id === null ? 'page.roles.addTitle' : 'page.roles.editTitle'} />}
      onSubmit={submit}
      saving={saving}
      loading={loading}
    >
      <Field
        label={<FormattedMessage id="page.roles.name" />}
        name="name"
        required
        value={name}
        limit={ROLE_NAME_MAX}
        error={nameError || undefined}
        onChange={(e) => setName(e.target.value)}
      />
      <section aria-labelledby="role-menus-title" className="flex flex-col gap-2">
        <h3 id="role-menus-title" className="text-sm font-semibold text-slate-900">
          <FormattedMessage id="page.roles.menus" />
        </h3>
        <CheckTree nodes={menus} checked={checkedMenus} onChange={setCheckedMenus} />
      </section>
      {withPermissions && (
        <section aria-labelledby="role-perms-title" className="flex flex-col gap-2">
          <h3 id="role-perms-title" className="text-sm font-semibold text-slate-900">
            <FormattedMessage id="page.roles.permissions" />
          </h3>
          <PermissionChecklist groups={groups} selected={permissions} onChange={setPermissions} />
        </section>
      )}
    </SaveDialog>
  );
}
