import { fromPromise } from 'xstate';
import { checkoutMachine, type CreateOrdersInput, type PreviewInput } from '../../../machines/checkout.machine';
import type { CheckoutAddress, CreatedOrders, StoreGroup } from '../../../machines/checkout';
import { loadAddresses } from '../../api/addresses';
import { addressOf, createOrder, createdOf, newIdemKey, previewGroupsOf, previewOrder } from '../../api/orders';
import { go } from '../../app/navigation';
import { unwrap } from '../../app/sessionActors';
import { refreshCartCount } from '../layout/commonStore';
import { payPath } from './paths';

const KEY_PREFIX = 'souk.checkout.';

/**
 * The idempotency key of this checkout (one per `params`), kept in sessionStorage until the orders
 * are created: reloading the page after a create that got no answer sends the same key again, so
 * the server answers the orders it may already have made instead of making them twice.
 */
export function checkoutKey(params: string): string {
  try {
    const stored = sessionStorage.getItem(KEY_PREFIX + params);
    if (stored) return stored;
    const key = newIdemKey();
    sessionStorage.setItem(KEY_PREFIX + params, key);
    return key;
  } catch {
    return newIdemKey();
  }
}

function forgetKey(params: string) {
  try {
    sessionStorage.removeItem(KEY_PREFIX + params);
  } catch {
    /* storage unavailable: nothing kept */
  }
}

/** The checkout machine bound to the shopper API and the router; `params` names the checkout for its key. */
export const boundCheckoutMachine = (params: string) =>
  checkoutMachine.provide({
    actors: {
      fetchAddresses: fromPromise<CheckoutAddress[]>(async () => {
        const rows = unwrap(await loadAddresses());
        return (Array.isArray(rows) ? rows : []).map(addressOf);
      }),
      fetchPreview: fromPromise<StoreGroup[], PreviewInput>(async ({ input }) =>
        previewGroupsOf(unwrap(await previewOrder(input.params, input.addressId, input.couponIds)) ?? []),
      ),
      createOrders: fromPromise<CreatedOrders, CreateOrdersInput>(async ({ input }) => createdOf(unwrap(await createOrder(input)))),
    },
    actions: {
      goPay: (_, { orderIds }) => {
        forgetKey(params);
        void refreshCartCount();
        go(payPath(orderIds), { replace: true });
      },
    },
  });
