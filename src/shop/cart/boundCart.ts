import { fromPromise } from 'xstate';
import { cartMachine, type RemoveLinesInput, type UpdateQtyInput } from '../../../machines/cart.machine';
import type { CartStore, CheckoutLine } from '../../../machines/cart';
import { cartStoresOf, loadCarts, removeCartLines, updateCartQty } from '../../api/cart';
import { go } from '../../app/navigation';
import { unwrap } from '../../app/sessionActors';
import { refreshCartCount } from '../layout/commonStore';

/** `{order:[{goods_id, sku_id, buy_num, cart_id}], ifcart:1}` as the checkout page reads it (screens §3.8). */
export function checkoutPayload(lines: readonly CheckoutLine[]) {
  return { order: lines.map((line) => ({ goods_id: line.goodsId, sku_id: line.skuId, buy_num: line.qty, cart_id: line.cartId })), ifcart: 1 };
}

/** `/order/before/<base64(JSON)>` (standard alphabet, URI-encoded in the path; the JSON is ASCII). */
export const checkoutPath = (lines: readonly CheckoutLine[]) =>
  `/order/before/${encodeURIComponent(btoa(JSON.stringify(checkoutPayload(lines))))}`;

/** The cart machine bound to the shopper API, the router and the header's cart count. */
export const boundCartMachine = cartMachine.provide({
  actors: {
    fetchCart: fromPromise<CartStore[]>(async () => {
      const answer = unwrap(await loadCarts());
      return cartStoresOf(Array.isArray(answer) ? answer : (answer?.data ?? []));
    }),
    updateQty: fromPromise<unknown, UpdateQtyInput>(async ({ input }) => unwrap(await updateCartQty(input.cartId, input.qty))),
    removeLines: fromPromise<unknown, RemoveLinesInput>(async ({ input }) => unwrap(await removeCartLines(input.cartIds))),
  },
  actions: {
    goCheckout: (_, { lines }) => go(checkoutPath(lines)),
    cartChanged: () => void refreshCartCount(),
  },
});
