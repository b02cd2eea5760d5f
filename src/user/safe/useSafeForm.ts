import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { resultText, type ApiResult } from '../../api/client';
import { toast } from '../../ui/toast';
import { refusedField } from '../info/refusedField';

type Errors<Key extends string> = Partial<Record<Key, string>>;

/**
 * The state and submit of a security-page form (login password, phone): the form's own checks
 * under their fields first (`check`, messages translated by `say`), then `send`; a refusal the
 * server names one of the form's fields for goes under that field, anything else above the
 * button; on success the fields empty, the `done` message shows and `onDone` runs.
 */
export function useSafeForm<Key extends string>(
  empty: Record<Key, string>,
  { check, send, done, onDone }: { check: (values: Record<Key, string>, say: (id: string) => string) => Errors<Key>; send: (values: Record<Key, string>) => Promise<ApiResult<unknown>>; done: string; onDone?: () => void },
) {
  const intl = useIntl();
  const say = (id: string) => intl.formatMessage({ id });
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Errors<Key>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (key: Key) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(values, say);
    setErrors(found);
    setError(null);
    if (Object.keys(found).length) return;
    setSaving(true);
    const result = await send(values);
    setSaving(false);
    if (result.kind !== 'ok') {
      const field = refusedField(result);
      if (field && field in empty) setErrors({ [field]: resultText(result) } as Errors<Key>);
      else setError(resultText(result) || say('msg.fail'));
      return;
    }
    setValues(empty);
    toast.success(say(done));
    onDone?.();
  };

  return { values, errors, setErrors, error, saving, set, submit };
}
