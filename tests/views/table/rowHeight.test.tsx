import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_ROW_HEIGHT, ROW_HEIGHT } from '../../../src/backoffice/table/Grid';
import type { PageConfig } from '../../../src/backoffice/table/types';
import { resetApp } from '../helpers';
import { API, bodyRows, couriers, listAnswer, mountTable } from './setup';

const translateY = (row: HTMLElement) => Number(/translateY\((\d+(?:\.\d+)?)px\)/.exec(row.style.transform)?.[1]);

/**
 * Issue 15: rows had a fixed height, so an 18-tag spec row hid its third line of tags and half of
 * its Edit / Delete buttons. Rows now grow to fit (measured by the virtualiser) and a tag cell
 * past 12 tags shows "+N".
 */
describe('rows grow to fit their content', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    resetApp('/');
  });

  it('a row is placed after the measured height of the rows above it, and has no fixed height', async () => {
    // The first row is drawn 130 px tall (three lines of tags); the others measure nothing.
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.getAttribute('role') === 'row' && this.dataset.index === '0' ? 130 : 0;
    });
    const config: PageConfig = {
      columns: [
        { label: 'page.expresses.name', value: 'name' },
        { label: 'page.expresses.code', value: 'code', type: 'tags_array' },
      ],
    };
    mountTable(config, { [`GET ${API}`]: listAnswer(couriers(1, 3)) });
    await screen.findByText('courier 1');
    const rows = bodyRows();
    for (const row of rows) {
      expect(row.style.height).toBe('');
      expect(row.style.minHeight).toBe(`${ROW_HEIGHT}px`);
    }
    await waitFor(() => expect(translateY(bodyRows()[1])).toBe(130));
    // Unmeasured rows (0) keep the estimate.
    expect(translateY(bodyRows()[2])).toBe(130 + ROW_HEIGHT);
  });

  it('shows up to 12 tags, then "+N" naming the rest on hover; the cell is not cut to one line', async () => {
    const tags = Array.from({ length: 18 }, (_, i) => `值${i + 1}`);
    const config: PageConfig = {
      columns: [
        { label: 'page.expresses.name', value: 'name' },
        { label: 'page.expresses.code', value: 'code', type: 'tags_array' },
        { label: 'page.goodsBrands.thumb', value: 'thumb', type: 'image' },
      ],
    };
    mountTable(config, { [`GET ${API}`]: listAnswer([{ id: 1, name: 'courier 1', code: tags, thumb: '' }]) });
    await screen.findByText('courier 1');
    const row = bodyRows()[0];
    expect(row.style.minHeight).toBe(`${IMAGE_ROW_HEIGHT}px`);
    const cell = within(row).getByText('值1').closest('[role="cell"]') as HTMLElement;
    expect(within(cell).getByText('值11')).toBeTruthy();
    expect(within(cell).queryByText('值12')).toBeNull();
    const more = within(cell).getByText('+7');
    expect(more.getAttribute('title')).toBe(tags.slice(11).join(', '));
    expect(cell.children[0].className).not.toContain('truncate');
  });
});
