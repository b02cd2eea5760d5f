import { randomInt } from 'node:crypto';

/**
 * Every number the shop makes for a person to read (orders and points orders, refunds `R…`,
 * payments `P…`) starts with the wall time in the shop's `TIME_ZONE` (`YYYYMMDDHHMMSS`), the zone
 * timestamps are stored in (docs/decisions.md "Data"), then random digits. One clock: a refund
 * made at 00:30 in Shanghai reads that day, as its order does. (Settlement numbers take the
 * database session's clock, which is set to the same zone: server/db/client.ts.)
 */
const clocks = new Map<string, Intl.DateTimeFormat>();

function clockOf(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock)
    clocks.set(
      timeZone,
      (clock = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })),
    );
  return clock;
}

/** `YYYYMMDDHHMMSS` of a moment in a time zone. */
export function wallStamp(timeZone: string, at = new Date()): string {
  const parts = Object.fromEntries(
    clockOf(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}`;
}

/** A number: prefix, the wall time in `timeZone`, then 6 random digits. */
export function shopNumber(prefix: '' | 'R' | 'P', timeZone: string, at = new Date()): string {
  return `${prefix}${wallStamp(timeZone, at)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}
