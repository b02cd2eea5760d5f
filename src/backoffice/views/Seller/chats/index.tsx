import { ChatWindow } from '../../../../chat/ChatWindow';
import { useChatMessages } from '../../../../chat/useMessagePart';
import { Spinner } from '../../../../ui/Spinner';

/**
 * Menu view `Seller/chats/index` (`/Seller/chats`, issue 27): the store's shared inbox. The owner
 * and staff whose roles hold this page answer as the store; messages arrive live.
 */
export default function SellerChatsPage() {
  const ready = useChatMessages();
  if (!ready) return <Spinner />;
  return <ChatWindow area={1} className="h-[calc(100vh-220px)] min-h-[420px]" />;
}
