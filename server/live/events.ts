import { sql } from 'drizzle-orm';

/**
 * What instances tell each other about committed writes (DESIGN §9): ids only, on one channel.
 * `announce` runs `pg_notify` inside the writing transaction: PostgreSQL (and PGlite) deliver it
 * when, and only if, that transaction commits, so a listener never hears of a row it cannot read
 * yet, and a rolled-back write is never announced (docs/decisions.md "Chat and live notices").
 */
export const LIVE_CHANNEL = 'souk_live';

/** The store hears of a paid order and a new after-sale request; the shopper of its order's shipment and its after-sale's outcome. */
export const NOTICE_KINDS = ['order_paid', 'after_sale', 'shipped', 'refund_agreed', 'refund_refused', 'refund_done'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export type LiveEvent =
  /** A chat message was stored (its row says whose). */
  | { t: 'chat'; id: number }
  /** A notice about order `order` for store `store` or shopper `user`. */
  | { t: 'notice'; kind: NoticeKind; order: number; store?: number; user?: number };

export interface Executes {
  execute(query: ReturnType<typeof sql>): Promise<unknown>;
}

/** Announces `event` when the transaction `tx` commits (at once outside a transaction). */
export async function announce(tx: Executes, event: LiveEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
}

/** The event in a notification's payload, or null for anything else. */
export function parseEvent(payload: string): LiveEvent | null {
  try {
    const event = JSON.parse(payload) as LiveEvent;
    if (event?.t === 'chat' && Number.isInteger(event.id)) return event;
    if (event?.t === 'notice' && NOTICE_KINDS.includes(event.kind) && Number.isInteger(event.order)) return event;
  } catch {
    // not ours
  }
  return null;
}
