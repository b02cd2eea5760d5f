import { useEffect, useState } from 'react';

/**
 * A person's picture, or the first letter of the name when there is none or it does not load:
 * pictures from a third party (a WeChat profile picture) expire or cannot be reached, and a
 * broken-image icon is all the browser would show. Decorative: the name is always written beside it.
 */
export function Avatar({ src, name, className, fallbackClassName }: { src?: string | null; name: string; className: string; fallbackClassName: string }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  if (src && !failed)
    return <img src={src} alt="" className={className} referrerPolicy="no-referrer" onError={() => setFailed(true)} data-testid="avatar-image" />;
  return (
    <span aria-hidden="true" className={fallbackClassName} data-testid="avatar-initial">
      {[...(name || '?')][0]?.toUpperCase()}
    </span>
  );
}
