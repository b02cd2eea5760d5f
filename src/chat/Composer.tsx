import { useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AreaIndex as Area } from '../../machines/areas';
import type { ChatOutgoing } from '../../machines/chatConnection.machine';
import type { ChatCard } from '../api/chat';
import { uploadFile } from '../api/uploads';
import { resultText } from '../api/client';
import { toast } from '../ui/toast';
import { UploadButton } from '../ui/UploadButton';
import { CardPicker } from './CardPicker';

export type Outgoing = { content_type: ChatOutgoing['content_type']; content: string; card?: Record<string, unknown> | null };

/** The longest text message (the server refuses more: server/modules/chat/cards.ts MAX_TEXT). */
const MAX_TEXT = 10_000;

/** Writes a message: text (Enter sends, Shift+Enter is a new line), an image, a goods or an order card. */
export function Composer({ area, rid, onSend, disabled }: { area: Area; rid: number; onSend: (m: Outgoing) => void; disabled?: boolean }) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [uploading, setUploading] = useState(false);
  const [picking, setPicking] = useState<'goods' | 'order' | null>(null);
  const sendText = () => {
    if (!text.trim()) return;
    onSend({ content_type: 'text', content: text });
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      sendText();
    }
  };
  const sendImage = async (files: File[]) => {
    setUploading(true);
    const result = await uploadFile(area, files[0], { name: 'chat', width: 1200, height: 1200 }, { quiet: true });
    setUploading(false);
    if (result.kind === 'ok') onSend({ content_type: 'image', content: result.data });
    else toast.error(resultText(result) || intl.formatMessage({ id: 'chat.uploadFailed' }));
  };
  const pick = (card: ChatCard) => {
    const type = picking!;
    setPicking(null);
    onSend({ content_type: type, content: String(card.id), card: { ...card } });
  };
  const tool = 'focus-ring rounded border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:border-office disabled:cursor-not-allowed disabled:opacity-60';
  return (
    <div className="border-t border-slate-200 bg-white p-2">
      <div className="mb-1.5 flex flex-wrap items-center gap-1.5">
        <UploadButton id={`chat-image-${area}`} caption={<FormattedMessage id={uploading ? 'chat.uploading' : 'chat.image'} />} accept="image/*" onFiles={(f) => void sendImage(f)} disabled={uploading || disabled} />
        <button type="button" className={tool} onClick={() => setPicking('goods')} disabled={disabled}>
          <FormattedMessage id="chat.goods" />
        </button>
        <button type="button" className={tool} onClick={() => setPicking('order')} disabled={disabled}>
          <FormattedMessage id="chat.order" />
        </button>
      </div>
      <div className="flex items-end gap-2">
        <label htmlFor={`chat-text-${area}`} className="sr-only">
          <FormattedMessage id="chat.message" />
        </label>
        <textarea
          id={`chat-text-${area}`}
          rows={2}
          value={text}
          maxLength={MAX_TEXT}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={intl.formatMessage({ id: 'chat.placeholder' })}
          className="focus-ring min-h-[2.75rem] flex-1 resize-none rounded border border-slate-300 px-2 py-1.5 text-sm"
          data-testid="chat-input"
        />
        <button type="button" onClick={sendText} disabled={disabled || !text.trim()} className="focus-ring rounded bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark disabled:bg-slate-400" data-testid="chat-send">
          <FormattedMessage id="chat.send" />
        </button>
      </div>
      <CardPicker area={area} rid={rid} type={picking} onPick={pick} onClose={() => setPicking(null)} />
    </div>
  );
}
