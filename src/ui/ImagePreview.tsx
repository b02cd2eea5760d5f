import { Dialog as HDialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';

export interface PreviewImage {
  src: string;
  alt: string;
}

export interface ImagePreviewProps {
  images: readonly PreviewImage[];
  /** Index of the image shown; null = closed. */
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
}

const navButton =
  'focus-ring absolute top-1/2 -translate-y-1/2 rounded-full bg-white/90 px-3 py-2 text-2xl leading-none text-slate-900 shadow hover:bg-white disabled:cursor-not-allowed disabled:opacity-40';

/**
 * A full-size image over the page (Headless UI Dialog: focus trapped, Escape and a click on the
 * backdrop close it). With several images, previous / next buttons and the arrow keys step
 * through them ("2 / 3" says where one is).
 */
export function ImagePreview({ images, index, onIndex, onClose }: ImagePreviewProps) {
  const intl = useIntl();
  const open = index !== null && index >= 0 && index < images.length;
  const at = open ? index : 0;
  const image = images[at];
  const many = images.length > 1;
  const go = (step: number) => {
    const next = at + step;
    if (next >= 0 && next < images.length) onIndex(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!many) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  };
  return (
    <HDialog open={open} onClose={onClose} className="relative z-[4000]">
      <DialogBackdrop className="fixed inset-0 bg-black/80" />
      <div className="fixed inset-0 flex items-center justify-center p-4" onKeyDown={onKeyDown}>
        {image && (
          <DialogPanel data-testid="image-preview" className="relative flex max-h-full max-w-full flex-col items-center gap-2">
            <DialogTitle className="max-w-[90vw] truncate text-sm text-white">
              {image.alt}
              {many && <span className="ml-2 tabular-nums">{intl.formatMessage({ id: 'ux.preview.position' }, { at: at + 1, total: images.length })}</span>}
            </DialogTitle>
            <img src={image.src} alt={image.alt} className="max-h-[82vh] max-w-[92vw] rounded bg-white object-contain" />
            <button
              type="button"
              onClick={onClose}
              aria-label={intl.formatMessage({ id: 'btn.close' })}
              className="focus-ring absolute -top-1 right-0 rounded px-2 text-3xl leading-none text-white hover:text-slate-200"
            >
              ×
            </button>
            {many && (
              <>
                <button type="button" disabled={at === 0} onClick={() => go(-1)} aria-label={intl.formatMessage({ id: 'ux.preview.previous' })} className={`${navButton} left-2`}>
                  ‹
                </button>
                <button type="button" disabled={at === images.length - 1} onClick={() => go(1)} aria-label={intl.formatMessage({ id: 'ux.preview.next' })} className={`${navButton} right-2`}>
                  ›
                </button>
              </>
            )}
          </DialogPanel>
        )}
      </div>
    </HDialog>
  );
}
