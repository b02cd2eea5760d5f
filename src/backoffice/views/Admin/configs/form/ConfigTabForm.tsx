import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { hasErrors, type FieldErrors, type Values } from '../../../../../../machines/table';
import { Button } from '../../../../../ui/Button';
import { Spinner } from '../../../../../ui/Spinner';
import { toast } from '../../../../../ui/toast';
import { call } from '../../shared/pageApi';
import { ConfigFieldInput } from './ConfigFieldInput';
import { ProviderStatus } from './ProviderStatus';
import type { ConfigTab } from './types';
import { checkTab, loadQuery, saveBody, toTabState, type TabState } from './values';

/** One tab of a configuration page: loads when first shown, "确定" saves then reloads, "重置" restores. */
export function ConfigTabForm({ tab }: { tab: ConfigTab }) {
  const intl = useIntl();
  const [loaded, setLoaded] = useState<TabState | null>(null);
  const [values, setValues] = useState<Values>({});
  /** Secrets the operator chose to remove on the next save. */
  const [clears, setClears] = useState<Record<string, boolean>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  /** Bumped after each load, so the provider status is read again after a save. */
  const [version, setVersion] = useState(0);

  const load = useCallback(async () => {
    const result = await call(0, 'GET', 'configs', loadQuery(tab.source));
    if (result.kind !== 'ok') return setFailed(true);
    const state = toTabState(tab, result.data);
    setLoaded(state);
    setValues(state.values);
    setClears({});
    setErrors({});
    setVersion((n) => n + 1);
  }, [tab]);

  useEffect(() => {
    void load();
  }, [load]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkTab(tab, values);
    setErrors(found);
    if (hasErrors(found)) return;
    setSaving(true);
    const result = await call(0, 'PUT', 'configs/update', saveBody(tab, values, clears));
    setSaving(false);
    if (result.kind !== 'ok') {
      const field = (result.kind === 'fail' && (result.data as { field?: string } | null)?.field) || '';
      const own = tab.fields.find((f) => field === f.name || field.endsWith(`.${f.name}`));
      if (own) setErrors({ [own.name]: { key: 'page.configs.serverError', values: {} } });
      return;
    }
    toast.success(intl.formatMessage({ id: 'msg.success' }));
    await load();
  };

  if (failed) return <p className="p-4 text-sm text-red-700"><FormattedMessage id="page.configs.loadFailed" /></p>;
  if (!loaded) {
    return (
      <div className="flex justify-center py-10 text-slate-500">
        <Spinner />
      </div>
    );
  }
  const formId = `config-form-${tab.key}`;
  return (
    <form id={formId} noValidate onSubmit={submit} className="flex max-w-2xl flex-col gap-4">
      {tab.status && <ProviderStatus kind={tab.status} version={version} />}
      {tab.note && (
        <p className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <FormattedMessage id={tab.note} />
        </p>
      )}
      {tab.fields.map((field) => (
        <ConfigFieldInput
          key={field.name}
          field={field}
          value={values[field.name]}
          isSet={loaded.secretsSet[field.name]}
          clearing={!!clears[field.name]}
          onClearingChange={(on) => {
            setClears((c) => ({ ...c, [field.name]: on }));
            if (on) setValues((v) => ({ ...v, [field.name]: '' }));
          }}
          error={errors[field.name] ? intl.formatMessage({ id: errors[field.name].key }, errors[field.name].values) : undefined}
          onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
        />
      ))}
      <div className="flex gap-2">
        <Button type="submit" variant="office" loading={saving}>
          <FormattedMessage id="page.configs.submit" />
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setValues(loaded.values);
            setClears({});
            setErrors({});
          }}
        >
          <FormattedMessage id="page.configs.reset" />
        </Button>
      </div>
    </form>
  );
}
