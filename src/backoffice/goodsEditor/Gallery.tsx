import { useMachine } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MAX_IMAGES } from '../../../machines/goodsEditor';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { boundUploadMachine, uploadErrorText } from '../../app/uploadMachine';
import { Thumb } from '../table/cells';
import { SpacePicker } from './SpacePicker';

export const GOODS_IMAGE_OPTION = { width: 800, height: 800, thumb: [[400, 400], [300, 300], [150, 150]] as [number, number][] };

export interface GalleryProps {
  images: string[];
  master: string;
  area: 0 | 1;
  /** The seller may pick images from the image space. */
  space: boolean;
  labelId: string;
  describedBy?: string;
  onAdd: (urls: string[]) => void;
  onMaster: (url: string) => void;
  onRemove: (url: string) => void;
  onInsertContent: (urls: string[]) => void;
}

/**
 * The goods images (screens §4.5): click one to make it the master image, remove one (the first
 * remaining becomes master), upload several (name `goods`, 800×800 + thumbs) or pick from the image space.
 */
export function Gallery({ images, master, area, space, labelId, describedBy, onAdd, onMaster, onRemove, onInsertContent }: GalleryProps) {
  const intl = useIntl();
  const inputId = useId();
  const [picking, setPicking] = useState(false);
  const [state, send] = useMachine(boundUploadMachine, { input: { area, folder: 'goods', option: GOODS_IMAGE_OPTION, maxFiles: MAX_IMAGES } });
  const addRef = useRef(onAdd);
  addRef.current = onAdd;
  useEffect(() => {
    if (!state.matches('done')) return;
    if (state.context.urls.length) addRef.current(state.context.urls);
    send({ type: 'UPLOAD.RESET' });
  }, [state, send]);
  const room = MAX_IMAGES - images.length;
  const uploading = state.matches('uploading');

  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={describedBy} className="flex flex-col gap-2">
      {images.length > 0 && (
        <ul className="flex flex-wrap gap-3">
          {images.map((url, i) => {
            const isMaster = url === master;
            const name = intl.formatMessage({ id: 'page.goodsEditor.imageN' }, { n: i + 1 });
            return (
              <li key={url} className={`relative flex flex-col items-center gap-1 rounded border p-1 ${isMaster ? 'border-office' : 'border-slate-200'}`}>
                <button
                  type="button"
                  aria-pressed={isMaster}
                  aria-label={intl.formatMessage({ id: 'page.goodsEditor.setMaster' }, { name })}
                  onClick={() => onMaster(url)}
                  className="focus-ring rounded"
                >
                  <Thumb src={url} alt={name} />
                </button>
                {isMaster && (
                  <span className="rounded bg-office px-1 text-[11px] text-white">
                    <FormattedMessage id="page.goodsEditor.master" />
                  </span>
                )}
                <button
                  type="button"
                  onClick={() => onRemove(url)}
                  aria-label={intl.formatMessage({ id: 'page.goodsEditor.removeImage' }, { name })}
                  className="focus-ring rounded px-1 text-xs text-red-700"
                >
                  <FormattedMessage id="form.remove" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {room > 0 && (
          <label htmlFor={inputId} className="focus-within:outline-office cursor-pointer rounded border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:border-office focus-within:outline-2">
            <FormattedMessage id="page.goodsEditor.upload" />
            <input
              id={inputId}
              type="file"
              accept="image/*"
              multiple
              className="sr-only"
              disabled={uploading}
              onChange={(e) => {
                const files = Array.from(e.target.files ?? []);
                e.target.value = '';
                if (!files.length) return;
                if (files.length > room) return void toast.error(uploadErrorText('tooMany'));
                send({ type: 'UPLOAD.PICK', files });
              }}
            />
          </label>
        )}
        {space && room > 0 && (
          <Button variant="secondary" onClick={() => setPicking(true)}>
            <FormattedMessage id="page.goodsEditor.space" />
          </Button>
        )}
        {uploading && <Spinner size="sm" label={intl.formatMessage({ id: 'form.uploading' })} />}
        <span className="text-xs text-slate-600">
          <FormattedMessage id="page.goodsEditor.imagesHint" values={{ count: images.length, max: MAX_IMAGES }} />
        </span>
      </div>
      {picking && <SpacePicker onClose={() => setPicking(false)} onInsertGallery={onAdd} onInsertContent={onInsertContent} />}
    </div>
  );
}
