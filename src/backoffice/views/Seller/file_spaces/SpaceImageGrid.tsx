import type { ReactNode } from 'react';
import { PAGE_SIZES } from '../../../../../machines/table';
import { Checkbox } from '../../../../ui/Checkbox';
import { Empty } from '../../../../ui/Empty';
import { Pagination } from '../../../../ui/Pagination';
import { Spinner } from '../../../../ui/Spinner';
import type { SpaceImage } from './spaceApi';
import type { SpaceImages } from './useImageSpace';

/** Pickers: which images are chosen, and choosing or dropping one. */
export interface SpaceImageSelection {
  isSelected: (image: SpaceImage) => boolean;
  onToggle: (image: SpaceImage, selected: boolean) => void;
}

export interface SpaceImageGridProps {
  space: SpaceImages;
  /** Grid column classes (the page and the picker have different widths). */
  columns: string;
  testId: string;
  /** The inside of one image's card (thumbnail, name, actions; with `selection`, the thumbnail). */
  card: (image: SpaceImage) => ReactNode;
  /**
   * Makes every card a selectable tile: the whole tile is the label of its checkbox, so a click
   * anywhere on it (the thumbnail included) toggles the image, and the checkbox keeps the
   * keyboard (Tab to it, Space toggles) and the screen reader's checked state.
   */
  selection?: SpaceImageSelection;
}

/** One page of a folder's images as a grid of cards (spinner while loading, empty state), with the pager. */
export function SpaceImageGrid({ space, columns, testId, card, selection }: SpaceImageGridProps) {
  const { images } = space;
  return (
    <>
      {images === null ? (
        <div className="flex justify-center py-8 text-slate-500">
          <Spinner />
        </div>
      ) : images.length === 0 ? (
        <Empty />
      ) : (
        <ul className={`grid gap-3 ${columns}`} data-testid={testId}>
          {images.map((image) => {
            if (!selection) {
              return (
                <li key={image.id} className="flex flex-col gap-1 rounded border border-slate-200 p-2">
                  {card(image)}
                </li>
              );
            }
            const on = selection.isSelected(image);
            return (
              <li
                key={image.id}
                data-selected={on || undefined}
                className={`rounded border focus-within:ring-2 focus-within:ring-office ${on ? 'border-office bg-blue-50' : 'border-slate-200 hover:border-office'}`}
              >
                <label className="flex h-full cursor-pointer flex-col gap-1 p-2">
                  {card(image)}
                  <span className="flex items-center gap-1.5 text-xs text-slate-700">
                    <Checkbox checked={on} aria-label={image.name} onChange={(checked) => selection.onToggle(image, checked)} />
                    <span className="truncate" title={image.name}>
                      {image.name}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={space.page} perPage={space.perPage} total={space.total} sizes={PAGE_SIZES} onPage={space.setPage} onSize={space.setSize} />
    </>
  );
}
