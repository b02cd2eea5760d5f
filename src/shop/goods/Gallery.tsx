import type { KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { Img } from '../shared/Img';
import { thumb } from '../shared/money';

/** What the gallery shows: the image at `index` of the strip, or `own` (an image not in it). */
export interface GalleryView { index: number; own?: string }

/** The view for a chosen SKU's image: its place in the strip, or shown on its own when it is not one of the goods' images. */
export function skuImageView(images: string[], image: string, view: GalleryView): GalleryView {
  const at = images.indexOf(image);
  return at >= 0 ? { index: at } : { index: view.index, own: image };
}

/**
 * Gallery (screens §3.6): the 400 px image and a strip of 150 px thumbnails. Thumbnails are a
 * tab list (click, arrows, Home/End); the main box has a fixed size, so switching never shifts.
 * Controlled: the page holds the view (a chosen SKU's image moves it too).
 */
export function Gallery({
  name,
  images,
  main,
  small,
  view,
  onView,
}: {
  name: string;
  images: string[];
  main?: string[];
  small?: string[];
  view: GalleryView;
  onView: (view: GalleryView) => void;
}) {
  const intl = useIntl();
  const { index, own } = view;
  const show = (i: number) => onView({ index: i });
  const count = images.length;
  const current = Math.min(index, Math.max(0, count - 1));
  const big = (i: number) => main?.[i] || thumb(images[i], 400);
  const onKey = (event: KeyboardEvent) => {
    const delta = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    let next = current;
    if (delta) next = (current + delta + count) % count;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = count - 1;
    else return;
    event.preventDefault();
    show(next);
    (event.currentTarget.querySelectorAll('button')[next] as HTMLButtonElement | undefined)?.focus();
  };
  return (
    <div className="w-full sm:w-[400px] sm:shrink-0">
      <div className="overflow-hidden rounded border border-slate-200 bg-white">
        {own ? (
          <Img src={thumb(own, 400)} alt={name} width={400} height={400} />
        ) : count ? (
          <Img src={big(current)} alt={intl.formatMessage({ id: 'shop.goods.image' }, { name, n: current + 1, total: count })} width={400} height={400} eager={current === 0} />
        ) : (
          <div className="aspect-square w-full bg-slate-100" />
        )}
      </div>
      {count > 1 && (
        <div role="tablist" aria-label={intl.formatMessage({ id: 'shop.goods.images' })} onKeyDown={onKey} className="mt-2 flex gap-2 overflow-x-auto pb-1">
          {images.map((image, i) => (
            <button
              key={`${image}-${i}`}
              type="button"
              role="tab"
              aria-selected={!own && i === current}
              tabIndex={i === current ? 0 : -1}
              onClick={() => show(i)}
              onMouseEnter={() => show(i)}
              className={`focus-ring h-[60px] w-[60px] shrink-0 overflow-hidden rounded border-2 ${i === current ? 'border-brand' : 'border-transparent'}`}
            >
              <Img src={small?.[i] || thumb(image, 150)} alt={intl.formatMessage({ id: 'shop.goods.image' }, { name, n: i + 1, total: count })} width={150} height={150} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
