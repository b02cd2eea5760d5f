/**
 * A value loaded at most once per `ttlMs`, shared by concurrent callers (one load in flight).
 * For small, hot, rarely-changing reads such as the public site settings. `clear()` makes
 * this instance reload at once; other instances catch up within `ttlMs`.
 */
export function memoFor<T>(ttlMs: number, load: () => Promise<T>) {
  let value: Promise<T> | null = null;
  let loadedAt = 0;
  return {
    get(): Promise<T> {
      if (!value || Date.now() - loadedAt > ttlMs) {
        loadedAt = Date.now();
        value = load().catch((err) => {
          value = null;
          throw err;
        });
      }
      return value;
    },
    clear() {
      value = null;
    },
  };
}
