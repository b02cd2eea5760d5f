import type { ReactNode } from 'react';
import { PAGE_SIZES } from '../../../../../machines/table';
import { Empty } from '../../../../ui/Empty';
import { Pagination } from '../../../../ui/Pagination';
import { Spinner } from '../../../../ui/Spinner';
import type { SpaceImage } from './spaceApi';
import type { SpaceImages } from './useImageSpace';

export interface SpaceImageGridProps {
  space: SpaceImages;
  /** Grid column classes (the page and the picker have different widths). */
  columns: string;
  testId: string;
  /** The inside of one image's card (thumbnail, name, actions). */
  card: (image: SpaceImage) => ReactNode;
}

/** One page of a folder's images as a grid of cards (spinner while loading, empty state), with the pager. */
export function SpaceImageGrid({ space, columns, testId, card }: SpaceImageGridProps) {
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
          {images.map((image) => (
            <li key={image.id} className="flex flex-col gap-1 rounded border border-slate-200 p-2">
              {card(image)}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={space.page} perPage={space.perPage} total={space.total} sizes={PAGE_SIZES} onPage={space.setPage} onSize={space.setSize} />
    </>
  );
}
