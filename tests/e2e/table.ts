import type { Page } from 'playwright-core';

/** Locators of the back office's generic table page, shared by the e2e files. */
export const grid = (page: Page) => page.getByRole('table');
/** Data rows (the header row is in the first rowgroup). */
export const dataRows = (page: Page) => grid(page).getByRole('rowgroup').nth(1).getByRole('row');
/** Every line of the table, rendered or not (the grid is virtualised): aria-rowcount minus the header. */
export const lineCount = async (page: Page) => Number(await grid(page).getAttribute('aria-rowcount')) - 1;
export const rowOf = (page: Page, text: string) => dataRows(page).filter({ hasText: text });
export const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Table actions' });
export const dialog = (page: Page) => page.getByRole('dialog');
