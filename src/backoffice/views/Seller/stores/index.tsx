import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { hasErrors, type FieldErrors, type Values } from '../../../../../machines/table';
import { Button } from '../../../../ui/Button';
import { Spinner } from '../../../../ui/Spinner';
import { toast } from '../../../../ui/toast';
import { FormFieldControl } from '../../../fields/FormFieldControl';
import { call } from '../../Admin/shared/pageApi';
import { MapPicker } from '../../../../maps/MapPicker';
import { STORE_TABS, checkStoreTab, storeToForm, tabBody, type StoreTab } from './storeForm';

const SPAN: Record<number, string> = { 8: 'md:col-span-4', 12: 'md:col-span-6', 24: 'md:col-span-12' };

function StoreTabForm({ tab, store, onSaved }: { tab: StoreTab; store: Values; onSaved: (next: Record<string, unknown>) => void }) {
  const intl = useIntl();
  const [values, setValues] = useState<Values>(store);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => setValues(store), [store]);
  const setValue = useCallback((field: string, value: unknown) => setValues((v) => ({ ...v, [field]: value })), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkStoreTab(tab, values);
    setErrors(found);
    if (hasErrors(found)) return;
    setSaving(true);
    const result = await call<Record<string, unknown>>(1, 'PUT', 'stores/0', tabBody(tab, values));
    setSaving(false);
    if (result.kind !== 'ok') return;
    toast.success(intl.formatMessage({ id: 'msg.success' }));
    onSaved(result.data);
  };

  return (
    <form noValidate onSubmit={submit} className="flex max-w-4xl flex-col gap-4" aria-label={intl.formatMessage({ id: tab.label })}>
      {tab.key === 'map' && values.area_info ? (
        <p className="text-sm text-slate-700">
          <FormattedMessage id="page.store.currentArea" values={{ area: String(values.area_info) }} />
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-12">
        {tab.fields.map((field) => (
          <div key={field.value} className={SPAN[field.span ?? 24] ?? 'md:col-span-12'}>
            <FormFieldControl
              field={field}
              value={values[field.value]}
              onChange={(value) => setValue(field.value, value)}
              error={errors[field.value] ? intl.formatMessage({ id: errors[field.value].key }, errors[field.value].values) : undefined}
              dicts={{}}
              area={1}
              values={values}
              setValue={setValue}
              mode="edit"
            />
          </div>
        ))}
      </div>
      {tab.key === 'map' && (
        <MapPicker
          area={1}
          lng={String(values.store_lng ?? '')}
          lat={String(values.store_lat ?? '')}
          address={`${String(values.area_info ?? '')}${String(values.store_address ?? '')}`}
          onPick={(lng, lat) => {
            setValue('store_lng', lng);
            setValue('store_lat', lat);
          }}
        />
      )}
      <div className="flex gap-2">
        <Button type="submit" variant="office" loading={saving}>
          <FormattedMessage id="page.configs.submit" />
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setValues(store);
            setErrors({});
          }}
        >
          <FormattedMessage id="page.configs.reset" />
        </Button>
      </div>
    </form>
  );
}

/** Menu view `Seller/stores/index`: the caller's store settings (`GET` / `PUT /Seller/stores/0`). */
export default function SellerStorePage() {
  const [store, setStore] = useState<Values | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    void call<Record<string, unknown>>(1, 'GET', 'stores/0').then((result) => {
      if (!live) return;
      if (result.kind === 'ok') setStore(storeToForm(result.data ?? {}));
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, []);

  if (failed) {
    return (
      <p className="rounded bg-white p-4 text-sm text-red-700">
        <FormattedMessage id="page.store.loadFailed" />
      </p>
    );
  }
  if (!store) {
    return (
      <div className="flex justify-center rounded bg-white py-10 text-slate-500">
        <Spinner />
      </div>
    );
  }
  return (
    <div className="rounded bg-white p-4">
      <TabGroup vertical className="flex flex-col gap-4 md:flex-row">
        <TabList className="flex shrink-0 flex-row flex-wrap gap-1 border-slate-200 md:w-40 md:flex-col md:border-r md:pr-2">
          {STORE_TABS.map((tab) => (
            <Tab key={tab.key} className="focus-ring rounded px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 data-[selected]:bg-office data-[selected]:text-white">
              <FormattedMessage id={tab.label} />
            </Tab>
          ))}
        </TabList>
        <TabPanels className="min-w-0 flex-1">
          {STORE_TABS.map((tab) => (
            <TabPanel key={tab.key}>
              <StoreTabForm tab={tab} store={store} onSaved={(next) => setStore(storeToForm(next))} />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </div>
  );
}
