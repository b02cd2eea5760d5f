import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database runs on this process's one thread, and a statement whose turn comes runs
 * and resolves through promises alone, without giving the event loop a turn. Forty searches
 * queued behind each other then ran back to back in one turn of the loop (half a second), and
 * Node accepts one new connection per turn (libuv 1.45+): under a search flood a newly arriving
 * visitor waited up to 5.7 s to be let in while the connections already open were served.
 *
 * Here every statement, exec and transaction of the client starts on a turn of its own: one per
 * turn of the event loop, first come first served (a setImmediate chain), so sockets are accepted,
 * read and written between any two statements. A statement is handed on at its turn and not
 * waited for (the client still runs one at a time), so code that is already waiting on the client
 * cannot block the line. A transaction's own statements run straight through, inside its turn.
 */
export function statementsTakeTurns(client: PGlite): void {
  const waiting: (() => void)[] = [];
  let turning = false;
  const nextTurn = () => {
    const start = waiting.shift();
    if (waiting.length) setImmediate(nextTurn);
    else turning = false;
    start?.();
  };
  const turn = () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!turning) {
        turning = true;
        setImmediate(nextTurn);
      }
    });
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<PGlite['query']>) => {
    await turn();
    return query(...args);
  }) as PGlite['query'];
  client.exec = (async (...args: Parameters<PGlite['exec']>) => {
    await turn();
    return exec(...args);
  }) as PGlite['exec'];
  client.transaction = (async (...args: Parameters<PGlite['transaction']>) => {
    await turn();
    return transaction(...args);
  }) as PGlite['transaction'];
}
