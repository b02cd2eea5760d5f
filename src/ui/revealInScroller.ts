/**
 * Scrolls a horizontal scroller (a row of tabs) just enough that `item` is wholly in view, without
 * moving the page vertically (scrollIntoView would). The selected order tab scrolled out of view
 * at 390 px (issue 12).
 */
export function revealInScroller(scroller: HTMLElement, item: HTMLElement): void {
  const outer = scroller.getBoundingClientRect();
  const inner = item.getBoundingClientRect();
  if (inner.left < outer.left) scroller.scrollLeft -= outer.left - inner.left;
  else if (inner.right > outer.right) scroller.scrollLeft += inner.right - outer.right;
}
