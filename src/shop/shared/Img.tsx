import type { ImgHTMLAttributes } from 'react';

/**
 * An image that never shifts layout: explicit width/height plus a CSS aspect ratio on the box,
 * lazy and async-decoded unless `eager` (the LCP image: fetchpriority high).
 */
export function Img({ eager = false, className = '', width, height, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { eager?: boolean; width: number; height: number; alt: string }) {
  return (
    <img
      {...rest}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'sync' : 'async'}
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      style={{ aspectRatio: `${width} / ${height}` }}
      className={`block h-auto w-full bg-slate-100 object-cover ${className}`}
    />
  );
}
