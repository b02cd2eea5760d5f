import type pg from 'pg';

/**
 * Notifications from the database (PostgreSQL LISTEN/NOTIFY) for this instance. A `pg_notify`
 * run inside a transaction is delivered by PostgreSQL only when, and only if, that transaction
 * commits: listeners hear of committed rows alone.
 *
 * - PostgreSQL: ONE dedicated connection per instance LISTENs on every channel subscribed to
 *   (the caller-check mark's `souk_auth`, live events' `souk_live`). It is opened on the first
 *   subscription; lost, it is replaced every `retryMs`, and subscribers hear `live: false` until
 *   it listens again (a notification missed meanwhile cannot be noticed: each subscriber decides
 *   what that means for it, e.g. re-reading from a cursor when `live: true` comes back).
 * - Embedded database (PGlite): its one session delivers the notifications of its own commits on
 *   the pool's connection (`embeddedListener`), passed on by an in-process emitter.
 */
export interface Listener {
  /** Calls `onNotify` with each payload on `channel`, `onState` when listening starts (true) or stops (false). */
  subscribe(channel: string, onNotify: (payload: string) => void, onState?: (live: boolean) => void): () => void;
  /** Listening right now (PostgreSQL: the connection is up and has LISTENed). */
  readonly live: boolean;
  stop(): Promise<void>;
}

interface Subscription {
  channel: string;
  onNotify: (payload: string) => void;
  onState?: (live: boolean) => void;
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

function registry() {
  const subs = new Set<Subscription>();
  return {
    subs,
    channels: () => [...new Set([...subs].map((s) => s.channel))],
    deliver(channel: string, payload: string) {
      for (const sub of subs) {
        if (sub.channel !== channel) continue;
        try {
          sub.onNotify(payload);
        } catch (err) {
          console.error('[souk] notification handler failed', channel, err);
        }
      }
    },
    state(live: boolean) {
      for (const sub of subs) sub.onState?.(live);
    },
  };
}

/** The PostgreSQL listener: one connection from `connect`, replaced when lost. */
export function pgListener(connect: () => pg.Client, opts: { retryMs?: number; log?: (line: string) => void } = {}): Listener {
  const retryMs = opts.retryMs ?? 1000;
  const log = opts.log ?? ((line: string) => console.error(line));
  const { subs, channels, deliver, state } = registry();
  let client: pg.Client | undefined;
  let listening = false;
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const down = (from: pg.Client, why?: unknown) => {
    if (client !== from) return;
    client = undefined;
    const was = listening;
    listening = false;
    from.removeAllListeners('notification');
    from.end().catch(() => {});
    state(false);
    if (stopped) return;
    if (why && (was || started)) log(`[souk] database listener lost (${why instanceof Error ? why.message : String(why)}); listening again in ${retryMs} ms`);
    timer = setTimeout(start, retryMs);
    timer.unref();
  };

  async function start() {
    timer = undefined;
    if (stopped) return;
    const c = connect();
    client = c;
    c.on('notification', (n) => deliver(n.channel, n.payload ?? ''));
    c.on('error', (err) => down(c, err));
    c.on('end', () => down(c, 'connection ended'));
    try {
      await c.connect();
      // channels subscribed to while these run are listened to by the loop too
      const heard = new Set<string>();
      for (let left = channels(); left.length > 0; left = channels().filter((ch) => !heard.has(ch))) {
        for (const channel of left) {
          await c.query(`LISTEN ${channel}`);
          heard.add(channel);
        }
      }
      if (client !== c) return;
      listening = true;
      state(true);
    } catch (err) {
      down(c, err);
    }
  }

  return {
    get live() {
      return listening;
    },
    subscribe(channel, onNotify, onState) {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel name: ${channel}`);
      const sub = { channel, onNotify, onState };
      const fresh = !channels().includes(channel);
      subs.add(sub);
      if (!started) {
        started = true;
        void start();
      } else if (listening && client && fresh) {
        const c = client;
        c.query(`LISTEN ${channel}`).then(
          () => onState?.(true),
          (err) => down(c, err),
        );
      } else if (listening) onState?.(true);
      return () => void subs.delete(sub);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = undefined;
      if (listening) {
        listening = false;
        state(false);
      }
      if (c) await c.end().catch(() => {});
    },
  };
}

/**
 * The embedded database's listener: every connection the pool opens LISTENs on the channels
 * subscribed to, and passes what it hears on. One process writes and listens, so it is always live.
 */
export function embeddedListener(pool: pg.Pool): Listener {
  const { subs, channels, deliver } = registry();
  const clients = new Set<pg.Client>();
  pool.on('connect', (client) => {
    clients.add(client);
    client.on('notification', (n) => deliver(n.channel, n.payload ?? ''));
    client.on('end', () => clients.delete(client));
    for (const channel of channels()) client.query(`LISTEN ${channel}`).catch(() => {});
  });
  return {
    live: true,
    subscribe(channel, onNotify, onState) {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel name: ${channel}`);
      const fresh = !channels().includes(channel);
      const sub = { channel, onNotify, onState };
      subs.add(sub);
      if (fresh) {
        // the pool's connection, now or when it is next opened (its 'connect' above)
        pool.query(`LISTEN ${channel}`).then(
          () => onState?.(true),
          () => onState?.(true),
        );
      } else onState?.(true);
      return () => void subs.delete(sub);
    },
    async stop() {
      subs.clear();
    },
  };
}
