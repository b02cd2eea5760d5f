import { useState } from 'react';

/** 50×50 lazily loaded image in a fixed box; a grey placeholder when missing or broken. */
export function Thumb({ src, alt, round = false }: { src: unknown; alt: string; round?: boolean }) {
  const [broken, setBroken] = useState(false);
  const url = typeof src === 'string' ? src : '';
  const shape = round ? 'rounded-full' : 'rounded';
  if (!url || broken) {
    return (
      <span role="img" aria-label={alt} className={`inline-flex h-[50px] w-[50px] items-center justify-center bg-slate-100 text-slate-400 ${shape}`}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5" />
        </svg>
      </span>
    );
  }
  return <img src={url} alt={alt} loading="lazy" width={50} height={50} onError={() => setBroken(true)} className={`h-[50px] w-[50px] object-cover ${shape}`} />;
}
