import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AreaIndex as Area } from '../../machines/areas';
import { loadCards, type ChatCard } from '../api/chat';
import { Dialog } from '../ui/Dialog';
import { Spinner } from '../ui/Spinner';
import { Price } from '../shop/shared/Price';
import { SearchField } from './SearchField';

/** Picks a goods or an order card the server says I may send in this conversation (POST /api/Chat/cards). */
export function CardPicker({ area, rid, type, onPick, onClose }: { area: Area; rid: number; type: 'goods' | 'order' | null; onPick: (card: ChatCard) => void; onClose: () => void }) {
  const intl = useIntl();
  const [keyword, setKeyword] = useState('');
  const [rows, setRows] = useState<ChatCard[] | null>(null);
  useEffect(() => {
    if (!type) return;
    setRows(null);
    let live = true;
    const timer = setTimeout(() => {
      void loadCards(area, rid, type, keyword).then((r) => live && setRows(r.kind === 'ok' ? r.data : []));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [area, rid, type, keyword]);
  return (
    <Dialog open={type !== null} onClose={onClose} title={<FormattedMessage id={type === 'order' ? 'chat.pickOrder' : 'chat.pickGoods'} />}>
      {type === 'goods' && (
        <div className="mb-3">
          <SearchField id="chat-card-search" label="chat.searchGoods" value={keyword} onChange={setKeyword} />
        </div>
      )}
      {rows === null ? (
        <Spinner label={intl.formatMessage({ id: 'common.loading' })} />
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-500">
          <FormattedMessage id={type === 'order' ? 'chat.noOrders' : 'chat.noGoods'} />
        </p>
      ) : (
        <ul className="max-h-[50vh] space-y-1 overflow-y-auto">
          {rows.map((card) => (
            <li key={card.id}>
              <button type="button" onClick={() => onPick(card)} className="focus-ring flex w-full items-center gap-2 rounded p-1.5 text-left hover:bg-slate-50" data-testid="chat-card-choice">
                {card.image && <img src={card.image} alt="" className="h-10 w-10 shrink-0 rounded object-cover" />}
                <span className="min-w-0 flex-1">
                  {card.order_no && <span className="block text-xs text-slate-500">{card.order_no}</span>}
                  <span className="block truncate text-sm">{card.name}</span>
                </span>
                <Price value={card.price ?? card.total} className="shrink-0 text-sm text-brand" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
