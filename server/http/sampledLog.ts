/**
 * Log lines anyone can cause (a refused payment notify) are counted and sampled, so a flood
 * cannot fill the log: per kind, the first line of a window is written, the others are only
 * counted, and when the window ends one line says how many were left out. `kind` must come
 * from a small fixed set (never from the request), so the counters stay few.
 */
export interface SampledLog {
  write(kind: string, line: string): void;
  /** Lines seen per kind since start, written or not. */
  counts(): Record<string, number>;
}

export interface SampledLogOptions {
  /** Default 60 s. */
  windowMs?: number;
  /** Where lines go; default console.warn. */
  out?: (line: string) => void;
  /** Written before the count line, e.g. '[payment]'. */
  prefix?: string;
}

export function sampledLog(options: SampledLogOptions = {}): SampledLog {
  const windowMs = options.windowMs ?? 60_000;
  const out = options.out ?? ((line: string) => console.warn(line));
  const totals = new Map<string, number>();
  const open = new Map<string, { skipped: number }>();

  const close = (kind: string) => {
    const window = open.get(kind);
    open.delete(kind);
    if (window?.skipped) out(`${options.prefix ? `${options.prefix} ` : ''}${window.skipped} more ${kind} in the last ${Math.round(windowMs / 1000)} s (not logged one by one)`);
  };

  return {
    write(kind, line) {
      totals.set(kind, (totals.get(kind) ?? 0) + 1);
      const window = open.get(kind);
      if (window) {
        window.skipped++;
        return;
      }
      open.set(kind, { skipped: 0 });
      setTimeout(() => close(kind), windowMs).unref?.();
      out(line);
    },
    counts: () => Object.fromEntries(totals),
  };
}
