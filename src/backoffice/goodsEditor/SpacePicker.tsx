import { useState } from 'react';
import { Icon } from '../../ui/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { SpaceImageGrid } from '../views/Seller/file_spaces/SpaceImageGrid';
import { useSpaceFolders, useSpaceImages } from '../views/Seller/file_spaces/useImageSpace';

export interface SpacePickerProps {
  onClose: () => void;
  /** "插入主图": append to the gallery. */
  onInsertGallery: (urls: string[]) => void;
  /** "插入详情": append to the goods details. */
  onInsertContent: (urls: string[]) => void;
}

/**
 * The image-space picker (screens §4.6; bug §6.4 #44 fixed): the folders (临时目录 0 + the
 * store's), then the images of the chosen folder page by page (`dir_id`, `page`, `per_page`).
 */
export function SpacePicker({ onClose, onInsertGallery, onInsertContent }: SpacePickerProps) {
  const intl = useIntl();
  const { folders, all } = useSpaceFolders(intl.formatMessage({ id: 'page.goodsEditor.tempFolder' }));
  const space = useSpaceImages(null);
  const folder = space.dir === null ? null : (all.find((f) => f.id === space.dir) ?? null);
  const [checked, setChecked] = useState<string[]>([]);

  const toggle = (url: string, on: boolean) => setChecked((list) => (on ? [...list.filter((u) => u !== url), url] : list.filter((u) => u !== url)));
  const insert = (to: (urls: string[]) => void) => {
    to(checked);
    onClose();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={<FormattedMessage id="page.goodsEditor.space" />}
      widthClass="w-[94vw] md:w-[60%]"
      footer={
        folder ? (
          <>
            <Button variant="secondary" onClick={() => space.open(null)}>
              <FormattedMessage id="page.goodsEditor.backToFolders" />
            </Button>
            <Button variant="secondary" disabled={!checked.length} onClick={() => insert(onInsertContent)}>
              <FormattedMessage id="page.goodsEditor.insertContent" />
            </Button>
            <Button variant="office" disabled={!checked.length} onClick={() => insert(onInsertGallery)}>
              <FormattedMessage id="page.goodsEditor.insertGallery" values={{ count: checked.length }} />
            </Button>
          </>
        ) : undefined
      }
    >
      {!folder ? (
        folders === null ? (
          <div className="flex justify-center py-8 text-slate-500">
            <Spinner />
          </div>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={intl.formatMessage({ id: 'page.goodsEditor.folders' })}>
            {all.map((f) => (
              <li key={f.id}>
                <button
                  type="button"
                  onClick={() => space.open(f.id)}
                  className="focus-ring flex w-full flex-col items-center gap-1 rounded border border-slate-200 p-3 text-sm text-slate-800 hover:border-office"
                >
                  <Icon name="folder" className="h-8 w-8 text-amber-600" />
                  <span className="max-w-full truncate">{f.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm font-medium text-slate-800">{folder.name}</p>
          <SpaceImageGrid
            space={space}
            columns="grid-cols-2 sm:grid-cols-4 lg:grid-cols-6"
            testId="space-picker-images"
            selection={{ isSelected: (image) => checked.includes(image.url), onToggle: (image, on) => toggle(image.url, on) }}
            card={(image) => <img src={image.url} alt="" loading="lazy" className="aspect-square w-full object-contain" />}
          />
        </div>
      )}
    </Dialog>
  );
}
