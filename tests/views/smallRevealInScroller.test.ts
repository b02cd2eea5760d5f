import { describe, expect, it } from 'vitest';
import { revealInScroller } from '../../src/ui/revealInScroller';

/** Issue 12: the selected order tab scrolled out of view at 390 px; the row scrolls just enough to show it. */
const box = (left: number, right: number) => ({ left, right, top: 0, bottom: 40, width: right - left, height: 40, x: left, y: 0, toJSON: () => ({}) }) as DOMRect;

function row(scrollLeft: number, item: [number, number]) {
  const scroller = document.createElement('div');
  const tab = document.createElement('button');
  scroller.append(tab);
  scroller.getBoundingClientRect = () => box(0, 390);
  tab.getBoundingClientRect = () => box(item[0] - scrollLeft, item[1] - scrollLeft);
  let left = scrollLeft;
  Object.defineProperty(scroller, 'scrollLeft', { get: () => left, set: (v: number) => (left = v) });
  return { scroller, tab, left: () => left };
}

describe('revealInScroller', () => {
  it('scrolls right to a tab past the right edge, left to one before the left edge, not at all for one in view', () => {
    const right = row(0, [420, 500]);
    revealInScroller(right.scroller, right.tab);
    expect(right.left()).toBe(110);
    const leftward = row(300, [40, 120]);
    revealInScroller(leftward.scroller, leftward.tab);
    expect(leftward.left()).toBe(40);
    const seen = row(0, [100, 180]);
    revealInScroller(seen.scroller, seen.tab);
    expect(seen.left()).toBe(0);
  });
});
