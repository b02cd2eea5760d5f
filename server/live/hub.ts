import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Listener } from '../db/listener';
import { chat_conversations, chat_messages, orders } from '../db/schema';
import type { ChatParty } from '../modules/chat/party';
import { messagesSince, presentMessage } from '../modules/chat/read';
import type { MessageRow } from '../modules/chat/send';
import { LIVE_CHANNEL, parseEvent, type LiveEvent } from './events';

/** One authenticated socket, as the hub sees it. */
export interface LiveClient {
  party: ChatParty;
  /** The area of the token it authenticated with (the metrics count sockets by it). */
  area: SocketArea;
  /** The highest message id this client has been sent: nothing at or below it is sent again. */
  lastId: number;
  /** Sends one frame (already JSON). */
  send(frame: string): void;
}

export type SocketArea = 'user' | 'seller';

/** What this instance's live delivery did since it started, for /metrics (ops/metrics.ts reads it). */
export interface LiveStats {
  /** Sockets open now, authenticated or not (socket.ts counts them). */
  open: number;
  /** Notifications heard on the live channel, by kind. */
  heard: { chat: number; notice: number };
  /** Frames pushed to sockets, by type (replays included). */
  pushed: { chat: number; notice: number };
  /** Reads of new messages or of a notice's order that failed (delivery waits for the next notification). */
  failedReads: number;
}

interface Entry {
  client: LiveClient;
  /** Messages that arrived while the replay ran, sent after it. */
  queued: { id: number; frame: string }[] | null;
}

/** How many messages one read of the table brings (replay and catch-up loop until none is left). */
const BATCH = 500;

/**
 * Each instance's delivery of live events to its own sockets (DESIGN §9). The tables are the
 * truth: a chat notification (ids only) only wakes the hub, which reads every message above its
 * cursor in id order — ids are given in commit order (chat/send.ts), so the cursor never skips
 * one — and sends each to the sockets of its shopper and its store. When the listener (re)starts
 * listening the hub reads from its cursor too, so a notification missed while it was down loses
 * nothing. A socket's replay (`since`) reads the table the same way.
 */
export class LiveHub {
  private readonly byUser = new Map<number, Set<Entry>>();
  private readonly byStore = new Map<number, Set<Entry>>();
  private readonly entries = new Map<LiveClient, Entry>();
  private cursor = 0;
  private started: Promise<void> | undefined;
  private unsubscribe: (() => void) | undefined;
  private pulling = false;
  private pullAgain = false;
  private stopped = false;
  readonly stats: LiveStats = { open: 0, heard: { chat: 0, notice: 0 }, pushed: { chat: 0, notice: 0 }, failedReads: 0 };

  constructor(
    private readonly db: Db,
    private readonly listener: Listener,
    private readonly log: (line: string) => void = (line) => console.error(line),
  ) {}

  /** Authenticated sockets connected to this instance now. */
  get size(): number {
    return this.entries.size;
  }

  /** Authenticated sockets here now, by area. */
  authenticated(): Record<SocketArea, number> {
    const counts = { user: 0, seller: 0 };
    for (const client of this.entries.keys()) counts[client.area]++;
    return counts;
  }

  /** This instance hears the live channel right now (PostgreSQL: its LISTEN connection is up). */
  get listening(): boolean {
    return this.listener.live;
  }

  /** Reads the cursor and starts listening (once); resolves when the hub hears everything from now on. */
  start(): Promise<void> {
    this.started ??= (async () => {
      const [row] = await this.db.select({ max: sql<number>`coalesce(max(${chat_messages.id}), 0)::int` }).from(chat_messages);
      this.cursor = row.max;
      await new Promise<void>((resolve) => {
        let first = true;
        this.unsubscribe = this.listener.subscribe(
          LIVE_CHANNEL,
          (payload) => this.heard(parseEvent(payload)),
          (live) => {
            if (!live) return;
            if (first) {
              first = false;
              resolve();
            }
            void this.pull();
          },
        );
      });
    })();
    return this.started;
  }

