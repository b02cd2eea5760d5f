import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/client';
import { startEmbeddedThread, type EmbeddedThread } from '../../../server/db/embedded/worker';
import { writeMark } from '../../../server/db/writeMark';
import { isConnectionError } from '../../../server/db/connectionErrors';
import { emptyClusterSnapshot, openSnapshotDatabase } from '../dbSnapshots';

/** Wire-protocol messages: a start-up request and a simple query. */
const cstring = (text: string) => Buffer.from(`${text}\0`, 'utf8');
const startup = () => {
  const body = Buffer.concat([cstring('user'), cstring('postgres'), cstring('database'), cstring('postgres'), Buffer.from([0])]);
  const head = Buffer.alloc(8);
  head.writeInt32BE(8 + body.length, 0);
  head.writeInt32BE(196608, 4); // protocol 3.0
  return Buffer.concat([head, body]);
};
const query = (text: string) => {
  const body = cstring(text);
  const head = Buffer.alloc(5);
  head.write('Q', 0, 'latin1');
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
};

const rowsOf = async <T>(result: PromiseLike<unknown>) => ((await result) as { rows: T[] }).rows;
/** Sends a Drizzle query now (they are sent when first awaited). */
const sendNow = <T>(query: PromiseLike<T>) => new Promise<T>((resolve, reject) => query.then(resolve, reject));

/** The embedded database on its own thread, spoken to through pg (server/db/embedded). */
describe('a pg client over the embedded thread', () => {
  let thread: EmbeddedThread;
  beforeAll(async () => {
    thread = await startEmbeddedThread({ dataDir: undefined, timeZone: 'Asia/Shanghai', from: emptyClusterSnapshot() });
    const c = await connect();
    await c.query('create table t (n int)');
    await c.end();
  });
  afterAll(() => thread.close());

  const connect = async () => {
    const client = new pg.Client({ user: 'postgres', database: 'postgres', stream: () => thread.connect() } as pg.ClientConfig);
    await client.connect();
    return client;
  };

  it('answers parameterised, named and plain statements, and types come back as pg reads them', async () => {
    const c = await connect();
    try {
      expect((await c.query('select $1::int + 1 as n, $2::numeric as money', [41, '1.50'])).rows).toEqual([{ n: 42, money: '1.50' }]);
      expect((await c.query({ name: 'twice', text: 'select $1::text as s', values: ['a'] })).rows).toEqual([{ s: 'a' }]);
      expect((await c.query({ name: 'twice', text: 'select $1::text as s', values: ['b'] })).rows).toEqual([{ s: 'b' }]);
      expect((await c.query(`select current_setting('TimeZone') as tz`)).rows).toEqual([{ tz: 'Asia/Shanghai' }]);
    } finally {
      await c.end();
    }
  });

  it('a failed statement is answered with its error and the next one runs normally', async () => {
    const c = await connect();
    try {
      await expect(c.query('select nope + $1', [1])).rejects.toMatchObject({ code: '42703' });
      expect((await c.query('select $1::int as v', [7])).rows).toEqual([{ v: 7 }]);
      await expect(c.query('select 1/0')).rejects.toMatchObject({ code: '22012' });
      expect((await c.query('select 8 as v')).rows).toEqual([{ v: 8 }]);
    } finally {
      await c.end();
    }
  });

  it('a connection that ends inside a transaction leaves nothing behind; the next starts clean', async () => {
    const first = await connect();
    await first.query('begin');
    await first.query('insert into t values (1)');
    await first.query({ name: 'kept', text: 'select $1::int as v', values: [1] });
    await first.query(`set time zone 'UTC'`);
    await first.end();

    const next = await connect();
    try {
      expect((await next.query('select count(*)::int as n from t')).rows).toEqual([{ n: 0 }]);
      // its own statement of the same name is prepared afresh, the session's settings are back
      expect((await next.query({ name: 'kept', text: 'select $1::text as v', values: ['x'] })).rows).toEqual([{ v: 'x' }]);
      expect((await next.query(`select current_setting('TimeZone') as tz`)).rows).toEqual([{ tz: 'Asia/Shanghai' }]);
    } finally {
      await next.end();
    }
  });

  it('puts messages that arrive in pieces back together, and answers them in order', async () => {
    const stream = thread.connect();
    const received: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => received.push(chunk));
    stream.connect();
    await new Promise((resolve) => stream.once('connect', resolve));
    const bytes = Buffer.concat([startup(), query('select 6 * 7 as answer'), query('select 1 as one')]);
    // one byte at a time, each in its own turn
    for (const byte of bytes) {
      stream.write(Buffer.from([byte]));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const text = async () => {
      for (let i = 0; i < 100 && (Buffer.concat(received).toString('latin1').match(/Z\0\0\0\x05I/g) ?? []).length < 3; i++) await new Promise((r) => setTimeout(r, 20));
      return Buffer.concat(received).toString('latin1');
    };
    const answer = await text();
    expect(answer.indexOf('42')).toBeGreaterThan(0);
    expect(answer.indexOf('42')).toBeLessThan(answer.lastIndexOf('one'));
    stream.end();
  });

  it("the server's thread keeps turning while a long statement runs", async () => {
    const c = await connect();
    try {
      const started = performance.now();
      const statement = c.query('select pg_sleep(0.6)');
      const timerFired = await new Promise<number>((resolve) => setTimeout(() => resolve(performance.now() - started), 50));
      await statement;
      expect(timerFired).toBeLessThan(400);
      expect(performance.now() - started).toBeGreaterThanOrEqual(550);
    } finally {
      await c.end();
    }
  });
});

