import { useEffect, useLayoutEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AreaIndex as Area } from '../../machines/areas';
import { Spinner } from '../ui/Spinner';
import { Composer, type Outgoing } from './Composer';
import { newClientId } from './live';
import { MessageBody } from './MessageBody';
import { useConversation } from './useConversation';

interface Props {
  area: Area;
  rid: number;
  /** The other side's name. */
  title: string;
  /** Phones: back to the conversation list. */
  onBack?: () => void;
  /** A card offered for sending (the goods or order the chat was opened from). */
  suggestion?: Outgoing & { label: string };
}

/** One conversation: older messages load as it is scrolled to the top; new ones keep it at the bottom. */
export function Thread({ area, rid, title, onBack, suggestion }: Props) {
  const intl = useIntl();
  const { send, messages, loading, loadingOlder, failed, hasMore, error } = useConversation(area, rid);
  const scroller = useRef<HTMLDivElement>(null);
  const fromBottom = useRef(0);
  const firstId = messages.find((m) => m.id > 0)?.id;
  const lastKey = messages.length ? `${messages[messages.length - 1].id}:${messages[messages.length - 1].client_id}` : '';
  const mineSide = area === 1 ? 1 : 0;

  // keep the reader's place: at the bottom when it was there (or wrote), else where it was when older pages came in
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight - el.clientHeight - fromBottom.current;
  }, [firstId, lastKey, loading]);
  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    fromBottom.current = el.scrollHeight - el.clientHeight - el.scrollTop;
    if (el.scrollTop < 40 && hasMore && !loadingOlder && !loading) send({ type: 'LOAD_OLDER' });
  };
  useEffect(() => {
    fromBottom.current = 0;
  }, [rid]);

  const write = (m: Outgoing) => {
    fromBottom.current = 0;
    send({ type: 'SEND', clientId: newClientId(), content_type: m.content_type, content: m.content, card: m.card ?? null, mine: { sid: 0, from_store: mineSide } });
  };
  const orderHref = (id: number) => (area === 1 ? `/Seller/orders?id=${id}` : `/user/order/${id}`);

  return (
    <section className="flex h-full min-h-0 flex-col" aria-label={title}>
      <header className="flex items-center gap-2 border-b border-slate-200 px-3 py-2">
        {onBack && (
          <button type="button" onClick={onBack} className="focus-ring rounded px-1 text-slate-600" aria-label={intl.formatMessage({ id: 'chat.back' })}>
            ‹
          </button>
        )}
        <h2 className="truncate text-sm font-semibold text-slate-900" data-testid="chat-title">
          {title}
        </h2>
      </header>
      <div ref={scroller} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-2" role="log" aria-live="polite" aria-label={intl.formatMessage({ id: 'chat.messages' })} data-testid="chat-log">
        {(loading || loadingOlder) && (
          <div className="py-2 text-center">
            <Spinner size="sm" label={intl.formatMessage({ id: 'common.loading' })} />
          </div>
        )}
        {failed && (
          <p className="py-2 text-center text-sm text-red-700" role="alert">
            {error || <FormattedMessage id="chat.loadFailed" />}{' '}
            <button type="button" className="focus-ring rounded underline" onClick={() => send({ type: 'RETRY' })}>
              <FormattedMessage id="chat.retry" />
            </button>
          </p>
        )}
        {!loading && !hasMore && messages.length > 0 && (
          <p className="py-1 text-center text-xs text-slate-400">
            <FormattedMessage id="chat.start" />
          </p>
        )}
        <ol className="space-y-2">
          {messages.map((m) => {
            const mine = m.from_store === mineSide;
            return (
              <li key={m.client_id ?? `id${m.id}`} className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`} data-testid="chat-message" data-mine={mine ? '1' : '0'}>
                <div className={`max-w-[80%] rounded-lg text-sm ${m.content_type !== 'text' ? '' : mine ? 'bg-brand px-3 py-2 text-white' : 'bg-white px-3 py-2 text-slate-900 shadow-sm'}`}>
                  <MessageBody message={m} orderHref={orderHref} />
                </div>
                <span className="mt-0.5 text-[11px] text-slate-500">
                  {m.status === 'sending' && <FormattedMessage id="chat.sending" />}
                  {m.status === 'failed' && (
                    <span className="text-red-700" role="alert">
                      {m.error || <FormattedMessage id="chat.failed" />}{' '}
                      <button type="button" className="focus-ring rounded underline" onClick={() => send({ type: 'RESEND', clientId: m.client_id! })}>
                        <FormattedMessage id="chat.retry" />
                      </button>
                    </span>
                  )}
                  {m.status === 'sent' && m.created_at.slice(5, 16)}
                </span>
              </li>
            );
          })}
        </ol>
      </div>
      {suggestion && (
        <div className="flex items-center gap-2 border-t border-slate-200 bg-amber-50 px-3 py-1.5 text-xs">
          <span className="min-w-0 flex-1 truncate">{suggestion.label}</span>
          <button type="button" className="focus-ring shrink-0 rounded border border-brand px-2 py-0.5 text-brand" onClick={() => write(suggestion)} data-testid="chat-suggestion">
            <FormattedMessage id={suggestion.content_type === 'order' ? 'chat.sendOrder' : 'chat.sendGoods'} />
          </button>
        </div>
      )}
      <Composer area={area} rid={rid} onSend={write} />
    </section>
  );
}
