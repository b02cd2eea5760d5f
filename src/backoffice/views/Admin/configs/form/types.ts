import type { FieldRule } from '../../../../../../machines/table';
import type { ProviderKind } from './ProviderStatus';

/**
 * A configuration page (reference screens §4.4): tabs on the left, one form per tab, loaded from
 * `GET /Admin/configs` and saved with `PUT /Admin/configs/update`. Labels are locale keys.
 */
export type ConfigFieldType =
  /** Plain text input. */
  | 'text'
  /** Textarea with a counter (maxLength). */
  | 'textarea'
  /** Whole number input, with an optional suffix (days, %). */
  | 'number'
  /** true/false switch (stored as a boolean). */
  | 'switch'
  /** Radio group of `options`. */
  | 'radio'
  /** An uploaded image (URL). */
  | 'image'
  /**
   * Write-only secret: the saved value never reaches the browser; the form shows whether one is
   * set and an empty password input; left blank the saved value is kept, and a "clear" box
   * (shown while one is set) removes it on save.
   */
  | 'secret'
  /** Same as secret, as a multi-line text (private keys). */
  | 'secretText';

export interface ConfigField {
  name: string;
  label: string;
  type?: ConfigFieldType;
  /** Locale key shown under the field. */
  hint?: string;
  /** Locale key of a suffix (天, %). */
  suffix?: string;
  maxLength?: number;
  options?: { value: string; label: string }[];
  rules?: FieldRule[];
  /** The value the server uses while none is saved (shown instead of an empty, required box). */
  fallback?: string;
  /** image: server folder and resize. */
  folder?: string;
  width?: number;
  height?: number;
}

/** Where a tab's values live. */
export type ConfigSource =
  /** Several scalar rows (`name[]=a&name[]=b` → `{a, b}`), saved as `a=…&b=…`. */
  | { kind: 'scalars'; names: string[] }
  /** One JSON row (`name=x` → object), saved as `x[field]=…`. */
  | { kind: 'json'; name: string }
  /** One section of a JSON row (`name=x&many=true&many_name=s`), saved with `many`, `many_name`. */
  | { kind: 'section'; name: string; section: string };

export interface ConfigTab {
  key: string;
  label: string;
  source: ConfigSource;
  fields: ConfigField[];
  /** Locale key of a note shown above the fields. */
  note?: string;
  /** The provider kind whose live / test-mode state the tab shows above its fields. */
  status?: ProviderKind;
}
