import { lazy, Suspense, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { ensureMessages } from '../../app/i18n';
import { go } from '../../app/navigation';
import { loginWithReturn } from '../../app/returnTo';
import { useSession } from '../../app/session';
import type { ChatTarget } from '../../chat/ChatDrawer';

/** The chat panel and its texts load on the first click (the storefront's first load carries none of it). */
const ChatDrawer = lazy(() => Promise.all([import('../../chat/ChatDrawer'), ensureMessages('chat')]).then(([module]) => module));

/**
 * "Contact the store" (screens §3.6; goods page, store page, an order): opens the chat panel with
 * the store; a visitor logs in first (there is no anonymous chat).
 */
export function ContactStore({ target, className = '', label = 'shop.store.contact' }: { target: ChatTarget; className?: string; label?: string }) {
  const { loggedIn } = useSession(2);
  const [open, setOpen] = useState<ChatTarget | null>(null);
  const [loaded, setLoaded] = useState(false);
  const click = () => {
    if (!loggedIn) return go(loginWithReturn('/login'));
    setLoaded(true);
    setOpen(target);
  };
  return (
    <>
      <button
        type="button"
        onClick={click}
        data-testid="contact-store"
        className={`focus-ring inline-flex items-center gap-1 rounded border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:border-brand hover:text-brand ${className}`}
      >
        <FormattedMessage id={label} />
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <ChatDrawer target={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
