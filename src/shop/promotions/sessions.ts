import type { SaleCard } from '../../api/promotions';

/**
 * Today's flash sales grouped in sessions by start time ("10:00 场"), as /seckills shows them. A
 * session is running while one of its sales runs, upcoming before they start, ended after.
 */
export interface Session {
  key: string;
  /** 'HH:MM' of the start (a sale that started on an earlier day: its date and time). */
  label: string;
  state: 'running' | 'upcoming' | 'ended';
  /** Seconds until the session starts (upcoming) or until its first running sale ends (running). */
  seconds: number;
  sales: SaleCard[];
}

const today = (now: string) => now.slice(0, 10);

export function sessionsOf(list: readonly SaleCard[], now: string): Session[] {
  const map = new Map<string, SaleCard[]>();
  for (const sale of list) {
    const key = sale.start_time.slice(0, 16);
    map.set(key, [...(map.get(key) ?? []), sale]);
  }
  return [...map.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, sales]) => {
      const running = sales.filter((s) => s.state === 1);
      const upcoming = sales.filter((s) => s.state === 0);
      const state = running.length ? 'running' : upcoming.length ? 'upcoming' : 'ended';
      const seconds = state === 'running' ? Math.min(...running.map((s) => s.ends_in)) : state === 'upcoming' ? Math.min(...upcoming.map((s) => s.starts_in)) : 0;
      const label = key.slice(0, 10) === today(now) ? key.slice(11) : key.slice(5).replace(' ', ' ');
      return { key, label, state, seconds, sales };
    });
}

/** The session shown first: the first running one, else the next upcoming one, else the last. */
export function defaultSession(sessions: readonly Session[]): string | null {
  return (sessions.find((s) => s.state === 'running') ?? sessions.find((s) => s.state === 'upcoming') ?? sessions[sessions.length - 1])?.key ?? null;
}

/** Percent of a sale's units already taken (0–100). */
export const soldPercent = (sale: Pick<SaleCard, 'stock' | 'sold'>) => (sale.stock + sale.sold > 0 ? Math.round((sale.sold * 100) / (sale.stock + sale.sold)) : 0);
