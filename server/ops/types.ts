import type { Logger } from 'pino';
import type { Metrics } from './metrics';

/**
 * What the running server adds to the app (server/main.ts; in-process tests leave it out or
 * give parts of it): metrics, the access log, and the shutdown state.
 */
export interface Ops {
  metrics?: Metrics;
  /** One log line per request (method, path, route, status, time, request id). */
  logger?: Logger;
  /** Set once SIGTERM arrived: /api/ready answers 503 so a load balancer stops sending. */
  draining?: boolean;
  /**
   * Work to end before the process exits, run on SIGTERM after the listener stopped accepting
   * (the WebSocket server registers the closing of its sockets here).
   */
  onShutdown?: (close: () => Promise<void>) => void;
}
