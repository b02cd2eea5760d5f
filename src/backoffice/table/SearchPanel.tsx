import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { hasSearchToggle, visibleSearchFields, type Values } from '../../../machines/table';
import { Button } from '../../ui/Button';
import { FormFieldControl } from '../fields/FormFieldControl';
import type { BackofficeArea, DictData, SearchField } from './types';

export interface SearchPanelProps {
  fields: SearchField[];
  /** Values of the last submit (the form starts from them). */
  values: Values;
  expanded: boolean;
  dicts: DictData;
  area: BackofficeArea;
  onSubmit: (values: Values) => void;
  onReset: () => void;
  onExpand: () => void;
}

/** Search bar (reference screens.md §2.4): first 5 fields, expand toggle, query and reset (which re-queries). */
export function SearchPanel({ fields, values: submitted, expanded, dicts, area, onSubmit, onReset, onExpand }: SearchPanelProps) {
  const intl = useIntl();
  const [values, setValues] = useState<Values>(submitted);
  const setValue = (field: string, value: unknown) => setValues((prev) => ({ ...prev, [field]: value }));
  const shown = fields.slice(0, visibleSearchFields(fields.length, expanded));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(values);
  };
  return (
    <form role="search" aria-label={intl.formatMessage({ id: 'table.searchPanel' })} onSubmit={submit} className="mb-3 rounded border border-slate-200 bg-white p-3">
      <div className="grid grid-cols-1 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {shown.map((field) => (
          // a day range holds two date inputs: it takes two cells, or its end date sits under the buttons
          <div key={field.value} className={`min-w-0 ${field.type === 'daterange' ? 'md:col-span-2' : ''}`}>
            <FormFieldControl
              field={field}
              value={values[field.value] ?? (field.multiple || field.type === 'daterange' ? [] : '')}
              onChange={(v) => setValue(field.value, v)}
              dicts={dicts}
              area={area}
              values={values}
              setValue={setValue}
              mode="search"
            />
          </div>
        ))}
        <div className="flex items-end gap-2">
          <Button type="submit" variant="office">
            <FormattedMessage id="btn.query" />
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setValues({});
              onReset();
            }}
          >
            <FormattedMessage id="btn.reset" />
          </Button>
          {hasSearchToggle(fields.length) && (
            <Button variant="ghost" aria-expanded={expanded} onClick={onExpand}>
              <FormattedMessage id={expanded ? 'btn.collapse' : 'btn.expand'} />
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}
