/** Page buttons of a pager: numbers and 'gap' markers, at most `slots` entries (Element UI style, 7). */
export type PagerItem = number | 'gap-left' | 'gap-right';

export function pagerItems(current: number, pages: number, slots = 7): PagerItem[] {
  if (pages <= slots) return Array.from({ length: pages }, (_, i) => i + 1);
  const side = Math.floor((slots - 3) / 2);
  const showLeftGap = current > side + 2;
  const showRightGap = current < pages - side - 1;
  if (!showLeftGap) return [...Array.from({ length: slots - 2 }, (_, i) => i + 1), 'gap-right', pages];
  if (!showRightGap) return [1, 'gap-left', ...Array.from({ length: slots - 2 }, (_, i) => pages - (slots - 3) + i)];
  return [1, 'gap-left', ...Array.from({ length: slots - 4 }, (_, i) => current - side + 1 + i), 'gap-right', pages];
}
