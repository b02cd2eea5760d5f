import { useIntl } from 'react-intl';
import { ChatWindow } from '../../chat/ChatWindow';
import { useChatMessages } from '../../chat/useMessagePart';
import { Spinner } from '../../ui/Spinner';
import { UserLayout } from '../layout/UserLayout';

/** `/user/chats` (issue 27): the shopper's conversations with stores, unread counts, live. */
export default function ChatsPage() {
  const intl = useIntl();
  const ready = useChatMessages();
  return (
    <UserLayout title={intl.formatMessage({ id: 'ucentre.menu.chats' })}>
      {ready ? <ChatWindow area={2} className="h-[calc(100vh-260px)] min-h-[420px]" /> : <Spinner />}
    </UserLayout>
  );
}
