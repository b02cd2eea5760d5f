import type { IntlShape } from 'react-intl';
import type { ChatNotice } from '../../machines/chatConnection.machine';

/** What a live notice says, and the page it concerns, for this area's reader. */
export function noticeText(intl: IntlShape, n: ChatNotice): string {
  return intl.formatMessage({ id: `chat.notice.${n.kind}` }, { no: n.order_no });
}

export function noticeHref(area: 1 | 2, n: ChatNotice): string {
  if (area === 2) return `/user/order/${n.order_id}`;
  return n.kind === 'after_sale' ? '/Seller/refunds' : '/Seller/orders';
}
