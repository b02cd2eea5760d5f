import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { AreaIndex as Area } from '../../machines/areas';
import { ConnectionNote } from './ConnectionNote';
import { ConversationList } from './ConversationList';
import { Thread } from './Thread';
import { useConversations } from './useConversations';

/**
 * The conversation list beside the open thread (seller centre, user centre); on phones one at a
 * time, the thread with a way back to the list.
 */
export function ChatWindow({ area, className = '' }: { area: Area; className?: string }) {
  const [keyword, setKeyword] = useState('');
  const { rows, failed } = useConversations(area, keyword);
  const [open, setOpen] = useState<{ rid: number; title: string } | null>(null);
  return (
    <div className={`flex min-h-0 flex-col overflow-hidden rounded border border-slate-200 bg-white ${className}`}>
      <ConnectionNote area={area} />
      <div className="flex min-h-0 flex-1">
        <div className={`min-h-0 w-full border-slate-200 md:w-72 md:shrink-0 md:border-r ${open ? 'max-md:hidden' : ''}`}>
          <ConversationList rows={rows} failed={failed} keyword={keyword} onKeyword={setKeyword} selected={open?.rid ?? null} onSelect={(row) => setOpen({ rid: row.rid, title: row.rinfo.nickname })} />
        </div>
        <div className={`min-h-0 min-w-0 flex-1 ${open ? '' : 'max-md:hidden'}`}>
          {open ? (
            <Thread key={open.rid} area={area} rid={open.rid} title={open.title} onBack={() => setOpen(null)} />
          ) : (
            <p className="flex h-full items-center justify-center p-6 text-sm text-slate-500">
              <FormattedMessage id="chat.pick" />
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
