import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { groupBuyMachine } from '../../../machines/groupBuy.machine';
import { seatsLeft, type GroupView } from '../../../machines/groupBuy';
import { request } from '../../api/client';
import { loadGroup, type GoodsPromotions, type GroupCard, type SaleCard } from '../../api/promotions';
import { t } from '../../app/i18n';
import { toast } from '../../ui/toast';
import { Price } from '../shared/Price';
import { Countdown } from './Countdown';
import { Members } from './GroupCards';

/** What the Buy button sends with the line: a flash sale, or a group to open (-1) or join. */
export interface PromoChoice {
  seckillId?: number;
  collectiveId?: number;
}

const loadGroupView = fromPromise<GroupView, { groupId: number }>(async ({ input }) => {
  const result = await loadGroup(input.groupId);
  if (result.kind !== 'ok') throw { msg: 'msg' in result ? result.msg : '' };
  return { ...result.data, members: result.data.members ?? [] };
});

function FlashSale({ sale, onBuy, onChange }: { sale: SaleCard; onBuy: (choice: PromoChoice) => void; onChange: () => void }) {
  const intl = useIntl();
  const running = sale.state === 1;
  const seconds = running ? sale.ends_in : sale.starts_in;
  const label = intl.formatMessage({ id: running ? 'shop.promo.endsIn' : 'shop.promo.startsIn' });
  return (
    <section aria-labelledby="flash-sale" className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded bg-gradient-to-r from-red-600 to-orange-500 px-4 py-3 text-white" data-testid="flash-sale">
      <h2 id="flash-sale" className="text-sm font-semibold">
        <FormattedMessage id="shop.promo.flashPrice" />
      </h2>
      <Price value={sale.seckill_price} className="text-2xl font-bold" />
      <span className="rounded bg-white/20 px-1.5 text-xs">
        <FormattedMessage id="shop.promo.off" values={{ n: Number(sale.discount) }} />
      </span>
      <span className="flex items-center gap-2 text-sm">
        {label}
        {seconds > 0 && <Countdown key={`${sale.id}/${seconds}`} seconds={seconds} onFinished={onChange} label={label} className="rounded bg-black/30 px-1.5" />}
      </span>
      <span className="text-xs">
        <FormattedMessage id="shop.promo.unitsLeft" values={{ n: sale.stock }} />
      </span>
      <button
        type="button"
        disabled={!running || sale.stock <= 0}
        onClick={() => onBuy({ seckillId: sale.id })}
        className="focus-ring ml-auto rounded bg-white px-4 py-1.5 text-sm font-semibold text-brand hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-70"
      >
        <FormattedMessage id={running ? (sale.stock > 0 ? 'shop.promo.rush' : 'shop.promo.soldOut') : 'shop.promo.soon'} />
      </button>
    </section>
  );
}

function OpenGroup({ group, busy, onJoin }: { group: GroupCard; busy: boolean; onJoin: () => void }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'shop.promo.endsIn' });
  return (
    <li className="flex flex-wrap items-center gap-3 border-t border-slate-200 py-2 first:border-t-0">
      <Members members={group.members ?? []} need={group.need} />
      <span className="flex flex-col text-xs text-slate-700">
        <FormattedMessage id="shop.promo.seatsLeft" values={{ n: seatsLeft(group) }} />
        <span className="flex items-center gap-1">
          {label}
          {group.ends_in > 0 && <Countdown seconds={group.ends_in} label={label} />}
        </span>
      </span>
      <span className="ml-auto flex gap-2">
        <Link href={`/collectives/group/${group.id}`} className="focus-ring rounded border border-slate-300 px-3 py-1.5 text-sm hover:border-brand hover:text-brand">
          <FormattedMessage id="shop.promo.view" />
        </Link>
        {group.mine ? (
          <span className="rounded bg-green-50 px-3 py-1.5 text-sm text-green-800">
            <FormattedMessage id="shop.promo.inGroup" />
          </span>
        ) : (
          <button type="button" disabled={busy} onClick={onJoin} className="focus-ring rounded bg-brand px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-dark disabled:opacity-60">
            <FormattedMessage id="shop.promo.join" />
          </button>
        )}
      </span>
    </li>
  );
}

