import { useSelector } from '@xstate/react';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { localizeTree } from '../../../machines/localName';
import { MAX_LENGTHS, NOT_CHECK, SUBMIT_FAILED, type ApplicationField, type ApplicationValues } from '../../../machines/storeApplication';
import { staticNodes, type CascaderNode } from '../../ui/cascaderTree';
import { loadGoodsClasses } from '../../api/storeApplication';
import { unwrap } from '../../app/sessionActors';
import { Button } from '../../ui/Button';
import type { WizardActor } from './boundWizard';
import { ImageUpload } from './ImageUpload';
import { loadAreaChildren, loadAreaRoots } from './areaNodes';
import { StorePoint } from './StorePoint';
import { TreeCascader } from './TreeCascader';

const FIELD_ERRORS: Record<string, string> = {
  required: 'shop.join.err.required',
  tooLong: 'shop.join.err.tooLong',
  phoneFormat: 'shop.join.err.phone',
  idCardFormat: 'shop.join.err.idCard',
  licenceFormat: 'shop.join.err.licence',
  coordinate: 'shop.join.err.coordinate',
};

const PAGE_ERRORS: Record<string, string> = {
  [NOT_CHECK]: 'home.check.notCheck',
  [SUBMIT_FAILED]: 'shop.join.submitFailed',
};

type TextField = 'store_name' | 'store_company_name' | 'business_license_no' | 'legal_person' | 'store_phone' | 'id_card_no' | 'emergency_contact' | 'emergency_contact_phone';

/** The classes tree (whole, named in the language) and the area levels (lazy, by `code`), as cascader nodes. */
const classRootsIn = (locale: string) => async (): Promise<CascaderNode[]> =>
  staticNodes(localizeTree(unwrap(await loadGoodsClasses()) ?? [], locale) as never[], { labelName: 'name', valueName: 'id', lazyKey: 'id' });

