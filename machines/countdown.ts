/** Seconds to days, hours, minutes and seconds (spec §4 countdown; 86400 s per day). */

export const SECONDS_PER_DAY = 86400;

export interface Duration { days: number; hours: number; minutes: number; seconds: number }

const pad = (n: number) => String(n).padStart(2, '0');

/** Whole, non-negative seconds split into parts. */
export function splitSeconds(total: number): Duration {
  const s = Math.max(0, Math.floor(Number.isFinite(total) ? total : 0));
  return {
    days: Math.floor(s / SECONDS_PER_DAY),
    hours: Math.floor((s % SECONDS_PER_DAY) / 3600),
    minutes: Math.floor((s % 3600) / 60),
    seconds: s % 60,
  };
}

/** '1 天 02 时 03 分 04 秒' */
export function formatLong(total: number): string {
  const { days, hours, minutes, seconds } = splitSeconds(total);
  return `${days} 天 ${pad(hours)} 时 ${pad(minutes)} 分 ${pad(seconds)} 秒`;
}

/**
 * '02 : 03 : 04'. Days are folded into the hours ('26 : 03 : 04' for 1 day 2 h 3 min 4 s)
 * rather than dropped, so a long countdown never shows less time than is left.
 */
export function formatShort(total: number): string {
  const { days, hours, minutes, seconds } = splitSeconds(total);
  return `${pad(days * 24 + hours)} : ${pad(minutes)} : ${pad(seconds)}`;
}
