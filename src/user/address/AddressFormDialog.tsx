import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import { ADDRESS_MAX, emptyAddress, type AddressField, type AddressValues } from '../../../machines/addressForm';
import { addressFormMachine, type SaveAddressInput } from '../../../machines/addressForm.machine';
import { addressValuesOf, saveAddress, type AddressRow } from '../../api/addresses';
import { unwrap } from '../../app/sessionActors';
import { loadAreaChildren, loadAreaRoots } from '../../shop/join/areaNodes';
import { TreeCascader } from '../../shop/join/TreeCascader';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { RequiredLabel } from '../../ui/RequiredLabel';
import { Switch } from '../../ui/Switch';

/**
 * Add or edit one delivery address (docs/orders-api.md "Addresses"), in a Headless UI dialog: the
 * /user/address page and the checkout use it. The `addressForm` machine checks and saves; the
 * dialog reports the saved row with `onSaved`. Messages: part `address` (and `forms` for the
 * buttons), see scripts/vite-locales.ts.
 */
export interface AddressFormDialogProps {
  open: boolean;
  /** The address edited; null or absent: a new one. */
  address?: AddressRow | null;
  onClose: () => void;
  onSaved: (row: AddressRow) => void;
}

const ERRORS: Record<string, string> = {
  required: 'address.err.required',
  tooLong: 'address.err.tooLong',
  tel: 'address.err.tel',
  area: 'address.err.area',
  saveFailed: 'address.saveFailed',
};

const boundMachine = addressFormMachine.provide({
  actors: { saveAddress: fromPromise<unknown, SaveAddressInput>(async ({ input }) => unwrap(await saveAddress(input.id, input.values))) },
});

/** The fields, checks and save of one address: inside the dialog (checkout) or as the /user/address/form page. */
export function AddressForm({ address, onClose, onSaved }: Omit<AddressFormDialogProps, 'open'>) {
  const intl = useIntl();
  const uid = useId();
  const initial = address ? addressValuesOf(address) : emptyAddress();
  const saved = useRef(onSaved);
  saved.current = onSaved;
  const actor = useActorRef(boundMachine, { input: { id: address?.id, values: initial } });
  const submitted = useSelector(actor, (s) => s.context.values);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const done = useSelector(actor, (s) => s.status === 'done');
  const row = useSelector(actor, (s) => s.context.saved);
  const [values, setValues] = useState<AddressValues>(initial);

  useEffect(() => {
    if (done) saved.current(row as AddressRow);
  }, [done, row]);

  const set = <K extends keyof AddressValues>(field: K, value: AddressValues[K]) => setValues((prev) => ({ ...prev, [field]: value }));
  /** A field's error, hidden once the field differs from what was submitted. */
  const errorOf = (field: AddressField): string | undefined => {
    const key = fieldErrors[field];
    if (!key || JSON.stringify(values[field]) !== JSON.stringify(submitted[field])) return undefined;
    return ERRORS[key] ? intl.formatMessage({ id: ERRORS[key] }, { max: field === 'area' ? 0 : ADDRESS_MAX[field] }) : key;
  };
  const label = (field: AddressField | 'is_default') => intl.formatMessage({ id: `address.field.${field}` });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT', values });
  };

  const areaId = `${uid}-area`;
  const areaError = errorOf('area');
  const addressError = errorOf('address');
  const wasDefault = address?.is_default === true;
  const pageError = error ? (ERRORS[error] ? intl.formatMessage({ id: ERRORS[error] }) : error) : null;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field label={label('receive_name')} value={values.receive_name} maxLength={ADDRESS_MAX.receive_name} autoComplete="name" aria-required="true" error={errorOf('receive_name')} onChange={(e) => set('receive_name', e.target.value)} />
      <Field
        label={label('receive_tel')}
        value={values.receive_tel}
        maxLength={ADDRESS_MAX.receive_tel}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        aria-required="true"
        error={errorOf('receive_tel')}
        onChange={(e) => set('receive_tel', e.target.value)}
      />
      <div className="flex flex-col gap-1">
        <label id={`${areaId}-label`} htmlFor={areaId} className="text-sm font-medium text-slate-800">
          <RequiredLabel text={label('area')} />
        </label>
        <TreeCascader
          id={areaId}
          labelId={`${areaId}-label`}
          describedBy={areaError ? `${areaId}-error` : undefined}
          invalid={!!areaError}
          placeholder={intl.formatMessage({ id: 'address.pickArea' })}
          levelMessageId="address.level"
          loadRoots={loadAreaRoots}
          loadChildren={loadAreaChildren}
          value={values.area}
          onChange={(path) => set('area', path)}
        />
        {areaError && (
          <p id={`${areaId}-error`} role="alert" className="text-xs text-red-700">
            {areaError}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${uid}-address`} className="text-sm font-medium text-slate-800">
          <RequiredLabel text={label('address')} />
        </label>
        <textarea
          id={`${uid}-address`}
          rows={2}
          maxLength={ADDRESS_MAX.address}
          value={values.address}
          onChange={(e) => set('address', e.target.value)}
          aria-required="true"
          aria-invalid={addressError ? true : undefined}
          aria-describedby={addressError ? `${uid}-address-error` : undefined}
          className={`focus-ring rounded border px-3 py-2 text-sm text-slate-900 ${addressError ? 'border-red-700' : 'border-slate-400'}`}
        />
        {addressError && (
          <p id={`${uid}-address-error`} role="alert" className="text-xs text-red-700">
            {addressError}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <div className="flex items-center gap-3">
          <label htmlFor={`${uid}-default`} className="text-sm font-medium text-slate-800">
            {label('is_default')}
          </label>
          <Switch
            id={`${uid}-default`}
            checked={values.is_default}
            onChange={(checked) => set('is_default', checked)}
            disabled={wasDefault}
            aria-describedby={wasDefault ? `${uid}-default-hint` : undefined}
          />
        </div>
        {wasDefault && (
          <p id={`${uid}-default-hint`} className="text-xs text-slate-600">
            <FormattedMessage id="address.defaultHint" />
          </p>
        )}
      </div>
      {pageError && (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800">
          {pageError}
        </p>
      )}
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-3">
        <Button variant="secondary" onClick={onClose}>
          <FormattedMessage id="btn.cancel" />
        </Button>
        <Button type="submit" loading={submitting}>
          <FormattedMessage id="btn.save" />
        </Button>
      </div>
    </form>
  );
}

export function AddressFormDialog({ open, address = null, onClose, onSaved }: AddressFormDialogProps) {
  const intl = useIntl();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={intl.formatMessage({ id: address ? 'address.editTitle' : 'address.addTitle' })}
      widthClass="w-[92vw] md:w-[560px]"
    >
      {open && <AddressForm key={address?.id ?? 'new'} address={address} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}
