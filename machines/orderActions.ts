/**
 * What a buyer may do with an order in each state (docs/orders-api.md "Order states"): pay or
 * cancel an order awaiting payment, confirm receipt of a shipped one. The server decides in the
 * end (a 422 names the current state); the pages only offer what this table allows.
 */
export const ORDER_STATUS = { cancelled: 0, unpaid: 1, paid: 2, shipped: 3, received: 4, afterSale: 5, completed: 6 } as const;

/** The tabs of /user/orders, in order: all (-1), then by state. */
export const ORDER_TABS = [-1, 1, 2, 3, 4, 5, 6, 0] as const;

export type BuyerAction = 'cancel' | 'receive';

/** The state an action moves the order to (PUT /api/user/order/{id} `order_status`). */
export const TARGET_STATUS: Record<BuyerAction, number> = { cancel: ORDER_STATUS.cancelled, receive: ORDER_STATUS.received };

export interface BuyerActions {
  pay: boolean;
  cancel: boolean;
  receive: boolean;
}

export function buyerActionsOf(status: number): BuyerActions {
  return { pay: status === ORDER_STATUS.unpaid, cancel: status === ORDER_STATUS.unpaid, receive: status === ORDER_STATUS.shipped };
}

export const allows = (action: BuyerAction, status: number) => buyerActionsOf(status)[action];
