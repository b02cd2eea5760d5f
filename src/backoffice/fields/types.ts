import type { BackofficeArea, DictData, FormField, Values } from '../table/types';

/** What every field widget receives (FormFieldControl wires the label and error around it). */
export interface FieldWidgetProps {
  field: FormField;
  value: unknown;
  onChange: (value: unknown) => void;
  /** id of the focusable control (the label's htmlFor). */
  id: string;
  labelId: string;
  /** ids of the hint and error texts. */
  describedBy?: string;
  invalid: boolean;
  /** Translated placeholder. */
  placeholder: string;
  dicts: DictData;
  area: BackofficeArea;
  values: Values;
  setValue: (field: string, value: unknown) => void;
  mode: 'add' | 'edit' | 'search';
  /** The form requires it (aria-required; the label shows the mark). */
  required?: boolean;
}

export const inputClass = (invalid: boolean) =>
  `focus-ring w-full rounded border px-3 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 disabled:bg-slate-100 ${
    invalid ? 'border-red-700' : 'border-slate-400'
  }`;
