import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { Actor } from 'xstate';
import type { StoreGroup } from '../../../machines/checkout';
import type { checkoutMachine } from '../../../machines/checkout.machine';
import { couponPickerMachine } from '../../../machines/couponPicker.machine';
import { getInspect } from '../../app/inspectHook';

/**
 * Binds the coupon picker (machines/couponPicker.machine.ts) to the checkout machine: each preview
 * loads the picker, a choice asks the checkout to preview again with it (COUPONS.CHOOSE), and a
 * preview that fails while repricing puts the last priced choice back.
 */
export function useCouponPicker(checkout: Actor<typeof checkoutMachine>, groups: readonly StoreGroup[], phase: string, error: string | null) {
  const machine = useMemo(
    () => couponPickerMachine.provide({ actions: { choiceChanged: (_, { couponIds }) => checkout.send({ type: 'COUPONS.CHOOSE', couponIds }) } }),
    [checkout],
  );
  const picker = useActorRef(machine, { inspect: getInspect() });
  const stores = useSelector(picker, (s) => s.context.stores);
  const busy = useSelector(picker, (s) => s.matches('repricing'));
  const lastGroups = useRef<readonly StoreGroup[] | null>(null);

  useEffect(() => {
    if (groups.length === 0 || lastGroups.current === groups) return;
    lastGroups.current = groups;
    picker.send({ type: 'LOAD', stores: groups.map((g) => ({ storeId: g.storeId, options: g.coupons ?? [], chosen: g.couponId ?? 0 })) });
  }, [groups, picker]);

  useEffect(() => {
    if (phase === 'ready' && error && picker.getSnapshot().matches('repricing')) picker.send({ type: 'FAILED' });
  }, [phase, error, picker]);

  return { stores, busy, choose: (storeId: number, couponId: number) => picker.send({ type: 'CHOOSE', storeId, couponId }) };
}
