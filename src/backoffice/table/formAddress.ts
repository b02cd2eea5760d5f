import { useEffect, useRef } from 'react';
import { useRoute } from 'wouter';
import type { RowId, Values } from '../../../machines/table';
import { navigate } from '../../app/navigation';
import { formPattern } from '../subPages';

/** A row id of the address: a number when it is one (the usual id column), else the text. */
const rowIdOf = (raw: string): RowId => (/^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : raw);

export interface FormAddressInput {
  /** The page's forms are pages (`form.page`): without it the hook does nothing. */
  enabled: boolean;
  /** The list's address (the page's `url`). */
  list: string;
  addOpen: boolean;
  editOpen: boolean;
  /** The row the edit form holds, if any. */
  editId: RowId | null;
  /** Whether the caller may add / edit at all (the toolbar's and the row's buttons). */
  canAdd: boolean;
  canEdit: boolean;
  defaults?: Values;
  send: (event: { type: 'ADD.OPEN'; values?: Values } | { type: 'EDIT.OPEN'; id: RowId } | { type: 'ADD.CANCEL' } | { type: 'EDIT.CANCEL' }) => void;
}

/**
 * A table page whose add and edit dialogs are really pages (a long form, issue 30): each is at its
 * own address, so a reload or a shared link reopens it. The address leads: Add and Edit go to
 * `{list}/form(/{id})` and the address opens the dialog; Cancel goes back to the list (through the
 * leave guard while the form holds unsaved changes) and the list's address closes it. When the
 * table closes a dialog itself (saved, or a row that could not be loaded) the address follows.
 */
export function useFormAddress({ enabled, list, addOpen, editOpen, editId, canAdd, canEdit, defaults, send }: FormAddressInput) {
  const [atForm, params] = useRoute<{ id?: string }>(formPattern(list));
  const wanted = enabled && atForm ? (params?.id === undefined ? 'add' : rowIdOf(params.id)) : null;

  // the address → the dialogs
  useEffect(() => {
    if (!enabled) return;
    if (wanted === 'add') {
      if (!canAdd) return navigate(list, { replace: true });
      if (editOpen) send({ type: 'EDIT.CANCEL' });
      if (!addOpen) send({ type: 'ADD.OPEN', values: { ...(defaults ?? {}) } });
    } else if (wanted !== null) {
      if (!canEdit) return navigate(list, { replace: true });
      if (addOpen) send({ type: 'ADD.CANCEL' });
      if (!editOpen || editId !== wanted) {
        if (editOpen) send({ type: 'EDIT.CANCEL' });
        send({ type: 'EDIT.OPEN', id: wanted });
      }
    } else {
      if (addOpen) send({ type: 'ADD.CANCEL' });
      if (editOpen) send({ type: 'EDIT.CANCEL' });
    }
    // a change of address (or of the caller's rights, known after the first render) leads here;
    // the table's own closing is the effect below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, wanted, canAdd, canEdit]);

  // the table closed a dialog (saved, or the row could not be loaded) → back to the list's address
  const wasOpen = useRef(false);
  const open = addOpen || editOpen;
  useEffect(() => {
    if (!enabled) return;
    if (wasOpen.current && !open && wanted !== null) navigate(list, { replace: true });
    wasOpen.current = open;
  }, [enabled, open, wanted, list]);

  return {
    openAdd: () => navigate(`${list}/form`),
    openEdit: (id: RowId) => navigate(`${list}/form/${encodeURIComponent(String(id))}`),
    /** Cancel: the list's address (the leave guard asks first while something is unsaved). */
    leave: () => navigate(list),
  };
}
