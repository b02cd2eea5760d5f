import { useEffect, useState } from 'react';
import { ensureMessages } from '../app/i18n';

/** True once the chat texts are loaded (they load with the chat code, not with the storefront). */
export function useChatMessages(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void ensureMessages('chat').then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}