describe('the embedded database (openDatabase without a URL)', () => {
  let dir: string;
  let database: Database | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'souk-embedded-'));
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps what was written across a close and a new open of its data directory', async () => {
    database = await openSnapshotDatabase('empty', dir);
    await database.db.execute(sql`create table kept (n int)`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into kept values (1), (2)`);
    });
    await database.close();
    database = await openDatabase({ dataDir: dir });
    expect(await rowsOf(database.db.execute(sql`select sum(n)::int as n from kept`))).toEqual([{ n: 3 }]);
  });

  it('runs statements in the order they were sent, transactions included', async () => {
    const db = database!.db;
    await db.execute(sql`create table turn_order (n int)`);
    const writes = [
      sendNow(db.execute(sql`insert into turn_order values (1)`)),
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into turn_order values (2)`);
        await tx.execute(sql`insert into turn_order values (3)`);
      }),
      sendNow(db.execute(sql`insert into turn_order values (4)`)),
    ];
    const read = rowsOf<{ seen: number[] }>(sendNow(db.execute(sql`select array_agg(n order by n) as seen from turn_order`)));
    await Promise.all(writes);
    expect((await read)[0].seen).toEqual([1, 2, 3, 4]);
  });

  it('a write moves the write mark when it ends, a read does not, a transaction does', async () => {
    const db = database!.db;
    const at = writeMark(db)!;
    await db.execute(sql`select 1`);
    expect(writeMark(db)).toBe(at);
    await db.execute(sql`insert into turn_order values (5)`);
    expect(writeMark(db)).toBeGreaterThan(at);
    const before = writeMark(db)!;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    expect(writeMark(db)).toBeGreaterThan(before);
  });

  it('a failed transaction is rolled back and the database keeps serving', async () => {
    const db = database!.db;
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into turn_order values (6)`);
        await tx.execute(sql`select 1/0`);
      }),
    ).rejects.toThrow();
    expect(await rowsOf(db.execute(sql`select count(*)::int as n from turn_order where n = 6`))).toEqual([{ n: 0 }]);
  });
});

describe('when the embedded database has stopped', () => {
  it('statements already sent are answered first; later ones fail as a lost connection (a 503 for the request)', async () => {
    const thread = await startEmbeddedThread({ dataDir: undefined, timeZone: 'Asia/Shanghai', from: emptyClusterSnapshot() });
    const client = new pg.Client({ user: 'postgres', database: 'postgres', stream: () => thread.connect() } as pg.ClientConfig);
    client.on('error', () => {});
    await client.connect();
    const sent = client.query('select pg_sleep(0.2), 1 as n');
    const closing = thread.close();
    expect((await sent).rows[0].n).toBe(1);
    await closing;
    expect(isConnectionError(await client.query('select 1').catch((err: unknown) => err))).toBe(true);
    const later = new pg.Client({ user: 'postgres', database: 'postgres', stream: () => thread.connect() } as pg.ClientConfig);
    later.on('error', () => {});
    expect(isConnectionError(await later.connect().catch((err: unknown) => err))).toBe(true);
  });
});
