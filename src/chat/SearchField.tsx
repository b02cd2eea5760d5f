import { FormattedMessage, useIntl } from 'react-intl';

/** A search box labelled for screen readers by the same text its placeholder shows. */
export function SearchField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  const intl = useIntl();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        <FormattedMessage id={label} />
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={intl.formatMessage({ id: label })}
        className="focus-ring w-full rounded border border-slate-300 px-2 py-1.5 text-sm"
      />
    </>
  );
}
