import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { fromPromise } from 'xstate';
import { groupBuyMachine } from '../../../machines/groupBuy.machine';
import { seatsLeft, type GroupView } from '../../../machines/groupBuy';
import { loadGroup, type GroupCard } from '../../api/promotions';
import { ShopLayout } from '../layout/ShopLayout';
import { Img } from '../shared/Img';
import { MarketPrice, Price } from '../shared/Price';
import { Missing } from '../shared/Missing';
import { rowIdOf } from '../shared/params';
import { LoadFailed, Loading } from '../shared/States';
import { Countdown } from './Countdown';
import { Members } from './GroupCards';

const watcher = groupBuyMachine.provide({
  actors: {
    loadGroup: fromPromise<GroupView, { groupId: number }>(async ({ input }) => {
      const result = await loadGroup(input.groupId);
      if (result.kind !== 'ok') throw { msg: 'msg' in result ? result.msg : '' };
      return { ...result.data, members: result.data.members ?? [] };
    }),
  },
});

function Status({ state, group, onTimeout }: { state: string; group: GroupCard; onTimeout: () => void }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'shop.promo.endsIn' });
  if (state === 'filled')
    return (
      <p role="status" className="rounded bg-green-50 px-3 py-2 font-medium text-green-800" data-testid="group-status">
        <FormattedMessage id="shop.promo.filled" />
      </p>
    );
  if (state === 'expired')
    return (
      <p role="status" className="rounded bg-slate-100 px-3 py-2 font-medium text-slate-800" data-testid="group-status">
        <FormattedMessage id="shop.promo.expired" />
      </p>
    );
  return (
    <p role="status" className="flex flex-wrap items-center gap-2 rounded bg-red-50 px-3 py-2 text-slate-800" data-testid="group-status">
      <FormattedMessage id={group.joined >= group.need ? 'shop.promo.waitingPay' : 'shop.promo.waitingPeople'} values={{ n: seatsLeft(group) }} />
      <span className="flex items-center gap-1 text-sm">
        {label}
        {group.ends_in > 0 && <Countdown key={group.ends_in} seconds={group.ends_in} onFinished={onTimeout} label={label} />}
      </span>
    </p>
  );
}

/** /collectives/group/:id: one group with its members and time left, watched until it fills or expires (groupBuy machine). */
export default function GroupPage() {
  const { id } = useParams<{ id: string }>();
  const groupId = rowIdOf(id);
  const actor = useActorRef(watcher, { input: { goodsId: 0, groupId: groupId ?? undefined } });
  const state = useSelector(actor, (s) => String(s.value));
  const group = useSelector(actor, (s) => s.context.group) as GroupCard | null;
  const error = useSelector(actor, (s) => s.context.error);
  useEffect(() => {
    if (groupId) actor.send({ type: 'WATCH', groupId });
  }, [actor, groupId]);
  return (
    <ShopLayout>
      {!groupId ? (
        <Missing title={<FormattedMessage id="shop.promo.groupMissing" />} />
      ) : state === 'failed' && !group ? (
        <LoadFailed message={error ?? undefined} onRetry={() => actor.send({ type: 'REFRESH' })} />
      ) : !group ? (
        <Loading />
      ) : (
        <article className="mx-auto flex max-w-3xl flex-col gap-4 rounded border border-slate-200 bg-white p-4">
          <h1 className="text-lg font-semibold text-slate-900">
            <FormattedMessage id="shop.promo.groupTitle" values={{ n: group.need }} />
          </h1>
          <div className="flex gap-3">
            <span className="w-24 shrink-0">
              <Img src={group.goods_master_image} alt={group.goods_name} width={400} height={400} eager />
            </span>
            <div className="flex min-w-0 flex-col gap-1 text-sm">
              <Link href={`/goods/${group.goods_id}`} className="focus-ring text-base text-slate-900 hover:text-brand">
                {group.goods_name}
              </Link>
              <span className="flex items-baseline gap-2">
                <FormattedMessage id="shop.promo.groupPrice" />
                <Price value={group.group_price} className="text-lg font-bold text-brand" />
                <MarketPrice value={group.goods_price} />
              </span>
            </div>
          </div>
          <Status state={state} group={group} onTimeout={() => actor.send({ type: 'TIMEOUT' })} />
          <Members members={group.members ?? []} need={group.need} />
          {state === 'waiting' && group.mine && (
            <p className="self-start rounded bg-green-50 px-4 py-2 text-sm text-green-800">
              <FormattedMessage id="shop.promo.inGroup" />
            </p>
          )}
          {state === 'waiting' && !group.mine && group.joined < group.need && (
            <Link href={`/goods/${group.goods_id}`} className="focus-ring self-start rounded bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark">
              <FormattedMessage id="shop.promo.joinOnGoods" />
            </Link>
          )}
        </article>
      )}
    </ShopLayout>
  );
}
