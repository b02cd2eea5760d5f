import { Duplex } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { FromThread, ToThread } from './messages';

/** What pg needs of a socket: a duplex stream it calls connect() on (the rest are no-ops here). */
export type ThreadSocket = Duplex & { connect(): ThreadSocket };

/**
 * The embedded database (PGlite) on a thread of its own (thread.ts), reached through the same
 * PostgreSQL driver as a real server: `connect()` makes the socket-like stream a pg client talks
 * over. PGlite's work (planning, executing, encoding rows) then runs beside the server's own
 * (HTTP, JSON, decoding rows) on a second core, and the server's event loop stays free while a
 * statement runs. One connection at a time (PGlite has one session): the pool holds one.
 */
export interface EmbeddedThread {
  connect(): ThreadSocket;
  /** The data directory as a tarball, which `startEmbeddedThread({ from })` starts from. */
  snapshot(): Promise<Uint8Array>;
  close(): Promise<void>;
}

const THREAD = new URL('./start.mjs', import.meta.url);

export async function startEmbeddedThread(opts: { dataDir: string | undefined; timeZone: string; from?: string }): Promise<EmbeddedThread> {
  const worker = new Worker(THREAD, { workerData: opts });
  const streams = new Map<number, ThreadStream>();
  let lastId = 0;
  let gone: Error | undefined;
  let closed: (() => void) | undefined;
  const snapshots: { resolve: (bytes: Uint8Array) => void; reject: (err: Error) => void }[] = [];
  const send = (message: ToThread, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);

  // SQLSTATE 08006 (connection failure): a request that meets it is answered 503 (connectionErrors.ts)
  const stop = (err: Error) => {
    gone ??= Object.assign(new Error(`the embedded database stopped: ${err.message}`), { code: '08006' });
    for (const stream of streams.values()) stream.destroy(gone);
    streams.clear();
    for (const waiting of snapshots.splice(0)) waiting.reject(gone);
  };
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (message: FromThread) => {
      if (message.type === 'ready') resolve();
      else if (message.type === 'failed') reject(new Error(`the embedded database did not open: ${message.message}`));
      else if (message.type === 'data') streams.get(message.id)?.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
      else if (message.type === 'snapshot') snapshots.shift()?.resolve(message.bytes);
      else if (message.type === 'closed') closed?.();
    });
    worker.on('error', (err) => {
      console.error('[souk] the embedded database stopped:', err);
      stop(err);
      reject(err);
    });
    worker.on('exit', (code) => {
      stop(new Error(`its thread ended (code ${code})`));
      reject(gone);
      closed?.();
    });
  });

  class ThreadStream extends Duplex {
    readonly id = ++lastId;
    private queued: Uint8Array[] = [];

    /** pg calls this as it would a socket's; the thread starts a fresh session for it. */
    connect() {
      queueMicrotask(() => {
        if (gone) return this.destroy(gone);
        streams.set(this.id, this);
        send({ type: 'open', id: this.id });
        this.emit('connect');
      });
      return this;
    }
    setNoDelay() { return this; }
    setKeepAlive() { return this; }
    ref() { return this; }
    unref() { return this; }
    override _read() {}
    // pg writes each protocol message apart: those written in one turn go over together
    override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void) {
      if (gone) return done(gone);
      if (this.queued.push(chunk) === 1) queueMicrotask(() => this.flush());
      done();
    }
    flush() {
      if (!this.queued.length) return;
      const bytes = new Uint8Array(Buffer.concat(this.queued));
      this.queued = [];
      if (streams.has(this.id)) send({ type: 'data', id: this.id, bytes }, [bytes.buffer]);
    }
    override _final(done: (err?: Error | null) => void) {
      this.hangUp();
      this.push(null);
      done();
    }
    override _destroy(err: Error | null, done: (err?: Error | null) => void) {
      this.hangUp();
      done(err);
    }
    private hangUp() {
      this.flush();
      if (streams.delete(this.id) && !gone) send({ type: 'close', id: this.id });
    }
  }

  return {
    connect: () => new ThreadStream(),
    snapshot() {
      if (gone) return Promise.reject(gone);
      const taken = new Promise<Uint8Array>((resolve, reject) => snapshots.push({ resolve, reject }));
      send({ type: 'snapshot' });
      return taken;
    },
    async close() {
      if (gone) return;
      const done = new Promise<void>((resolve) => (closed = resolve));
      // what was written before the close is answered first
      for (const stream of streams.values()) stream.flush();
      send({ type: 'shutdown' });
      await done;
      gone = Object.assign(new Error('the embedded database is closed'), { code: '08006' });
      await worker.terminate();
    },
  };
}
