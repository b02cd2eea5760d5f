import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { openChat } from '../api/chat';
import { Drawer } from '../ui/Drawer';
import { Spinner } from '../ui/Spinner';
import type { Outgoing } from './Composer';
import { ConnectionNote } from './ConnectionNote';
import { Thread } from './Thread';

export interface ChatTarget {
  /** The store owner's user id (the contract's `rid`). */
  ownerId: number;
  storeName: string;
  /** What the chat was opened from, offered for sending. */
  suggestion?: Outgoing & { label: string };
}

/**
 * The storefront's chat panel with one store (goods page, store page, an order): a drawer from
 * the right, the whole width on a phone. Opening it makes the conversation (POST /api/Chat/add).
 */
export default function ChatDrawer({ target, onClose }: { target: ChatTarget | null; onClose: () => void }) {
  const intl = useIntl();
  const [state, setState] = useState<'opening' | 'open' | { error: string }>('opening');
  useEffect(() => {
    if (!target) return;
    setState('opening');
    let live = true;
    void openChat(2, target.ownerId).then((r) => {
      if (!live) return;
      setState(r.kind === 'ok' ? 'open' : { error: 'msg' in r && r.msg ? r.msg : intl.formatMessage({ id: 'chat.openFailed' }) });
    });
    return () => {
      live = false;
    };
  }, [target, intl]);
  return (
    <Drawer open={target !== null} onClose={onClose} side="right" label={intl.formatMessage({ id: 'chat.with' }, { name: target?.storeName ?? '' })} panelClass="w-full bg-white sm:w-[420px]" testId="chat-drawer">
      <div className="flex items-center justify-between border-b border-slate-200 px-3 py-2 text-sm">
        <Link href="/user/chats" className="focus-ring rounded text-brand hover:underline" onClick={onClose}>
          <FormattedMessage id="chat.all" />
        </Link>
        <button type="button" onClick={onClose} className="focus-ring rounded px-2 text-xl leading-none text-slate-600 hover:text-slate-900" aria-label={intl.formatMessage({ id: 'chat.close' })}>
          ×
        </button>
      </div>
      <ConnectionNote area={2} />
      <div className="min-h-0 flex-1">
        {target && state === 'open' && <Thread area={2} rid={target.ownerId} title={target.storeName} suggestion={target.suggestion} />}
        {state === 'opening' && (
          <div className="p-6">
            <Spinner label={intl.formatMessage({ id: 'common.loading' })} />
          </div>
        )}
        {typeof state === 'object' && (
          <p className="p-6 text-sm text-red-700" role="alert">
            {state.error}
          </p>
        )}
      </div>
    </Drawer>
  );
}
