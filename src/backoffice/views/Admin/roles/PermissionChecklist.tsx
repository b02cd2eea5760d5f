import { FormattedMessage } from 'react-intl';
import { TriCheckbox } from '../shared/TriCheckbox';
import { everyId, groupIds, stateOfIds, toggleId, toggleIds, type PermissionGroup } from './permissionChecks';

export interface PermissionChecklistProps {
  groups: readonly PermissionGroup[];
  selected: ReadonlySet<number>;
  onChange: (selected: Set<number>) => void;
}

/** "全选" over every permission, then one block per group with its own select-all toggle. */
export function PermissionChecklist({ groups, selected, onChange }: PermissionChecklistProps) {
  const all = everyId(groups);
  return (
    <div className="flex max-h-[50vh] flex-col gap-3 overflow-auto rounded border border-slate-200 p-3">
      <TriCheckbox state={stateOfIds(all, selected)} onToggle={() => onChange(toggleIds(all, selected))}>
        <FormattedMessage id="page.roles.selectAll" />
      </TriCheckbox>
      {groups.map((group) => {
        const ids = groupIds(group);
        return (
          <fieldset key={group.id} className="rounded border border-slate-200 px-3 py-2">
            <legend className="px-1 text-sm font-medium text-slate-900">{group.name}</legend>
            <div className="mb-2">
              <TriCheckbox state={stateOfIds(ids, selected)} onToggle={() => onChange(toggleIds(ids, selected))} disabled={!ids.length}>
                <FormattedMessage id="page.roles.groupSelectAll" />
              </TriCheckbox>
            </div>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {(group.permissions ?? []).map((permission) => (
                <TriCheckbox
                  key={permission.id}
                  state={selected.has(Number(permission.id)) ? 'checked' : 'unchecked'}
                  onToggle={() => onChange(toggleId(Number(permission.id), selected))}
                >
                  {permission.name}
                </TriCheckbox>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
