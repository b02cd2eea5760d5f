import { useState } from 'react';

/** A line's 64 px picture (the server sends the `_150` thumbnail); a grey box when it is missing or fails. */
export function Thumb({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <span aria-hidden="true" className="block h-16 w-16 shrink-0 rounded bg-slate-100" />;
  return (
    <img
      src={src}
      alt=""
      width={64}
      height={64}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="h-16 w-16 shrink-0 rounded border border-slate-200 bg-slate-100 object-cover"
    />
  );
}
