/** mulberry32: a small, fast, seeded PRNG, so a bulk seed with the same seed writes the same rows. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  /** A whole number in [lo, hi]. */
  const between = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[int(list.length)];
  /** Index in 0..n-1, skewed to the front (≈ Zipf with exponent `s`). */
  const zipf = (n: number, s = 1) => Math.min(n - 1, Math.floor(n * Math.pow(next(), 1 + s)));
  const chance = (p: number) => next() < p;
  return { next, int, between, pick, zipf, chance };
}

export type Random = ReturnType<typeof prng>;

/** Index of the first entry of the ascending `list` greater than `value` (binary search). */
export function upperBound(list: ArrayLike<number>, value: number, end = list.length): number {
  let lo = 0;
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
