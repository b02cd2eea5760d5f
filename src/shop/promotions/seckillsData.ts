import { loadSeckills } from '../../api/promotions';

type Answer = Awaited<ReturnType<typeof loadSeckills>>;

/**
 * Today's flash sales, asked for while the /seckills page's code is still loading (App.tsx starts
 * it with the chunk), so the first cards — the page's largest paint — do not wait for both in turn.
 * The page takes that answer once; any later load asks again.
 */
let early: Promise<Answer> | null = null;
/** The page asked already: a prefetch arriving after it would only be a stale answer for a later visit. */
let asked = false;

export function prefetchSeckills(): void {
  if (!asked) early = loadSeckills();
}

export function takeSeckills(): Promise<Answer> {
  asked = true;
  const answer = early ?? loadSeckills();
  early = null;
  return answer;
}
