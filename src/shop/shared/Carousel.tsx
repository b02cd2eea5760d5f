import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Img } from './Img';

export interface Slide { image: string; url?: string; name?: string }

const INTERVAL_MS = 5000;
const isExternal = (url: string) => /^(https?:)?\/\//i.test(url);

/**
 * Accessible carousel (screens §5.5): prev/next buttons, dots with labels, autoplay that pauses
 * on hover and focus (and never runs with reduced motion). Slides are stacked in a box of fixed
 * aspect ratio, so nothing shifts; the first image is eager with high priority, the rest lazy.
 */
export function Carousel({ slides, width, height, label }: { slides: Slide[]; width: number; height: number; label: string }) {
  const intl = useIntl();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;
  useEffect(() => {
    if (count < 2 || paused) return;
    if (typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count, paused]);
  if (!count) return <div aria-hidden="true" className="w-full bg-slate-100" style={{ aspectRatio: `${width} / ${height}` }} />;
  const current = index % count;
  const step = (delta: number) => setIndex((current + delta + count) % count);
  // Phones: both arrows small in the bottom-right corner (a mid-left arrow covered the banner's
  // text, issue 15); from 768 px one at each side, vertically centred.
  const arrow =
    'focus-ring absolute bottom-1 z-10 flex h-7 w-7 items-center justify-center rounded bg-black/40 text-lg text-white hover:bg-black/70 md:top-1/2 md:bottom-auto md:h-10 md:w-8 md:-translate-y-1/2 md:rounded-none md:bg-black/50 md:text-xl';
  return (
    <section
      aria-roledescription={intl.formatMessage({ id: 'shop.carousel.role' })}
      aria-label={label}
      className="relative w-full overflow-hidden bg-slate-100"
      style={{ aspectRatio: `${width} / ${height}` }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setPaused(false)}
    >
      <div aria-live={paused ? 'polite' : 'off'}>
        {slides.map((slide, i) => {
          const img = <Img src={slide.image} alt={slide.name || intl.formatMessage({ id: 'shop.carousel.slide' }, { n: i + 1, total: count })} width={width} height={height} eager={i === 0} className="h-full" />;
          const hidden = i !== current;
          return (
            <div
              key={`${slide.image}-${i}`}
              role="group"
              aria-roledescription={intl.formatMessage({ id: 'shop.carousel.slideRole' })}
              aria-label={intl.formatMessage({ id: 'shop.carousel.slide' }, { n: i + 1, total: count })}
              aria-hidden={hidden}
              inert={hidden}
              className={`absolute inset-0 transition-opacity duration-500 ${hidden ? 'opacity-0' : 'opacity-100'}`}
            >
              {slide.url ? (
                isExternal(slide.url) ? (
                  <a href={slide.url} className="block h-full" rel="noopener">{img}</a>
                ) : (
                  <Link href={slide.url} className="block h-full">{img}</Link>
                )
              ) : (
                img
              )}
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <>
          <button type="button" className={`${arrow} right-9 md:right-auto md:left-0 md:rounded-r`} aria-label={intl.formatMessage({ id: 'shop.carousel.prev' })} onClick={() => step(-1)}>
            ‹
          </button>
          <button type="button" className={`${arrow} right-1 md:right-0 md:rounded-l`} aria-label={intl.formatMessage({ id: 'shop.carousel.next' })} onClick={() => step(1)}>
            ›
          </button>
          <div className="absolute bottom-2 left-1/2 z-10 flex -translate-x-1/2 gap-1">
            {slides.map((_, i) => (
              <button
                key={i}
                type="button"
                aria-label={intl.formatMessage({ id: 'shop.carousel.goto' }, { n: i + 1 })}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => setIndex(i)}
                className="focus-ring flex h-6 w-6 items-center justify-center"
              >
                <span className={`block h-2.5 w-2.5 rounded-full border border-white ${i === current ? 'bg-white' : 'bg-black/40'}`} />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
