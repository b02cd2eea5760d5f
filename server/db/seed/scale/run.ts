import { sql } from 'drizzle-orm';
import type { Tx } from '../../client';
import { rowsOf } from './rows';

/**
 * Every bulk seed is a numbered run (1…99), and its rows carry the number, so a second run adds
 * rows beside the first's and never clashes with them: goods numbers `BN<run>-<n>`, store owners'
 * and shoppers' user names (also their phones) `170<run><seq>` and `171<run><seq>`, order numbers,
 * payment and refund numbers with the run's two digits after the time.
 */
export const GOODS_NO_PREFIX = 'BN';
export const MAX_RUN = 99;

const pad = (n: number, width: number) => String(n).padStart(width, '0');
export const goodsNo = (run: number, n: number) => `${GOODS_NO_PREFIX}${run}-${n}`;
export const ownerName = (run: number, seq: number) => `170${pad(run, 2)}${pad(seq, 6)}`;
export const shopperName = (run: number, seq: number) => `171${pad(run, 2)}${pad(seq, 6)}`;
/** Two digits of the run and eight of a sequence: what follows the 14 time digits of an order, payment or refund number. */
export const runSerial = (run: number, seq: number) => `${pad(run, 2)}${pad(seq % 100_000_000, 8)}`;

/** The next run's number (serialised by an advisory lock held until the caller's transaction ends). */
export async function nextRun(tx: Tx): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(7204512)`);
  const result = await tx.execute(sql`select greatest(
      coalesce((select max(substr(username, 4, 2)::int) from users where username ~ '^17[01][0-9]{8}$'), 0),
      coalesce((select max(substring(goods_no from '^BN([0-9]+)-')::int) from goods where goods_no ~ '^BN[0-9]+-'), 0)
    ) + 1 as run`);
  const run = Number(rowsOf<{ run: number }>(result)[0].run);
  if (run > MAX_RUN) throw new Error(`seed: ${MAX_RUN} bulk runs already in this database`);
  return run;
}
