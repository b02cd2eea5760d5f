import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { validate, type FieldErrors, type Values } from '../../../../../machines/table';
import { toast } from '../../../../ui/toast';
import { FormDialog, formValues } from '../../../table/FormDialog';
import type { DictData, DictItem } from '../../../table/types';
import { advFields, advRules, ADV_STATUS } from '../advs/index';
import { call, rowsOf } from '../shared/pageApi';

/**
 * The ad-space row's "+" (screens §4.3): the advert form with this space chosen, saved with
 * `POST /Admin/advs`. After a save the form stays open with its values, as the reference kept
 * them, so several adverts of one space are added in a row.
 */
export function AdvQuickAdd({ space, onClose }: { space: { id: number; name?: string }; onClose: () => void }) {
  const intl = useIntl();
  const [spaces, setSpaces] = useState<DictItem[]>([{ label: space.name ?? String(space.id), value: space.id }]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ text: string; field: string | null } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [initial, setInitial] = useState<Values>(() => formValues(advFields, { pid: space.id, status: 1, is_sort: 0 }));
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    call(0, 'GET', 'adv_spaces', { isAll: 1 }, true).then((result) => {
      if (!live || result.kind !== 'ok') return;
      const items = rowsOf<{ id: number; name: string }>(result.data).map((row) => ({ label: row.name, value: row.id }));
      if (items.length) setSpaces(items);
    });
    return () => {
      live = false;
    };
  }, []);

  const dicts: DictData = { pid: spaces, status: ADV_STATUS };

  const submit = async (values: Values) => {
    const found = validate(values, advRules, 'add');
    setErrors(found);
    setMessage(null);
    setInitial(values);
    if (Object.keys(found).length) return setRound((n) => n + 1);
    setSubmitting(true);
    const result = await call(0, 'POST', 'advs', values, true);
    setSubmitting(false);
    if (result.kind === 'ok') {
      toast.success(intl.formatMessage({ id: 'msg.success' }));
      return;
    }
    const field = result.kind === 'fail' && result.data && typeof result.data === 'object' ? (result.data as { field?: unknown }).field : null;
    setMessage({ text: ('msg' in result && result.msg) || intl.formatMessage({ id: 'msg.fail' }), field: typeof field === 'string' ? field : null });
    setRound((n) => n + 1);
  };

  return (
    <FormDialog
      formKey={`adv-quick-${space.id}-${round}`}
      mode="add"
      open
      loading={false}
      submitting={submitting}
      fields={advFields}
      initial={initial}
      row={null}
      errors={errors}
      message={message?.text ?? null}
      messageField={message?.field ?? null}
      dicts={dicts}
      area={0}
      onSubmit={submit}
      onCancel={onClose}
    />
  );
}
