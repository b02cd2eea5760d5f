import type { TagColour } from '../../../machines/table';

/**
 * Order states as the consoles show them (docs/orders-api.md "Order states"): the state tabs, the
 * tag colour of each state, and which of the console's actions a row offers. The server decides
 * (its state table answers 422 otherwise); these only keep buttons away from rows they cannot apply to.
 */
export const ORDER_STATE = { cancelled: 0, unpaid: 1, paid: 2, shipped: 3, received: 4, afterSale: 5, completed: 6 } as const;

/** Tabs: '' = every state; the rest are order_status values, in the order a store works them. */
export const ORDER_TABS: { label: string; value: string }[] = [
  { label: 'page.orders.tab.all', value: '' },
  { label: 'page.orders.tab.unpaid', value: '1' },
  { label: 'page.orders.tab.paid', value: '2' },
  { label: 'page.orders.tab.shipped', value: '3' },
  { label: 'page.orders.tab.received', value: '4' },
  { label: 'page.orders.tab.afterSale', value: '5' },
  { label: 'page.orders.tab.completed', value: '6' },
  { label: 'page.orders.tab.cancelled', value: '0' },
];

const COLOURS: Record<number, TagColour> = { 0: 'slate', 1: 'red', 2: 'blue', 3: 'indigo', 4: 'teal', 5: 'violet', 6: 'green' };
export const statusColour = (status: unknown): TagColour => COLOURS[Number(status)] ?? 'slate';

/** A paid order waits for its waybill (store and operator). */
export const canShip = (row: { order_status?: unknown }) => Number(row.order_status) === ORDER_STATE.paid;
/** Only an unpaid order may be cancelled by the operator (stock goes back). */
export const canCancel = (row: { order_status?: unknown }) => Number(row.order_status) === ORDER_STATE.unpaid;

/** A waybill number as the server takes it: 4–30 letters, digits or dashes. */
export const WAYBILL = /^[A-Za-z0-9-]{4,30}$/;
