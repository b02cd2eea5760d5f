import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ImagePreview, type PreviewImage } from '../../ui/ImagePreview';
import { Thumb } from './Thumb';

/** The image URLs of a value: one URL, a list, or comma-separated text. */
export function imageUrls(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return list.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
}

export interface PreviewThumbsProps {
  /** The images of the gallery the preview steps through. */
  gallery: readonly PreviewImage[];
  /** Which of them this group shows as thumbnails (default all). */
  from?: number;
  count?: number;
  round?: boolean;
  /** The gallery's preview is opened by the caller (one preview for a whole dialog). */
  onOpen?: (index: number) => void;
}

/** One 50×50 thumbnail as a button that opens the full-size preview. */
export function ZoomThumb({ image, round, onOpen }: { image: PreviewImage; round?: boolean; onOpen: () => void }) {
  const intl = useIntl();
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={intl.formatMessage({ id: 'ux.preview.open' }, { name: image.alt })}
      className={`focus-ring shrink-0 cursor-zoom-in ${round ? 'rounded-full' : 'rounded'}`}
    >
      <Thumb src={image.src} alt={image.alt} round={round} />
    </button>
  );
}

/**
 * Thumbnails that open a full-size preview (keyboard, Escape, previous / next through the
 * gallery): the table page's image cells and the view dialog's images. A missing image is the
 * grey placeholder, not a button.
 */
export function PreviewThumbs({ gallery, from = 0, count, round, onOpen }: PreviewThumbsProps) {
  const [index, setIndex] = useState<number | null>(null);
  const shown = gallery.slice(from, count === undefined ? undefined : from + count);
  const open = onOpen ?? setIndex;
  return (
    <>
      <span className="inline-flex flex-wrap gap-2">
        {shown.map((image, i) => (
          <ZoomThumb key={i} image={image} round={round} onOpen={() => open(from + i)} />
        ))}
      </span>
      {!onOpen && <ImagePreview images={gallery} index={index} onIndex={setIndex} onClose={() => setIndex(null)} />}
    </>
  );
}
