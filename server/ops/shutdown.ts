import type { Server } from 'node:http';

export interface ShutdownParts {
  /** The HTTP listeners: they stop accepting at once and end when their requests are answered. */
  servers: Server[];
  /** Stops the timed tasks and waits for the runs in progress. */
  stopJobs: () => Promise<void>;
  /** Registered closers (WebSocket sockets, …), run after the listeners stop accepting. */
  closers: (() => Promise<void>)[];
  /** Closes the database pool (last: requests and jobs may use it until then). */
  closeDatabase: () => Promise<void>;
  /** Whatever marks the instance as draining (/api/ready then answers 503). */
  markDraining: () => void;
  timeoutMs: number;
  log: (line: string) => void;
  exit: (code: number) => void;
}

/** Resolves when the listener has closed: every connection done (idle keep-alive ones are closed). */
function closed(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeIdleConnections();
    // a connection that was busy when close() was called becomes idle once its answer is sent
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    sweep.unref();
    server.once('close', () => clearInterval(sweep));
  });
}

/**
 * The graceful shutdown of SIGTERM (and SIGINT): mark the instance draining, stop accepting
 * connections, let requests in progress finish, stop the timed tasks after their current runs,
 * close registered sockets, then the database, and exit 0. Anything still going after
 * `timeoutMs` is cut short (exit 1). A second signal while shutting down is ignored.
 */
export function gracefulShutdown(parts: ShutdownParts): (signal: string) => Promise<void> {
  let started = false;
  return async (signal) => {
    if (started) return;
    started = true;
    const began = Date.now();
    parts.log(`[souk] ${signal}: shutting down (finishing requests and timed tasks, at most ${parts.timeoutMs} ms)`);
    parts.markDraining();
    const deadline = setTimeout(() => {
      parts.log(`[souk] shutdown took longer than ${parts.timeoutMs} ms: exiting anyway`);
      parts.exit(1);
    }, parts.timeoutMs);
    deadline.unref();
    try {
      const listeners = Promise.all(parts.servers.map(closed));
      await Promise.all([listeners, parts.stopJobs(), ...parts.closers.map((close) => close())]);
      await parts.closeDatabase();
      parts.log(`[souk] shutdown complete in ${Date.now() - began} ms`);
      clearTimeout(deadline);
      parts.exit(0);
    } catch (err) {
      parts.log(`[souk] shutdown failed: ${err instanceof Error ? err.stack : String(err)}`);
      parts.exit(1);
    }
  };
}
