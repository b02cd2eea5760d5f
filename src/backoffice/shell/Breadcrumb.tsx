import { useIntl } from 'react-intl';

/** Trail from the top-level tab down to the current page. */
export function Breadcrumb({ names }: { names: string[] }) {
  const intl = useIntl();
  if (names.length === 0) return null;
  return (
    <nav aria-label={intl.formatMessage({ id: 'shell.breadcrumb' })} className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        {names.map((name, index) => (
          <li key={`${index}-${name}`} className="flex items-center gap-1">
            {index > 0 && <span aria-hidden="true">/</span>}
            <span aria-current={index === names.length - 1 ? 'page' : undefined} className={index === names.length - 1 ? 'text-slate-900' : ''}>
              {name}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
