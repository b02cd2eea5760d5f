import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { UPLOAD_MAX_FILES } from '../../../machines/upload.machine';
import { Spinner } from '../../ui/Spinner';
import { Thumb } from '../table/cells';
import { UploadButton } from '../../ui/UploadButton';
import { fileUploadMachine } from './fileUploadMachine';
import { listValue } from './options';
import type { FieldWidgetProps } from './types';
import { boundUploadMachine } from '../../app/uploadMachine';

/**
 * image / avatar (one image), images (a list, at most `maxFiles`), file (any type,
 * uploadType=uploadFile, shows the stored path): POST {prefix}uploads with name = `folder` or the
 * field name, through the upload machine (images only, 10 MB, 10 files).
 */
export function UploadInput({ field, value, onChange, id, describedBy, area }: FieldWidgetProps) {
  const intl = useIntl();
  const mode = field.type as 'image' | 'avatar' | 'images' | 'file';
  const many = mode === 'images';
  const max = many ? Math.min(field.maxFiles ?? UPLOAD_MAX_FILES, UPLOAD_MAX_FILES) : 1;
  const [state, send] = useMachine(mode === 'file' ? fileUploadMachine : boundUploadMachine, {
    input: { area, folder: field.folder ?? field.value, option: field.option, maxFiles: max },
  });
  const current = many ? listValue(value).map(String) : value ? [String(value)] : [];
  const latest = useRef({ current, onChange });
  latest.current = { current, onChange };
  useEffect(() => {
    if (!state.matches('done') || state.context.urls.length === 0) return;
    const { current: now, onChange: emit } = latest.current;
    if (many) emit([...now, ...state.context.urls].slice(0, max));
    else emit(state.context.urls[0]);
    send({ type: 'UPLOAD.RESET' });
  }, [state, many, max, send]);
  const remove = (url: string) => onChange(many ? current.filter((u) => u !== url) : '');
  const uploading = state.matches('uploading');
  const room = many ? max - current.length : 1;
  const label = intl.formatMessage({ id: field.label });

  return (
    <div className="flex flex-col gap-2">
      {mode === 'file' ? (
        current[0] && (
          <p className="flex items-center gap-2 text-sm break-all text-slate-800">
            <a href={current[0]} target="_blank" rel="noopener noreferrer" className="underline">
              {current[0]}
            </a>
            <button type="button" onClick={() => remove(current[0])} className="focus-ring rounded px-1 text-red-700">
              <FormattedMessage id="form.remove" />
            </button>
          </p>
        )
      ) : (
        current.length > 0 && (
          <ul className="flex flex-wrap gap-2">
            {current.map((url, i) => (
              <li key={`${url}-${i}`} className="flex flex-col items-center gap-1">
                <Thumb src={url} alt={`${label} ${i + 1}`} round={mode === 'avatar'} />
                <button type="button" onClick={() => remove(url)} className="focus-ring rounded px-1 text-xs text-red-700">
                  <FormattedMessage id="form.remove" />
                </button>
              </li>
            ))}
          </ul>
        )
      )}
      {room > 0 && !field.disabled && (
        <div className="flex items-center gap-2">
          <UploadButton
            id={id}
            accept={mode === 'file' ? undefined : 'image/*'}
            multiple={many && room > 1}
            describedBy={describedBy}
            disabled={uploading}
            caption={intl.formatMessage({ id: mode === 'file' ? 'ux.upload.file' : 'ux.upload.image' })}
            onFiles={(files) => send({ type: 'UPLOAD.PICK', files })}
          />
          {uploading && <Spinner size="sm" label={intl.formatMessage({ id: 'form.uploading' })} />}
        </div>
      )}
    </div>
  );
}