  /**
   * Adds an authenticated client. With `since`, first sends it every message of its
   * conversations above that id (in id order), then what arrived meanwhile; without, only what
   * arrives from now on.
   */
  async attach(client: LiveClient, since?: number): Promise<void> {
    await this.start();
    const entry: Entry = { client, queued: since === undefined ? null : [] };
    this.entries.set(client, entry);
    if (client.party.shopper) this.index(this.byUser, client.party.accountId).add(entry);
    if (client.party.store) this.index(this.byStore, client.party.store.id).add(entry);
    if (since === undefined) return;
    client.lastId = since;
    try {
      for (;;) {
        const rows = await messagesSince(this.db, client.party, client.lastId, BATCH);
        if (!this.entries.has(client)) return;
        for (const message of rows) {
          client.send(JSON.stringify({ type: 'chat', data: message }));
          this.stats.pushed.chat++;
          client.lastId = message.id;
        }
        if (rows.length < BATCH) break;
      }
    } finally {
      const queued = entry.queued ?? [];
      entry.queued = null;
      for (const item of queued) this.deliver(entry, item.id, item.frame);
    }
  }

  detach(client: LiveClient): void {
    const entry = this.entries.get(client);
    if (!entry) return;
    this.entries.delete(client);
    if (client.party.shopper) this.unindex(this.byUser, client.party.accountId, entry);
    if (client.party.store) this.unindex(this.byStore, client.party.store.id, entry);
  }

  /** Every client of this instance (shutdown closes them). */
  clients(): LiveClient[] {
    return [...this.entries.keys()];
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
  }

  private index(map: Map<number, Set<Entry>>, key: number) {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    return set;
  }

  private unindex(map: Map<number, Set<Entry>>, key: number, entry: Entry) {
    const set = map.get(key);
    if (!set) return;
    set.delete(entry);
    if (set.size === 0) map.delete(key);
  }

  private heard(event: LiveEvent | null) {
    if (!event || this.stopped) return;
    this.stats.heard[event.t]++;
    if (event.t === 'chat') {
      if (event.id > this.cursor) void this.pull();
    } else void this.notice(event);
  }

  /** Reads every message above the cursor and sends each to its sockets here; one read at a time. */
  private async pull(): Promise<void> {
    if (this.pulling) {
      this.pullAgain = true;
      return;
    }
    this.pulling = true;
    try {
      do {
        this.pullAgain = false;
        const rows = await this.db
          .select({ message: chat_messages, owner_id: chat_conversations.owner_id })
          .from(chat_messages)
          .innerJoin(chat_conversations, eq(chat_conversations.id, chat_messages.conversation_id))
          .where(sql`${chat_messages.id} > ${this.cursor}`)
          .orderBy(chat_messages.id)
          .limit(BATCH);
        for (const row of rows) {
          this.cursor = row.message.id;
          this.fanOut(row.message, row.owner_id);
        }
        if (rows.length === BATCH) this.pullAgain = true;
      } while (this.pullAgain && !this.stopped);
    } catch (err) {
      // the next notification (or the listener coming back) reads again from the same cursor
      this.stats.failedReads++;
      this.log(`[souk] live: reading new chat messages failed (${err instanceof Error ? err.message : String(err)})`);
    } finally {
      this.pulling = false;
    }
  }

  private fanOut(message: MessageRow, ownerId: number) {
    const targets = new Set<Entry>([...(this.byUser.get(message.user_id) ?? []), ...(this.byStore.get(message.store_id) ?? [])]);
    if (targets.size === 0) return;
    const frame = JSON.stringify({ type: 'chat', data: presentMessage(message, ownerId) });
    for (const entry of targets) this.deliver(entry, message.id, frame);
  }

  private deliver(entry: Entry, id: number, frame: string) {
    if (entry.queued) {
      entry.queued.push({ id, frame });
      return;
    }
    if (id <= entry.client.lastId) return;
    entry.client.lastId = id;
    entry.client.send(frame);
    this.stats.pushed.chat++;
  }

  /** A notice for a store's or a shopper's sockets here, with the order's number. */
  private async notice(event: Extract<LiveEvent, { t: 'notice' }>) {
    const targets = [
      ...(event.store !== undefined ? this.byStore.get(event.store) ?? [] : []),
      ...(event.user !== undefined ? this.byUser.get(event.user) ?? [] : []),
    ];
    if (targets.length === 0) return;
    try {
      const [order] = await this.db.select({ order_no: orders.order_no }).from(orders).where(eq(orders.id, event.order));
      const frame = JSON.stringify({ type: 'notice', data: { kind: event.kind, order_id: event.order, order_no: order?.order_no ?? '' } });
      for (const entry of new Set(targets)) {
        entry.client.send(frame);
        this.stats.pushed.notice++;
      }
    } catch (err) {
      this.stats.failedReads++;
      this.log(`[souk] live: a notice could not be sent (${err instanceof Error ? err.message : String(err)})`);
    }
  }
}
