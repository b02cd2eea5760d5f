import { loadSeckills } from '../../api/promotions';

type Answer = Awaited<ReturnType<typeof loadSeckills>>;

/**
 * Today's flash sales, asked for while the /seckills page's code is still loading (App.tsx starts
 * it with the chunk), so the first cards — the page's largest paint — do not wait for both in turn.
 * The page takes that answer once; any later load asks again.
 */
let early: Promise<Answer> | null = null;

export function prefetchSeckills(): void {
  early = loadSeckills();
}

export function takeSeckills(): Promise<Answer> {
  const answer = early ?? loadSeckills();
  early = null;
  return answer;
}
