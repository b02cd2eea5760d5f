import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { WebSocketServer, type WebSocket } from 'ws';
import type { LiveHub } from './live/hub';
import { CLOSE, MAX_FRAME } from './live/socket';

/** How often the server pings every socket; one that did not answer the previous ping is dropped. */
export const HEARTBEAT_MS = 30_000;

export interface Listening {
  server: ServerType;
  /** Closes every socket (going away: clients reconnect elsewhere) and stops listening. */
  close(): Promise<void>;
}

/**
 * Serves `app` (pages, /api and the /ws socket, server/app.ts) on one port: HTTP through
 * @hono/node-server, WebSocket upgrades through its `upgradeWebSocket` with a `ws` server.
 */
export function listen(
  app: { fetch: (request: Request, env: never) => unknown },
  opts: { port: number; hostname: string; hub?: LiveHub },
  onListening?: (info: AddressInfo) => void,
): Listening {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME, perMessageDeflate: false });
  const server = serve({ fetch: app.fetch as never, port: opts.port, hostname: opts.hostname, websocket: { server: wss as never } }, onListening);
  const heartbeat = setInterval(() => {
    for (const socket of wss.clients as Set<WebSocket & { isAlive?: boolean }>) {
      if (socket.isAlive === false) {
        socket.terminate();
        continue;
      }
      socket.isAlive = false;
      socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    server,
    async close() {
      clearInterval(heartbeat);
      await opts.hub?.stop();
      for (const socket of wss.clients) socket.close(CLOSE.goingAway[0], CLOSE.goingAway[1]);
      // a second for the clients to answer the close, then what is left is cut
      const until = Date.now() + 1000;
      while (wss.clients.size > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      for (const socket of wss.clients) socket.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