/**
 * The goods page's flash sale (price, countdown to start or end, the buy button) and group buy
 * (group price, open a group, the open groups with who is in and time left; groupBuy machine).
 * Fields come with the goods detail, so nothing moves in after the page shows; a countdown that
 * ends reloads them.
 */
export function GoodsPromotionsPanel({ goodsId, initial, onBuy }: { goodsId: number; initial: GoodsPromotions; onBuy: (choice: PromoChoice) => void }) {
  const [promos, setPromos] = useState(initial);
  const reload = () =>
    void request<{ seckill: SaleCard | null; collective: GoodsPromotions['collectives'] | null; groups: GroupCard[] }>(2, 'GET', `/goods/${goodsId}/promotions`, undefined, { quiet: true }).then((result) => {
      if (result.kind === 'ok') setPromos({ seckills: result.data.seckill ?? false, collectives: result.data.collective ?? false, collective_list: result.data.groups });
    });
  // the page may come from the server's document cache (seconds old): read the groups and timers afresh
  const hasAny = Boolean(initial.seckills || initial.collectives);
  useEffect(() => {
    if (hasAny) reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [goodsId, hasAny]);
  const buy = useRef(onBuy);
  buy.current = onBuy;
  // provided once: `provide` builds a new machine, which every render (a reload, a countdown's end) would pay
  const [machine] = useState(() =>
    groupBuyMachine.provide({
      actors: { loadGroup: loadGroupView },
      actions: {
        checkout: ({ self }, params) => {
          buy.current({ collectiveId: params.collectiveId });
          // still here (a spec to choose first): back to choosing
          queueMicrotask(() => self.send({ type: 'DISMISS' }));
        },
      },
    }),
  );
  const actor = useActorRef(machine, { input: { goodsId } });
  const phase = useSelector(actor, (s) => String(s.value));
  const error = useSelector(actor, (s) => s.context.error);
  const busy = phase === 'joining';
  const gone = phase === 'full' || phase === 'expired' || phase === 'filled';
  useEffect(() => {
    if (!gone) return;
    // the group changed meanwhile: say so and show the current groups
    toast.error(t('shop.promo.groupGone'));
    actor.send({ type: 'DISMISS' });
    reload();
  }, [gone, actor]);
  const sale = promos.seckills || null;
  const offer = promos.collectives || null;
  const groups = promos.collective_list ?? [];
  if (!sale && !offer) return null;
  return (
    <div className="flex flex-col gap-3">
      {sale && <FlashSale sale={sale} onBuy={onBuy} onChange={reload} />}
      {offer && (
        <section aria-labelledby="group-buy" className="rounded border border-red-200 bg-red-50/50 px-4 py-3 text-sm" data-testid="group-buy">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <h2 id="group-buy" className="font-semibold text-slate-900">
              <FormattedMessage id="shop.promo.groupPrice" />
            </h2>
            <Price value={offer.group_price} className="text-xl font-bold text-brand" />
            <span className="text-slate-700">
              <FormattedMessage id="shop.promo.offerLine" values={{ n: offer.need, hours: offer.fill_hours }} />
            </span>
            <button type="button" onClick={() => actor.send({ type: 'OPEN' })} className="focus-ring ml-auto rounded bg-brand px-4 py-1.5 font-medium text-white hover:bg-brand-dark">
              <FormattedMessage id="shop.promo.openGroup" />
            </button>
          </div>
          {error && (
            <p role="alert" className="mt-2 text-red-700">
              {error}
            </p>
          )}
          {groups.length > 0 && (
            <ul className="mt-2" aria-label={t('shop.promo.openGroups')}>
              {groups.map((g) => (
                <OpenGroup key={g.id} group={g} busy={busy} onJoin={() => actor.send({ type: 'JOIN', groupId: g.id })} />
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
