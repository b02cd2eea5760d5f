import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { validate, type FieldErrors, type Row, type Values } from '../../../../../machines/table';
import { toast } from '../../../../ui/toast';
import { FormDialog, formValues } from '../../../table/FormDialog';
import type { DictData } from '../../../table/types';
import { usePageDicts } from '../../../table/useDicts';
import { failedField } from '../../../table/useTable';
import { advFields, advRules, advsPage } from '../advs/index';
import { call } from '../shared/pageApi';

const NO_ROWS: readonly Row[] = [];

/**
 * The ad-space row's "+" (screens §4.3): the adverts page's add form (its fields, defaults, rules
 * and dictionaries) with this space chosen, saved with `POST /Admin/advs`. A save closes it (the
 * reference kept it open and filled, so a second click added the same advert twice, issue 15);
 * opened again it starts empty. A refusal keeps it open with what was typed.
 */
export function AdvQuickAdd({ space, onClose }: { space: { id: number; name?: string }; onClose: () => void }) {
  const intl = useIntl();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ text: string; field: string | null } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The form keeps what was typed across failed saves (it is not remounted): its first values only.
  const initial = useMemo(() => formValues(advFields, { ...advsPage.form?.defaults, pid: space.id }), [space.id]);

  const loaded = usePageDicts(0, advsPage.dicts, advsPage.dictData, NO_ROWS);
  // Until the spaces arrive (or when they cannot be read) the chosen one is still named.
  const dicts: DictData = useMemo(
    () => (loaded.pid?.length ? loaded : { ...loaded, pid: [{ label: space.name ?? String(space.id), value: space.id }] }),
    [loaded, space.id, space.name],
  );

  const submit = async (values: Values) => {
    const found = validate(values, advRules, 'add');
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    const result = await call(0, 'POST', 'advs', values, true);
    setSubmitting(false);
    if (result.kind === 'ok') {
      toast.success(intl.formatMessage({ id: 'msg.success' }));
      onClose();
      return;
    }
    setMessage({ text: ('msg' in result && result.msg) || intl.formatMessage({ id: 'msg.fail' }), field: failedField(result) });
  };

  return (
    <FormDialog
      formKey={`adv-quick-${space.id}`}
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
