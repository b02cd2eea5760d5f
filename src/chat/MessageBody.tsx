import { FormattedMessage, useIntl } from 'react-intl';
import type { ChatMessage } from '../../machines/chatConnection.machine';
import { Price } from '../shop/shared/Price';

interface GoodsCard { id: number; name: string; image: string; price: string }
interface OrderCard { id: number; order_no: string; name: string; image: string; total: string; status: number }

/**
 * What a message shows: text as text (never as markup), an image, or a goods or order card
 * (what the card showed when it was sent). `orderHref` is where an order card leads for this reader.
 */
export function MessageBody({ message, orderHref }: { message: Pick<ChatMessage, 'content_type' | 'content' | 'card'>; orderHref?: (id: number) => string }) {
  const intl = useIntl();
  if (message.content_type === 'image') {
    return (
      <a href={message.content} target="_blank" rel="noopener noreferrer" className="focus-ring block rounded">
        <img src={message.content} alt={intl.formatMessage({ id: 'chat.imageAlt' })} className="max-h-48 max-w-[12rem] rounded object-contain" loading="lazy" />
      </a>
    );
  }
  if (message.content_type === 'goods' && message.card) {
    const card = message.card as unknown as GoodsCard;
    return (
      <a href={`/goods/${card.id}`} className="focus-ring flex w-56 max-w-full gap-2 rounded border border-slate-200 bg-white p-2 text-slate-800 hover:border-brand" data-testid="chat-goods-card">
        {card.image && <img src={card.image} alt="" className="h-14 w-14 shrink-0 rounded object-cover" />}
        <span className="min-w-0">
          <span className="line-clamp-2 text-xs">{card.name}</span>
          <Price value={card.price} className="text-sm font-semibold text-brand" />
        </span>
      </a>
    );
  }
  if (message.content_type === 'order' && message.card) {
    const card = message.card as unknown as OrderCard;
    const body = (
      <>
        <span className="block text-xs text-slate-500">
          <FormattedMessage id="chat.orderNo" values={{ no: card.order_no }} />
        </span>
        <span className="mt-1 flex gap-2">
          {card.image && <img src={card.image} alt="" className="h-12 w-12 shrink-0 rounded object-cover" />}
          <span className="min-w-0">
            <span className="line-clamp-2 text-xs">{card.name}</span>
            <Price value={card.total} className="text-sm font-semibold text-brand" />
          </span>
        </span>
      </>
    );
    const href = orderHref?.(card.id);
    return href ? (
      <a href={href} className="focus-ring block w-56 max-w-full rounded border border-slate-200 bg-white p-2 text-slate-800 hover:border-brand" data-testid="chat-order-card">
        {body}
      </a>
    ) : (
      <span className="block w-56 max-w-full rounded border border-slate-200 bg-white p-2 text-slate-800" data-testid="chat-order-card">
        {body}
      </span>
    );
  }
  return <span className="break-words whitespace-pre-wrap">{message.content}</span>;
}

/** A one-line preview of a message (conversation list). */
export function previewOf(intl: ReturnType<typeof useIntl>, m: { content_type: string; content: string } | null): string {
  if (!m) return '';
  if (m.content_type === 'text') return m.content.slice(0, 60);
  return intl.formatMessage({ id: `chat.preview.${m.content_type === 'image' || m.content_type === 'goods' || m.content_type === 'order' ? m.content_type : 'other'}` });
}
