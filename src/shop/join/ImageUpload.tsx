import { useMachine } from '@xstate/react';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { boundUploadMachine, uploadErrorText } from '../../app/uploadMachine';
import { Spinner } from '../../ui/Spinner';

const PRIVATE_FOLDERS = new Set(['identity', 'licence']);

export interface ImageUploadProps {
  id: string;
  label: string;
  value: string;
  onChange: (url: string) => void;
  describedBy?: string;
  invalid?: boolean;
  /** Round preview (the store logo). */
  round?: boolean;
  /** Upload folder (default `store`) and size. */
  folder?: string;
  option?: { width?: number; height?: number };
}

/** One image: POST /api/uploads (folder `store` unless told) through the upload machine; preview and remove. */
export function ImageUpload({ id, label, value, onChange, describedBy, invalid = false, round = false, folder = 'store', option }: ImageUploadProps) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const emit = useRef(onChange);
  emit.current = onChange;
  const [machine] = useState(() =>
    boundUploadMachine.provide({
      actions: { notifyDone: (_, { urls }) => urls[0] && emit.current(urls[0]) },
    }),
  );
  const [state, send] = useMachine(machine, { input: { area: 2, folder, option, maxFiles: 1 } });
  const uploading = state.matches('uploading');
  const error = state.matches('failed') ? uploadErrorText(state.context.error ?? '') : null;
  const errorId = `${id}-upload-error`;
  // identity documents show whole (landscape cards and licences), not cropped to a square
  const isDocument = PRIVATE_FOLDERS.has(folder);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span
        className={`flex h-[100px] shrink-0 items-center justify-center overflow-hidden border bg-slate-50 ${isDocument ? 'w-[160px]' : 'w-[100px]'} ${round ? 'rounded-full' : 'rounded'} ${invalid ? 'border-red-700' : 'border-slate-300'}`}
      >
        {value ? (
          <img src={value} alt={label} width={isDocument ? 160 : 100} height={100} className={`h-full w-full ${isDocument ? 'object-contain' : 'object-cover'}`} />
        ) : (
          <span aria-hidden="true" className="text-3xl text-slate-400">
            +
          </span>
        )}
      </span>
      <div className="flex flex-col gap-1">
        {/* the input keeps the field's label (and the keyboard); the browser's own "Choose file / No file chosen" is replaced by a button in the page's language */}
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/*"
          disabled={uploading}
          aria-describedby={[describedBy, error ? errorId : null].filter(Boolean).join(' ') || undefined}
          aria-invalid={invalid || undefined}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            if (files.length) send({ type: 'UPLOAD.PICK', files });
            e.target.value = '';
          }}
          className="peer sr-only"
        />
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          disabled={uploading}
          onClick={() => input.current?.click()}
          className="w-fit rounded border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50 disabled:opacity-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-600"
        >
          <FormattedMessage id={value ? 'form.replaceImage' : 'form.uploadImage'} />
        </button>
        <div className="flex items-center gap-3">
          {uploading && <Spinner size="sm" label={intl.formatMessage({ id: 'form.uploading' })} />}
          {value && !uploading && (
            <button type="button" onClick={() => onChange('')} className="focus-ring rounded text-xs text-red-700" aria-label={intl.formatMessage({ id: 'shop.join.removeImage' }, { name: label })}>
              <FormattedMessage id="form.remove" />
            </button>
          )}
        </div>
        {error && (
          <p id={errorId} className="text-xs text-red-700">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
