/**
 * The embedded database's own thread (started by server/db/embedded/worker.ts): PGlite, spoken to
 * in the PostgreSQL wire protocol, one connection at a time. Messages of each connection are
 * split out of its bytes and run in arrival order; the answer to each goes back tagged with the
 * connection. PGlite has one session, so a connection that ends takes its session state along:
 * an open transaction is rolled back, and the next connection starts with no prepared statements
 * and the configured settings.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { FromThread, ToThread } from './messages';

const { dataDir, timeZone, from } = workerData as { dataDir: string | undefined; timeZone: string; from: string | undefined };
const port = parentPort!;
const post = (message: FromThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

const SSL_REQUEST = 80877103;
const PROTOCOL_3 = 196608;
const TERMINATE = 0x58; // 'X'
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]); // 'S', length 4

let db: PGlite;
try {
  // pg_trgm: the back office's contains-searches (migration 0039_list_indexes), as on PostgreSQL
  // `from`: a snapshot's tarball (below) unpacked instead of a new cluster made by initdb
  const loadDataDir = from ? new Blob([readFileSync(from)]) : undefined;
  db = new PGlite({ dataDir, loadDataDir, extensions: { pg_trgm } });
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

/** Per open connection: bytes of a message not yet whole, and whether it has started up. */
const connections = new Map<number, { rest: Buffer; started: boolean }>();

/**
 * Whole messages at the start of `bytes`. Until a connection has started up, its messages (the
 * SSL and start-up requests) have no type byte: a length, then a code.
 */
function split(connection: { rest: Buffer; started: boolean }, bytes: Buffer): Buffer[] {
  const messages: Buffer[] = [];
  let at = 0;
  while (bytes.length - at >= 5) {
    const untyped = !connection.started;
    if (untyped && bytes.length - at < 8) break;
    const length = untyped ? bytes.readInt32BE(at) : 1 + bytes.readInt32BE(at + 1);
    if (bytes.length - at < length) break;
    if (untyped && bytes.readInt32BE(at + 4) === PROTOCOL_3) connection.started = true;
    messages.push(bytes.subarray(at, at + length));
    at += length;
  }
  connection.rest = bytes.subarray(at);
  return messages;
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
      connections.set(message.id, { rest: Buffer.alloc(0), started: false });
      inTurn(() => db.exec(`DEALLOCATE ALL; RESET ALL; SET TIME ZONE '${timeZone}'`));
      return;
    case 'data': {
      const connection = connections.get(message.id);
      if (!connection) return;
      const bytes = Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength);
      const messages = split(connection, connection.rest.length ? Buffer.concat([connection.rest, bytes]) : bytes);
      for (const m of messages) if (m[0] !== TERMINATE) inTurn(() => answer(message.id, m));
      return;
    }
    case 'close':
      if (connections.delete(message.id)) inTurn(endSession);
      return;
    case 'snapshot':
      // the data files as of now (checkpointed first: a copy opens without replaying the WAL)
      inTurn(async () => {
        await db.exec('CHECKPOINT');
        const bytes = new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
        post({ type: 'snapshot', bytes }, [bytes.buffer]);
      });
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
