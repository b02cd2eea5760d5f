import type { WSContext, WSEvents } from 'hono/ws';
import type { Db } from '../db/client';
import type { Config } from '../config';
import { callerOfToken } from '../http/auth';
import { ApiError } from '../http/envelope';
import { partyOf } from '../modules/chat/identity';
import { lastMessageId } from '../modules/chat/read';
import type { LiveClient, LiveHub } from './hub';

/**
 * The `/ws` protocol (issue 27). The client's first frame authenticates:
 *   → {"type":"auth","token":"<access token>","since":<last message id seen, optional>}
 *   ← {"type":"ready","last_id":<newest message id of its conversations>}, then every message
 *     of its conversations above `since`, then live:
 *   ← {"type":"chat","data":{id, sid, stype, rid, rtype, content_type, content, created_at, …}}
 *   ← {"type":"notice","data":{kind, order_id, order_no}}
 * Heartbeat: → {"type":"ping"} ← {"type":"pong"} (the reference's {"type":"heart"} is echoed);
 * the server also pings at the protocol level and drops a socket that stops answering.
 * A later auth frame with a renewed token of the same account moves the socket's expiry.
 * Close codes (the reason is the word after the code):
 *   4000 bad_frame · 4001 unauthorized · 4003 forbidden · 4008 auth_timeout ·
 *   4011 token_expired (connect again with a fresh token) · 1001 going_away (this instance stops).
 */
export const CLOSE = {
  badFrame: [4000, 'bad_frame'],
  unauthorized: [4001, 'unauthorized'],
  forbidden: [4003, 'forbidden'],
  authTimeout: [4008, 'auth_timeout'],
  tokenExpired: [4011, 'token_expired'],
  goingAway: [1001, 'going_away'],
} as const;

export const AUTH_TIMEOUT_MS = 5000;
/** Largest frame a client may send (an auth frame is well under 1 KB). */
export const MAX_FRAME = 8 * 1024;

type Frame = { type?: unknown; token?: unknown; since?: unknown };

function parse(data: unknown): Frame | null {
  if (typeof data !== 'string' || data.length > MAX_FRAME) return null;
  try {
    const value = JSON.parse(data);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Frame) : null;
  } catch {
    return null;
  }
}

/** A raw socket's liveness for the protocol-level heartbeat (server/live/heartbeat in serve.ts). */
export interface RawSocket {
  ping?(): void;
  terminate?(): void;
  on?(event: 'pong', listener: () => void): unknown;
}

/** The handlers of one `/ws` connection. */
export function liveSocket(services: { db: Db; config: Config }, hub: LiveHub): WSEvents {
  let client: LiveClient | undefined;
  let accountId = 0;
  let authTimer: NodeJS.Timeout | undefined;
  let expiryTimer: NodeJS.Timeout | undefined;
  let closed = false;
  let authenticating = false;

  const close = (ws: WSContext, [code, reason]: readonly [number, string]) => {
    if (closed) return;
    closed = true;
    ws.close(code, reason);
  };
  const expireAt = (ws: WSContext, exp: number) => {
    clearTimeout(expiryTimer);
    expiryTimer = setTimeout(() => close(ws, CLOSE.tokenExpired), Math.max(0, exp * 1000 - Date.now()));
    expiryTimer.unref();
  };

  async function authenticate(ws: WSContext, frame: Frame) {
    const token = typeof frame.token === 'string' ? frame.token : null;
    const since = frame.since === undefined || frame.since === null ? undefined : Number(frame.since);
    if (since !== undefined && !(Number.isInteger(since) && since >= 0)) return close(ws, CLOSE.badFrame);
    const caller = await callerOfToken(services, token, { areas: ['user', 'seller'], provider: 'users' });
    if (closed) return;
    if (!caller) return close(ws, CLOSE.unauthorized);
    if (client) {
      // a renewed token for the same account: the socket lives as long as the new one
      if (caller.accountId !== accountId) return close(ws, CLOSE.badFrame);
      return expireAt(ws, caller.claims.exp);
    }
    let party;
    try {
      party = await partyOf(services.db, caller.accountId, caller.claims.area);
    } catch (err) {
      if (err instanceof ApiError) return close(ws, CLOSE.forbidden);
      throw err;
    }
    if (closed) return;
    clearTimeout(authTimer);
    accountId = caller.accountId;
    expireAt(ws, caller.claims.exp);
    const me: LiveClient = {
      party,
      area: caller.claims.area === 'seller' ? 'seller' : 'user',
      lastId: 0,
      send: (frame) => {
        if (ws.readyState === 1) ws.send(frame);
      },
    };
    client = me;
    // The hub hears every commit from here on, and the socket is attached from `last_id` when no
    // `since` came: a message committed between reading it and attaching is replayed, not lost.
    await hub.start();
    const lastId = await lastMessageId(services.db, party);
    if (closed) return;
    ws.send(JSON.stringify({ type: 'ready', last_id: lastId }));
    await hub.attach(me, since ?? lastId);
    if (closed) hub.detach(me);
  }

  return {
    onOpen(_event, ws) {
      hub.stats.open++;
      authTimer = setTimeout(() => {
        if (!client) close(ws, CLOSE.authTimeout);
      }, AUTH_TIMEOUT_MS);
      authTimer.unref();
      const raw = ws.raw as RawSocket & { isAlive?: boolean };
      raw.isAlive = true;
      raw.on?.('pong', () => {
        raw.isAlive = true;
      });
    },
    onMessage(event, ws) {
      if (closed) return;
      const frame = parse(event.data);
      if (!frame) return close(ws, CLOSE.badFrame);
      if (frame.type === 'ping') return ws.send('{"type":"pong"}');
      if (frame.type === 'heart') return ws.send('{"type":"heart"}');
      if (frame.type !== 'auth') return client ? undefined : close(ws, CLOSE.unauthorized);
      if (authenticating) return;
      authenticating = true;
      authenticate(ws, frame)
        .catch((err) => {
          console.error('[souk] live: socket authentication failed', err);
          close(ws, CLOSE.unauthorized);
        })
        .finally(() => {
          authenticating = false;
        });
    },
    onClose() {
      hub.stats.open--;
      closed = true;
      clearTimeout(authTimer);
      clearTimeout(expiryTimer);
      if (client) hub.detach(client);
    },
  };
}
