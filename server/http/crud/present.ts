const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:MM:SS' (api.md §2.5), from a Date-mode column (read by Drizzle as UTC). */
export function formatDateTime(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/**
 * Makes a row JSON-safe in the contract's forms: Date → 'YYYY-MM-DD HH:MM:SS', bigint → string.
 * Numeric columns already arrive as 2-decimal strings and string-mode timestamps as text.
 */
export function jsonSafe<T>(row: T): T {
  if (row === null || typeof row !== 'object' || Array.isArray(row)) return row;
  let changed: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(row as Record<string, unknown>)) {
    if (value instanceof Date || typeof value === 'bigint') {
      changed ??= { ...(row as Record<string, unknown>) };
      changed[key] = value instanceof Date ? formatDateTime(value) : String(value);
    }
  }
  return (changed ?? row) as T;
}
