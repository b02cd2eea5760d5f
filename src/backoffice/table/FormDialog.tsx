import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { validate, type FieldErrors, type Row, type Rules, type Values } from '../../../machines/table';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { FormFieldControl } from '../fields/FormFieldControl';
import { parentChoices } from '../fields/options';
import { isRequired, lengthLimit } from './formRules';
import type { BackofficeArea, DictData, FormField, LocaleKey } from './types';

export const DEFAULT_DIALOG_WIDTH = 'min(760px, 92vw)';

/**
 * Grid classes of a field by its span (of 24): one field per line on phones, the span from the
 * `sm` breakpoint (640 px) up — two 12-span fields side by side left a 390 px phone's dialog
 * with its right column cut off (and so do the 23 column gaps: the form has none below `sm`).
 * Written out whole so Tailwind sees every class.
 */
const SPAN_FROM_SM = [
  'sm:col-span-1', 'sm:col-span-2', 'sm:col-span-3', 'sm:col-span-4', 'sm:col-span-5', 'sm:col-span-6',
  'sm:col-span-7', 'sm:col-span-8', 'sm:col-span-9', 'sm:col-span-10', 'sm:col-span-11', 'sm:col-span-12',
  'sm:col-span-13', 'sm:col-span-14', 'sm:col-span-15', 'sm:col-span-16', 'sm:col-span-17', 'sm:col-span-18',
  'sm:col-span-19', 'sm:col-span-20', 'sm:col-span-21', 'sm:col-span-22', 'sm:col-span-23', 'sm:col-span-24',
] as const;
export const fieldSpanClass = (span: number | undefined) => `col-span-24 min-w-0 ${SPAN_FROM_SM[Math.min(24, Math.max(1, Math.round(span ?? 24))) - 1]}`;

/** Initial values of a form: every field present ('' / [] when absent), from `source`. */
export function formValues(fields: readonly FormField[], source: Values = {}): Values {
  const values: Values = {};
  for (const field of fields) {
    const v = source[field.value];
    values[field.value] = v === undefined || v === null ? (field.multiple || field.type === 'checkbox' || field.type === 'images' || field.type === 'daterange' ? [] : '') : v;
  }
  return values;
}

export interface FormDialogProps {
  mode: 'add' | 'edit';
  /** The dialog's title (default: Add / Edit). */
  title?: LocaleKey;
  open: boolean;
  /** Edit: the record is being fetched. */
  loading: boolean;
  submitting: boolean;
  fields: FormField[];
  initial: Values;
  /** The fetched record (edit `relation` placeholders). */
  row: Row | null;
  errors: FieldErrors;
  /** Message of the last failed save. */
  message: string | null;
  /** Field named by the server for that failure. */
  messageField: string | null;
  dicts: DictData;
  area: BackofficeArea;
  width?: string;
  /** Key column of the record (default 'id'): `excludeEdited` fields leave its subtree out. */
  idKey?: string;
  /** Changes when the form must start over (dialog reopened, record loaded). */
  formKey: string;
  /** The form's rules: required fields are marked, length limits counted, a shown error re-checked as the field changes. */
  rules?: Rules;
  onSubmit: (values: Values) => void;
  onCancel: () => void;
  /** Told whether the form holds changes the person made and has not saved (false when it closes). */
  onDirtyChange?: (dirty: boolean) => void;
  /** Rendered inside the dialog (a question nested above it, e.g. the leave guard's). */
  children?: ReactNode;
}

/**
 * The dictionaries a field offers: an `excludeEdited` parent picker leaves out the edited row's
 * subtree and, with `levels`, every parent under which the row would make the tree deeper.
 */
export function fieldDicts(field: FormField, dicts: DictData, mode: 'add' | 'edit', row: Row | null, idKey = 'id'): DictData {
  if (!field.excludeEdited) return dicts;
  const name = field.dict ?? field.value;
  const items = dicts[name];
  if (!items) return dicts;
  const self = mode === 'edit' && row && row[idKey] !== undefined && row[idKey] !== null ? row[idKey] : undefined;
  if (self === undefined && !field.levels) return dicts;
  return { ...dicts, [name]: parentChoices(items, self, field.levels ?? Infinity, field.valueName ?? 'value') };
}

