import { useMachine } from '@xstate/react';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MAX_IMAGES } from '../../../machines/afterSale';
import { boundUploadMachine, uploadErrorText } from '../../app/uploadMachine';
import { Spinner } from '../../ui/Spinner';

/** Up to six photos through the upload machine (folder `refund`): previews, each removable. */
export function PhotoPicker({ id, value, onChange, error }: { id: string; value: string[]; onChange: (urls: string[]) => void; error?: string }) {
  const intl = useIntl();
  const current = useRef(value);
  current.current = value;
  const emit = useRef(onChange);
  emit.current = onChange;
  const [machine] = useState(() =>
    boundUploadMachine.provide({
      actions: { notifyDone: (_, { urls }) => emit.current([...current.current, ...urls].slice(0, MAX_IMAGES)) },
    }),
  );
  const [state, send] = useMachine(machine, { input: { area: 2, folder: 'refund', maxFiles: MAX_IMAGES } });
  const uploading = state.matches('uploading');
  const failed = state.matches('failed') ? uploadErrorText(state.context.error ?? '') : null;
  const left = MAX_IMAGES - value.length;
  const hintId = `${id}-hint`;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        <FormattedMessage id="refund.photos" />
      </label>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {value.map((url, index) => (
            <li key={url} className="flex flex-col items-center gap-1">
              <img src={url} alt={intl.formatMessage({ id: 'refund.photoN' }, { n: index + 1 })} width={72} height={72} className="h-[72px] w-[72px] rounded border border-slate-200 object-cover" />
              <button
                type="button"
                onClick={() => onChange(value.filter((u) => u !== url))}
                className="focus-ring rounded text-xs text-red-700"
                aria-label={intl.formatMessage({ id: 'refund.removePhoto' }, { n: index + 1 })}
              >
                <FormattedMessage id="form.remove" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {left > 0 && (
        <input
          id={id}
          type="file"
          accept="image/*"
          multiple
          disabled={uploading}
          aria-describedby={hintId}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []).slice(0, left);
            if (files.length) send({ type: 'UPLOAD.PICK', files });
            e.target.value = '';
          }}
          className="focus-ring max-w-full text-sm text-slate-700 file:mr-3 file:rounded file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
        />
      )}
      <p id={hintId} className="text-xs text-slate-600">
        <FormattedMessage id="refund.photosHint" values={{ max: MAX_IMAGES, left }} />
      </p>
      {uploading && <Spinner size="sm" label={intl.formatMessage({ id: 'form.uploading' })} />}
      {(failed || error) && (
        <p role="alert" className="text-xs text-red-700">
          {failed || error}
        </p>
      )}
    </div>
  );
}
