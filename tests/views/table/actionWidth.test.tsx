import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionColumnFit, actionColumnPx } from '../../../src/backoffice/table/Grid';
import type { PageConfig } from '../../../src/backoffice/table/types';
import { expressesPage } from '../../../src/backoffice/views/Admin/exts/expresses';
import { resetApp } from '../helpers';
import { API, couriers, listAnswer, mountTable } from './setup';

/**
 * The action column is as wide as the widest row's buttons, measured (QA 2026-11-25: fixed
 * guesses of 260–330 px held 94–160 px of buttons in Chinese, and "Adjust funds" wrapped in English).
 */
describe('action column width', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    resetApp('/');
  });

  it('adds the widths of the buttons of a line (two a line, more wrap), the gap and the cell padding; at least the header', () => {
    expect(actionColumnPx([30, 30, 60, 30], 28, [[true, true, true, true]])).toBe(60 + 30 + 4 + 16 + 2);
    expect(actionColumnPx([30, 30, 60, 30], 28, [[true, false, false, true], [false, true, true, false]])).toBe(30 + 60 + 4 + 18);
    expect(actionColumnPx([30, 30, 60], 28, [[true, true, true]])).toBe(30 + 30 + 4 + 18);
    expect(actionColumnPx([30], 28, [])).toBe(28 + 18);
    expect(actionColumnPx([30, 30], 80, [[true, true]])).toBe(80 + 18);
  });

  it('puts one button a line when two a line would leave the other columns less than half the room they want past their least widths', () => {
    const widths = [61, 101];
    const shown = [[true, true]];
    const two = actionColumnPx(widths, 55, shown);
    const one = actionColumnPx(widths, 55, shown, 1);
    expect(two).toBe(61 + 101 + 4 + 18);
    expect(one).toBe(101 + 18);
    // room unknown (nothing laid out): two a line
    expect(actionColumnFit(widths, 55, shown, 0, 800, 1400)).toBe(two);
    // room to spare: two a line
    expect(actionColumnFit(widths, 55, shown, 1004, 600, 700)).toBe(two);
    // the admin orders page at 1280 px: columns of 809 px least, 1374 px wanted
    expect(actionColumnFit(widths, 55, shown, 1004, 809, 1374)).toBe(one);
    // one a line is never wider than two a line
    expect(actionColumnFit([30], 55, [[true]], 300, 800, 1400)).toBe(actionColumnPx([30], 55, [[true]]));
  });

  it('sizes the column from the captions as drawn, for the rows loaded (a hidden action counts only where shown)', async () => {
    // 10 px per character for the measuring strip's captions (happy-dom lays nothing out).
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const inStrip = this.parentElement?.getAttribute('aria-hidden') === 'true';
      const width = inStrip ? (this.textContent ?? '').length * 10 : 0;
      return { width, height: 0, x: 0, y: 0, top: 0, left: 0, right: width, bottom: 0, toJSON: () => ({}) } as DOMRect;
    });
    const config: PageConfig = {
      ...expressesPage,
      rowActions: [
        { label: 'page.users.adjust', onClick: () => undefined, show: (row) => Number(row.id) === 2 },
        { label: 'page.stores.approve', onClick: () => undefined },
      ],
    };
    mountTable(config, { [`GET ${API}`]: listAnswer(couriers(1, 3)) });
    await screen.findByText('courier 1');
    const header = screen.getAllByRole('row')[0];
    // 查看 编辑 | 资金调整 通过 | 删除: the widest line 40 + 20 and a gap of 4, padding 16 + 2
    await waitFor(() => expect(header.style.gridTemplateColumns.split(' ').at(-1)).toBe(`${40 + 20 + 4 + 18}px`));
  });
});