function FormBody({ mode, fields, initial, row, errors, message, messageField, dicts, area, submitting, onSubmit, formId, idKey, rules, onDirtyChange }: FormDialogProps & { formId: string }) {
  const intl = useIntl();
  const [values, setValues] = useState<Values>(initial);
  const [edited, setEdited] = useState<Set<string>>(new Set());
  // changed by the person (a control that tidies its value as it mounts makes no change) and not as loaded
  const [touched, setTouched] = useState(false);
  const dirty = touched && JSON.stringify(values) !== JSON.stringify(initial);
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [onDirtyChange, dirty]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
  const [shownErrors, setShownErrors] = useState(errors);
  if (shownErrors !== errors) {
    setShownErrors(errors);
    setEdited(new Set());
  }
  const setValue = (field: string, value: unknown) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setEdited((prev) => new Set(prev).add(field));
    setTouched(true);
  };
  const names = new Set(fields.map((f) => f.value));
  const serverOnField = message && messageField && names.has(messageField) && !edited.has(messageField) ? messageField : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    // Only the form's own fields are sent (the reference PUT the whole fetched record).
    onSubmit(Object.fromEntries(fields.map((f) => [f.value, values[f.value]])));
  };
  return (
    <form id={formId} noValidate onSubmit={submit} className="grid grid-cols-24 gap-y-3 sm:gap-x-4" aria-busy={submitting || undefined}>
      {message && !serverOnField && (
        <p role="alert" className="col-span-24 rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {message}
        </p>
      )}
      {fields.map((field) => {
        // A shown error stays while the field is still wrong and goes as soon as it is right.
        const shown = edited.has(field.value) ? (errors[field.value] ? validate({ [field.value]: values[field.value] }, rules?.[field.value] ? { [field.value]: rules[field.value] } : null, mode)[field.value] : undefined) : errors[field.value];
        const error = shown ? intl.formatMessage({ id: shown.key }, shown.values) : serverOnField === field.value ? message ?? undefined : undefined;
        const limit = lengthLimit(field, rules);
        const related = mode === 'edit' && field.relation && row ? row[field.relation] : undefined;
        return (
          <div key={field.value} className={fieldSpanClass(field.span)} data-span={field.span ?? 24}>
            <FormFieldControl
              field={limit === field.maxLength ? field : { ...field, maxLength: limit }}
              required={isRequired(field, rules, mode)}
              value={values[field.value]}
              onChange={(v) => setValue(field.value, v)}
              error={error}
              dicts={fieldDicts(field, dicts, mode, row, idKey)}
              area={area}
              values={values}
              setValue={setValue}
              mode={mode}
              placeholderText={related !== undefined && related !== null && related !== '' ? String(related) : undefined}
            />
          </div>
        );
      })}
    </form>
  );
}

/** Add / edit dialog: the page's fields, client validation errors, server message, submit loading. */
export function FormDialog(props: FormDialogProps) {
  const { mode, open, loading, submitting, width, onCancel } = props;
  const formId = `table-${mode}-form`;
  return (
    <Dialog
      open={open}
      onClose={() => !submitting && onCancel()}
      title={<FormattedMessage id={props.title ?? (mode === 'add' ? 'table.addTitle' : 'table.editTitle')} />}
      widthClass=""
      panelStyle={{ width: width ?? DEFAULT_DIALOG_WIDTH }}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={submitting}>
            <FormattedMessage id="btn.cancel" />
          </Button>
          <Button type="submit" form={formId} variant="office" loading={submitting} disabled={loading}>
            <FormattedMessage id="btn.submit" />
          </Button>
        </>
      }
    >
      {loading ? (
        <div className="flex justify-center py-10 text-slate-500">
          <Spinner />
        </div>
      ) : (
        <FormBody key={props.formKey} {...props} formId={formId} />
      )}
      {props.children}
    </Dialog>
  );
}