/** A labelled control with its error (wired by id / aria-describedby). */
function Row({ label, error, full = false, children, labelId, htmlFor, errorId }: { label: ReactNode; error: string | null; full?: boolean; children: ReactNode; labelId: string; htmlFor: string; errorId: string }) {
  return (
    <div className={`flex flex-col gap-1 ${full ? 'md:col-span-2' : ''}`}>
      <label id={labelId} htmlFor={htmlFor} className="text-sm font-medium text-slate-800 before:mr-0.5 before:text-red-700 before:content-['*']">
        {label}
      </label>
      {children}
      {error && (
        <p id={errorId} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** Step 2 (/store/step_2): every field of screens §3.19; SUBMIT sends them, the machine validates. */
export default function ApplicationForm({ actor }: { actor: WizardActor }) {
  const intl = useIntl();
  const uid = useId();
  const loadClassRoots = useMemo(() => classRootsIn(intl.locale), [intl.locale]);
  const submitted = useSelector(actor, (s) => s.context.values);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const [values, setValues] = useState<ApplicationValues>(() => submitted);

  const set = <K extends ApplicationField>(field: K, value: ApplicationValues[K]) => setValues((prev) => ({ ...prev, [field]: value }));
  /** A field's error, hidden once the field differs from what was submitted. */
  const errorOf = (field: ApplicationField): string | null => {
    const key = fieldErrors[field];
    if (!key || JSON.stringify(values[field]) !== JSON.stringify(submitted[field])) return null;
    return FIELD_ERRORS[key] ? intl.formatMessage({ id: FIELD_ERRORS[key] }, { max: MAX_LENGTHS[field] ?? 0 }) : key;
  };
  const ids = (field: ApplicationField) => ({ id: `${uid}-${field}`, labelId: `${uid}-${field}-label`, errorId: `${uid}-${field}-error` });
  const label = (field: ApplicationField) => intl.formatMessage({ id: `shop.join.field.${field}` });

  const text = (field: TextField, extra: { inputMode?: 'numeric' | 'tel'; autoComplete?: string } = {}) => {
    const { id, labelId, errorId } = ids(field);
    const fieldError = errorOf(field);
    return (
      <Row key={field} label={label(field)} error={fieldError} labelId={labelId} htmlFor={id} errorId={errorId}>
        <input
          id={id}
          type="text"
          value={values[field]}
          maxLength={MAX_LENGTHS[field]}
          onChange={(e) => set(field, e.target.value)}
          aria-required="true"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? errorId : undefined}
          placeholder={intl.formatMessage({ id: 'shop.join.placeholder' }, { name: label(field) })}
          className={`focus-ring rounded border px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 ${fieldError ? 'border-red-700' : 'border-slate-400'}`}
          {...extra}
        />
      </Row>
    );
  };

  const image = (field: 'store_logo' | 'business_license' | 'id_card_t' | 'id_card_b', full = false) => {
    const { id, labelId, errorId } = ids(field);
    const fieldError = errorOf(field);
    return (
      <Row key={field} label={label(field)} error={fieldError} full={full} labelId={labelId} htmlFor={id} errorId={errorId}>
        <ImageUpload id={id} label={label(field)} value={values[field]} onChange={(url) => set(field, url)} describedBy={fieldError ? errorId : undefined} invalid={!!fieldError} round={field === 'store_logo'} />
      </Row>
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT', values });
  };

  const classIds = ids('class_id');
  const areaIds = ids('area');
  const addressIds = ids('store_address');
  const classError = errorOf('class_id');
  const areaError = errorOf('area');
  const addressError = errorOf('store_address');
  const pageError = error ? (PAGE_ERRORS[error] ? intl.formatMessage({ id: PAGE_ERRORS[error] }) : error) : null;

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${uid}-title`} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h1 id={`${uid}-title`} className="mb-6 text-lg font-semibold text-slate-900">
        <FormattedMessage id="shop.join.formTitle" />
      </h1>
      <div className="grid gap-x-8 gap-y-5 md:grid-cols-2">
        {image('store_logo', true)}
        {text('store_name')}
        <Row label={label('class_id')} error={classError} labelId={classIds.labelId} htmlFor={classIds.id} errorId={classIds.errorId}>
          <TreeCascader
            multiple
            id={classIds.id}
            labelId={classIds.labelId}
            describedBy={classError ? classIds.errorId : undefined}
            invalid={!!classError}
            placeholder={intl.formatMessage({ id: 'shop.join.pickClasses' })}
            loadRoots={loadClassRoots}
            value={values.class_id}
            onChange={(paths) => set('class_id', paths)}
          />
        </Row>
        {text('store_company_name')}
        <Row label={label('area')} error={areaError} labelId={areaIds.labelId} htmlFor={areaIds.id} errorId={areaIds.errorId}>
          <TreeCascader
            id={areaIds.id}
            labelId={areaIds.labelId}
            describedBy={areaError ? areaIds.errorId : undefined}
            invalid={!!areaError}
            placeholder={intl.formatMessage({ id: 'shop.join.pickArea' })}
            loadRoots={loadAreaRoots}
            loadChildren={loadAreaChildren}
            value={values.area}
            onChange={(path) => set('area', path)}
          />
        </Row>
        <Row label={label('store_address')} error={addressError} full labelId={addressIds.labelId} htmlFor={addressIds.id} errorId={addressIds.errorId}>
          <textarea
            id={addressIds.id}
            rows={2}
            maxLength={MAX_LENGTHS.store_address}
            value={values.store_address}
            onChange={(e) => set('store_address', e.target.value)}
            aria-required="true"
            aria-invalid={addressError ? true : undefined}
            aria-describedby={addressError ? addressIds.errorId : undefined}
            className={`focus-ring rounded border px-3 py-2 text-sm text-slate-900 ${addressError ? 'border-red-700' : 'border-slate-400'}`}
          />
          <span className="self-end text-xs text-slate-600">
            {values.store_address.length} / {MAX_LENGTHS.store_address}
          </span>
        </Row>
        <StorePoint
          lng={values.store_lng}
          lat={values.store_lat}
          address={values.store_address}
          errors={{ store_lng: errorOf('store_lng'), store_lat: errorOf('store_lat') }}
          onChange={(field, value) => set(field, value)}
        />
        {image('business_license', true)}
        {text('business_license_no')}
        {text('legal_person')}
        {text('store_phone', { inputMode: 'tel', autoComplete: 'tel' })}
        {text('id_card_no')}
        {image('id_card_t')}
        {image('id_card_b')}
        {text('emergency_contact')}
        {text('emergency_contact_phone', { inputMode: 'tel' })}
      </div>
      {pageError && (
        <p role="alert" className="mt-6 rounded bg-red-50 px-3 py-2 text-sm text-red-800">
          {pageError}
        </p>
      )}
      <div className="mt-6 flex justify-center">
        <Button type="submit" loading={submitting} className="px-10">
          <FormattedMessage id="shop.join.submit" />
        </Button>
      </div>
    </form>
  );
}
