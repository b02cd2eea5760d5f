import { FormattedMessage, useIntl } from 'react-intl';
import type { ChatConversation } from '../api/chat';
import { Spinner } from '../ui/Spinner';
import { previewOf } from './MessageBody';
import { SearchField } from './SearchField';
import { Avatar } from '../ui/Avatar';

interface Props {
  rows: ChatConversation[] | null;
  failed: boolean;
  keyword: string;
  onKeyword: (value: string) => void;
  selected: number | null;
  onSelect: (row: ChatConversation) => void;
}

/** Conversations, latest first: the other side, the last message, my unread count; a search by name. */
export function ConversationList({ rows, failed, keyword, onKeyword, selected, onSelect }: Props) {
  const intl = useIntl();
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="border-b border-slate-200 p-2">
        <SearchField id="chat-search" label="chat.search" value={keyword} onChange={onKeyword} />
      </div>
      {rows === null && !failed && (
        <div className="p-4">
          <Spinner label={intl.formatMessage({ id: 'common.loading' })} />
        </div>
      )}
      {failed && (
        <p className="p-4 text-sm text-red-700" role="alert">
          <FormattedMessage id="chat.listFailed" />
        </p>
      )}
      {rows?.length === 0 && (
        <p className="p-4 text-sm text-slate-500">
          <FormattedMessage id={keyword ? 'chat.noMatch' : 'chat.noConversations'} />
        </p>
      )}
      <ul className="min-h-0 flex-1 overflow-y-auto" aria-label={intl.formatMessage({ id: 'chat.conversations' })} data-testid="chat-conversations">
        {rows?.map((row) => (
          <li key={row.id}>
            <button
              type="button"
              onClick={() => onSelect(row)}
              aria-current={selected === row.rid ? 'true' : undefined}
              data-testid="chat-conversation"
              className={`focus-ring flex w-full items-center gap-2 px-3 py-2 text-left hover:bg-slate-50 ${selected === row.rid ? 'bg-slate-100' : ''}`}
            >
              <span className="relative shrink-0">
                <Avatar
                  src={row.rinfo.avatar}
                  name={row.rinfo.nickname}
                  className="h-9 w-9 rounded-full object-cover"
                  fallbackClassName="flex h-9 w-9 items-center justify-center rounded-full bg-slate-200 text-sm text-slate-600"
                />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-900">{row.rinfo.nickname}</span>
                <span className="block truncate text-xs text-slate-500">{previewOf(intl, row.lastMsg)}</span>
              </span>
              {row.unread > 0 && (
                <span className="shrink-0 rounded-full bg-red-600 px-1.5 text-xs leading-5 text-white" data-testid="chat-unread">
                  <span className="sr-only">
                    <FormattedMessage id="chat.unreadCount" values={{ count: row.unread }} />
                  </span>
                  <span aria-hidden="true">{row.unread > 99 ? '99+' : row.unread}</span>
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
