/**
 * The embedded database's own thread (started by server/db/embedded/worker.ts): PGlite, spoken to
 * in the PostgreSQL wire protocol, one connection at a time. Messages of each connection are
 * split out of its bytes and run in arrival order; the answer to each goes back tagged with the
 * connection. PGlite has one session, so a connection that ends takes its session state along:
 * an open transaction is rolled back, and the next connection starts with no prepared statements
 * and the configured settings.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { FromThread, ToThread } from './messages';

const { dataDir, timeZone } = workerData as { dataDir: string | undefined; timeZone: string };
const port = parentPort!;
const post = (message: FromThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

const SSL_REQUEST = 80877103;
const PROTOCOL_3 = 196608;
const TERMINATE = 0x58; // 'X'
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]); // 'S', length 4

let db: PGlite;
try {
  db = new PGlite(dataDir);
  await db.waitReady;
  await db.exec(`SET TIME ZONE '${timeZone}'`);
} catch (err) {
  post({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  throw err;
}

/**
 * Everything PGlite does runs in this order, one thing at a time. A statement's own error is an
 * answer (an ErrorResponse); a thrown one means PGlite itself failed, and nothing it answers after
 * that can be trusted: the thread ends, and the server's connections fail (worker.ts).
 */
let turn: Promise<unknown> = Promise.resolve();
const inTurn = (work: () => Promise<unknown>) => {
  turn = turn.then(work).catch((err) => {
    console.error('[souk] the embedded database failed:', err);
    process.exit(1);
  });
};

const pending = new Map<number, Buffer>();

/** Whole messages at the start of `bytes`, and what is left of an unfinished one. */
function split(bytes: Buffer): { messages: Buffer[]; rest: Buffer } {
  const messages: Buffer[] = [];
  let at = 0;
  while (bytes.length - at >= 5) {
    // the startup and SSL requests have no type byte: a length, then a code
    const untyped = bytes.length - at >= 8 && [PROTOCOL_3, SSL_REQUEST].includes(bytes.readInt32BE(at + 4));
    const length = untyped ? bytes.readInt32BE(at) : 1 + bytes.readInt32BE(at + 1);
    if (bytes.length - at < length) break;
    messages.push(bytes.subarray(at, at + length));
    at += length;
  }
  return { messages, rest: bytes.subarray(at) };
}

async function answer(id: number, message: Buffer) {
  if (message.length === 8 && message.readInt32BE(4) === SSL_REQUEST) return send(id, [new Uint8Array([0x4e])]); // 'N': no TLS here
  const chunks: Uint8Array[] = [];
  await db.execProtocolRawStream(new Uint8Array(message), { onRawData: (data) => chunks.push(data.slice()) });
  send(id, chunks);
}

function send(id: number, chunks: Uint8Array[]) {
  if (chunks.length === 0) return;
  const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
  const copy = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  post({ type: 'data', id, bytes: copy }, [copy.buffer as ArrayBuffer]);
}

/** Ends what a connection left behind: an unfinished extended query, an open transaction. */
async function endSession() {
  await db.execProtocolRaw(SYNC);
  await db.exec('ROLLBACK'); // outside a transaction only a warning
}

port.on('message', (message: ToThread) => {
  switch (message.type) {
    case 'open':
      pending.set(message.id, Buffer.alloc(0));
      inTurn(() => db.exec(`DEALLOCATE ALL; RESET ALL; SET TIME ZONE '${timeZone}'`));
      return;
    case 'data': {
      const before = pending.get(message.id);
      if (!before) return;
      const { messages, rest } = split(before.length ? Buffer.concat([before, message.bytes]) : Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
      pending.set(message.id, rest);
      for (const m of messages) if (m[0] !== TERMINATE) inTurn(() => answer(message.id, m));
      return;
    }
    case 'close':
      if (pending.delete(message.id)) inTurn(endSession);
      return;
    case 'shutdown':
      inTurn(async () => {
        await db.close();
        post({ type: 'closed' });
      });
      return;
  }
});

post({ type: 'ready' });
