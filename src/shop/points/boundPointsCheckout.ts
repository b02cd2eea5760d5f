import { fromPromise } from 'xstate';
import { pointsCheckoutMachine, type RedeemInput } from '../../../machines/pointsCheckout.machine';
import type { PointsCheckoutData, Redeemed } from '../../../machines/pointsCheckout';
import { loadAddresses } from '../../api/addresses';
import { fetchUser } from '../../api/auth';
import { addressOf, newIdemKey } from '../../api/orders';
import { loadPointsGoods, redeemPoints } from '../../api/points';
import { go } from '../../app/navigation';
import { getSession, unwrap } from '../../app/sessionActors';
import { toCents } from '../shared/money';

const KEY_PREFIX = 'souk.points.';

/** One idempotency key per goods and quantity, kept until the redemption is made (a reload resends it). */
export function pointsKey(goodsId: number, qty: number): string {
  const name = `${KEY_PREFIX}${goodsId}.${qty}`;
  try {
    const stored = sessionStorage.getItem(name);
    if (stored) return stored;
    const key = newIdemKey();
    sessionStorage.setItem(name, key);
    return key;
  } catch {
    return newIdemKey();
  }
}

function forgetKey(goodsId: number, qty: number) {
  try {
    sessionStorage.removeItem(`${KEY_PREFIX}${goodsId}.${qty}`);
  } catch {
    /* storage unavailable */
  }
}

/** The points checkout bound to the API and the router: success opens the new order in the user centre. */
export const boundPointsCheckout = (goodsId: number, qty: number) =>
  pointsCheckoutMachine.provide({
    actors: {
      load: fromPromise<PointsCheckoutData, { goodsId: number }>(async ({ input }) => {
        const [goods, addresses, user] = await Promise.all([loadPointsGoods(input.goodsId), loadAddresses(), fetchUser(2, { quiet: true })]);
        const g = unwrap(goods);
        const rows = unwrap(addresses);
        return {
          goods: { id: g.id, name: g.goods_name, image: g.goods_master_image, pointsCents: toCents(g.goods_price), marketCents: toCents(g.goods_market_price), stock: g.goods_stock },
          addresses: (Array.isArray(rows) ? rows : []).map(addressOf),
          balanceCents: user.kind === 'ok' ? toCents(String(user.data.integral ?? '0')) : 0,
        };
      }),
      redeem: fromPromise<Redeemed, RedeemInput>(async ({ input }) => {
        const data = unwrap(await redeemPoints(input));
        return { orderId: data.order_id, orderNo: data.order_no };
      }),
    },
    actions: {
      goSuccess: (_, { orderId }) => {
        forgetKey(goodsId, qty);
        getSession(2).send({ type: 'USER.REFRESH' });
        go(`/user/integral_order/${orderId}?redeemed=1`, { replace: true });
      },
    },
  });
