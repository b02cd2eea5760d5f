import { createElement } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Column } from '../../../table/types';

/** "Level 1 10.50 % / level 2 5.00 % / level 3 1.00 %" — the three rates in one cell. */
export const ratesColumn: Column = {
  label: 'page.distributions.rates',
  value: 'lev_1',
  type: 'custom',
  width: 300,
  render: (row) => createElement(FormattedMessage, { id: 'page.distributions.ratesText', values: { a: String(row.lev_1), b: String(row.lev_2), c: String(row.lev_3) } }),
};
