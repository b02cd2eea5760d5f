import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RequiredLabel } from '../../../../../ui/RequiredLabel';
import { Switch } from '../../../../../ui/Switch';
import { Tag } from '../../../../../ui/Tag';
import { UploadInput } from '../../../../fields/UploadInput';
import type { ConfigField } from './types';
import { isSecret } from './values';
import { charCount, Counter } from '../../../../../ui/Counter';

export interface ConfigFieldInputProps {
  field: ConfigField;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  /** Secrets: whether a value is saved. */
  isSet?: boolean;
  /** Secrets: the saved value is to be removed on save. */
  clearing?: boolean;
  onClearingChange?: (clearing: boolean) => void;
}

const inputClass = (error?: string) =>
  `focus-ring w-full rounded border px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 ${error ? 'border-red-700' : 'border-slate-400'}`;

/** One labelled input of a configuration form. */
export function ConfigFieldInput({ field, value, onChange, error, isSet, clearing = false, onClearingChange }: ConfigFieldInputProps) {
  const intl = useIntl();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  // text and textarea show their limit as a counter; nothing typed is cut (the rules refuse the excess)
  const counted = field.maxLength !== undefined && ['text', 'textarea'].includes(field.type ?? 'text');
  const describedBy = [error ? errorId : null, field.hint || isSecret(field) ? hintId : null, counted ? counterId : null].filter(Boolean).join(' ') || undefined;
  const label = intl.formatMessage({ id: field.label });
  const required = !!field.rules?.some((rule) => 'required' in rule && rule.required);
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  const common = { id, name: field.name, 'aria-required': required || undefined, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const;

  let control;
  switch (field.type ?? 'text') {
    case 'textarea':
      control = (
        <textarea {...common} rows={3} value={text} onChange={(e) => onChange(e.target.value)} className={inputClass(error)} />
      );
      break;
    case 'secretText':
      control = (
        <textarea
          {...common}
          rows={4}
          autoComplete="off"
          spellCheck={false}
          value={clearing ? '' : text}
          disabled={clearing}
          placeholder={intl.formatMessage({ id: clearing ? 'page.configs.secretClearing' : isSet ? 'page.configs.secretKeep' : 'page.configs.secretEnter' })}
          onChange={(e) => onChange(e.target.value)}
          className={`${inputClass(error)} font-mono disabled:bg-slate-100`}
        />
      );
      break;
    case 'secret':
      control = (
        <input
          {...common}
          type="password"
          autoComplete="new-password"
          value={clearing ? '' : text}
          disabled={clearing}
          placeholder={intl.formatMessage({ id: clearing ? 'page.configs.secretClearing' : isSet ? 'page.configs.secretKeep' : 'page.configs.secretEnter' })}
          onChange={(e) => onChange(e.target.value)}
          className={`${inputClass(error)} disabled:bg-slate-100`}
        />
      );
      break;
    case 'number':
      control = (
        <div className="flex items-center gap-2">
          <input {...common} inputMode="decimal" value={text} onChange={(e) => onChange(e.target.value)} className={`${inputClass(error)} max-w-40`} />
          {field.suffix && <span className="text-sm text-slate-700">{intl.formatMessage({ id: field.suffix })}</span>}
        </div>
      );
      break;
    case 'switch':
      return (
        <div className="flex flex-col gap-1">
          <span id={`${id}-label`} className="text-sm font-medium text-slate-800">
            {label}
          </span>
          <Switch
            id={id}
            checked={value === true}
            onChange={onChange}
            aria-labelledby={`${id}-label`}
            aria-describedby={describedBy}
            activeText={<FormattedMessage id="page.common.yes" />}
            inactiveText={<FormattedMessage id="page.common.no" />}
          />
          {field.hint && (
            <p id={hintId} className="text-xs text-slate-600">
              <FormattedMessage id={field.hint} />
            </p>
          )}
        </div>
      );
    case 'radio':
      return (
        <fieldset className="flex flex-col gap-1" aria-describedby={describedBy}>
          <legend className="text-sm font-medium text-slate-800">{label}</legend>
          <div className="flex gap-4">
            {(field.options ?? []).map((option) => (
              <label key={option.value} className="inline-flex items-center gap-1 text-sm text-slate-800">
                <input type="radio" name={field.name} value={option.value} checked={text === option.value} onChange={() => onChange(option.value)} className="accent-[var(--color-office)]" />
                {intl.formatMessage({ id: option.label })}
              </label>
            ))}
          </div>
          {error && (
            <p id={errorId} role="alert" className="text-xs text-red-700">
              {error}
            </p>
          )}
        </fieldset>
      );
    case 'image':
      control = (
        <UploadInput
          field={{ label: field.label, value: field.name, type: 'image', folder: field.folder ?? field.name, option: { width: field.width, height: field.height } }}
          value={text}
          onChange={onChange}
          id={id}
          labelId={`${id}-label`}
          describedBy={describedBy}
          invalid={!!error}
          placeholder={label}
          dicts={{}}
          area={0}
          values={{}}
          setValue={() => undefined}
          mode="edit"
        />
      );
      break;
    default:
      control = <input {...common} type="text" value={text} onChange={(e) => onChange(e.target.value)} className={inputClass(error)} />;
  }

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-slate-800">
        {required ? <RequiredLabel text={label} /> : label}
        {isSecret(field) && (
          <Tag value={isSet ? 1 : 0}>
            <FormattedMessage id={isSet ? 'page.configs.secretSet' : 'page.configs.secretNotSet'} />
          </Tag>
        )}
      </label>
      {control}
      {counted && <Counter id={counterId} count={charCount(text)} max={field.maxLength!} />}
      {isSecret(field) && (isSet || clearing) && onClearingChange && (
        <label className="inline-flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={clearing}
            onChange={(e) => onClearingChange(e.target.checked)}
            aria-describedby={hintId}
            className="focus-ring h-4 w-4 accent-[var(--color-office)]"
          />
          {intl.formatMessage({ id: 'page.configs.secretClear' }, { name: label })}
        </label>
      )}
      {(field.hint || isSecret(field)) && (
        <p id={hintId} className="text-xs text-slate-600">
          <FormattedMessage id={field.hint ?? 'page.configs.secretHint'} />
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
