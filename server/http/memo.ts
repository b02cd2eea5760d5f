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

/**
 * Values by key, each loaded at most once per `ttlMs` and shared by concurrent callers; at most
 * `maxKeys` kept (the least recently loaded goes first). Once a value has expired, the next
 * caller starts one reload and, like every caller until it lands, still gets the previous value:
 * no caller waits for a reload, so expiries cause no bursts of slow answers. A failed load or
 * reload is forgotten at once (the next caller loads afresh and waits). With `mark` (the embedded
 * database's write mark, server/db/writeMark.ts, read before loading), an expired value whose
 * mark has not moved since it was read is still the database's: it is kept on, not reloaded.
 */
export function memoByKey<T>(maxKeys: number) {
  // A value first loaded lives 50–100 % of ttlMs, drawn then: values loaded together (a warm-up,
  // a clear()) are reloaded spread over half the time, not in the same instant (80–100 % left the
  // 157 search totals of the bench, loaded within a second, reloading within the same second).
  // A reload, already spread so, lives 80–100 %: fewer reloads for the same freshness.
  interface Entry { expires: number; value: Promise<T>; reloading: boolean; mark?: number | null }
  const kept = new Map<string, Entry>();
  const expiry = (ttlMs: number, from: number) => Date.now() + ttlMs * (from + Math.random() * (1 - from));

  function load(key: string, ttlMs: number, run: () => Promise<T>, mark?: number | null): Entry {
    const entry: Entry = { expires: expiry(ttlMs, 0.5), value: run(), reloading: false, mark };
    kept.delete(key);
    if (kept.size >= maxKeys) kept.delete(kept.keys().next().value!);
    kept.set(key, entry);
    entry.value.catch(() => {
      if (kept.get(key) === entry) kept.delete(key);
    });
    return entry;
  }

  return {
    get(key: string, ttlMs: number, run: () => Promise<T>, mark?: number | null): Promise<T> {
      const hit = kept.get(key);
      if (!hit) return load(key, ttlMs, run, mark).value;
      if (Date.now() > hit.expires && !hit.reloading && mark != null && hit.mark === mark) hit.expires = expiry(ttlMs, 0.8);
      if (Date.now() > hit.expires && !hit.reloading) {
        hit.reloading = true;
        const fresh = run();
        fresh.then(
          () => {
            if (kept.get(key) !== hit) return;
            kept.delete(key);
            kept.set(key, { expires: expiry(ttlMs, 0.8), value: fresh, reloading: false, mark });
          },
          () => {
            if (kept.get(key) === hit) kept.delete(key);
          },
        );
      }
      return hit.value;
    },
    clear() {
      kept.clear();
    },
  };
}
