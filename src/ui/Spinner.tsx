import { useIntl } from 'react-intl';

export function Spinner({ size = 'md', label }: { size?: 'sm' | 'md'; label?: string }) {
  const intl = useIntl();
  const dim = size === 'sm' ? 'h-4 w-4 border-2' : 'h-8 w-8 border-[3px]';
  return (
    <span
      role="img"
      aria-label={label ?? intl.formatMessage({ id: 'common.loading' })}
      className={`spinner ${dim}`}
    />
  );
}
