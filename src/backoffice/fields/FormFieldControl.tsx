import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import type { BackofficeArea, DictData, FormField, Values } from '../table/types';
import { CascaderInput } from './CascaderInput';
import { CheckboxInput, RadioInput, SelectInput, SwitchInput } from './ChoiceFields';
import { DateInput, DateRangeInput } from './DateFields';
import { EditorInput } from './EditorInput';
import { IconPicker } from './IconPicker';
import { TableSelectInput } from './TableSelectInput';
import { TextareaInput, TextInput } from './TextFields';
import type { FieldWidgetProps } from './types';
import { UploadInput } from './UploadInput';
import { RequiredLabel } from '../../ui/RequiredLabel';

export interface FormFieldControlProps {
  field: FormField;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Translated error text. */
  error?: string;
  dicts: DictData;
  area: BackofficeArea;
  values: Values;
  setValue: (field: string, value: unknown) => void;
  mode: 'add' | 'edit' | 'search';
  /** Placeholder text overriding the field's (edit `relation`). */
  placeholderText?: string;
  /** Marked with a red asterisk. */
  required?: boolean;
}

function widget(props: FieldWidgetProps): ReactNode {
  switch (props.field.type ?? 'text') {
    case 'textarea':
      return <TextareaInput {...props} />;
    case 'select':
      return <SelectInput {...props} />;
    case 'radio':
      return <RadioInput {...props} />;
    case 'checkbox':
      return <CheckboxInput {...props} />;
    case 'switch':
      return <SwitchInput {...props} />;
    case 'cascader':
      return <CascaderInput {...props} />;
    case 'date':
    case 'datetime':
      return <DateInput {...props} />;
    case 'daterange':
      return <DateRangeInput {...props} />;
    case 'image':
    case 'avatar':
    case 'images':
    case 'file':
      return <UploadInput {...props} />;
    case 'editor':
      return <EditorInput {...props} />;
    case 'table_select':
      return <TableSelectInput {...props} />;
    case 'custom':
      return props.field.render?.({
        value: props.value,
        onChange: props.onChange,
        values: props.values,
        setValue: props.setValue,
        mode: props.mode,
        error: props.invalid ? 'invalid' : undefined,
        id: props.id,
        describedBy: props.describedBy,
        dicts: props.dicts,
      });
    default:
      return <TextInput {...props} />;
  }
}

/** One form field: label, widget, hint and error, wired with ids (aria-describedby, aria-invalid). */
export function FormFieldControl({ field, value, onChange, error, dicts, area, values, setValue, mode, placeholderText, required }: FormFieldControlProps) {
  const intl = useIntl();
  const base = useId();
  const id = `${base}-input`;
  const labelId = `${base}-label`;
  const errorId = `${base}-error`;
  const hintId = `${base}-hint`;
  const describedBy = [error ? errorId : null, field.hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const label = intl.formatMessage({ id: field.label });
  const placeholder = placeholderText ?? intl.formatMessage({ id: field.placeholder ?? field.label });

  if (field.type === 'icon') {
    return (
      <div className="flex flex-col gap-1">
        <IconPicker label={label} value={typeof value === 'string' ? value : ''} onChange={onChange} />
        {error && (
          <p id={errorId} role="alert" className="text-xs text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-1" data-field={field.value}>
      <label id={labelId} htmlFor={id} className="text-sm font-medium text-slate-800">
        {required ? <RequiredLabel text={label} /> : label}
      </label>
      <ErrorBoundary
        key={field.value}
        fallback={
          <p id={id} role="alert" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {intl.formatMessage({ id: 'shell.fieldFailed' })}
          </p>
        }
      >
        {widget({ field, value, onChange, id, labelId, describedBy, invalid: !!error, placeholder, dicts, area, values, setValue, mode, required })}
      </ErrorBoundary>
      {field.hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {intl.formatMessage({ id: field.hint })}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
