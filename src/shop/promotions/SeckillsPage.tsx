import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { SaleCard } from '../../api/promotions';
import { ShopLayout } from '../layout/ShopLayout';
import { Img } from '../shared/Img';
import { MarketPrice, Price } from '../shared/Price';
import { LoadFailed, Loading } from '../shared/States';
import { useResource } from '../shared/useResource';
import { Countdown } from './Countdown';
import { takeSeckills } from './seckillsData';
import { defaultSession, sessionsOf, soldPercent, type Session } from './sessions';

function SaleItem({ sale, eager }: { sale: SaleCard; eager: boolean }) {
  const percent = soldPercent(sale);
  return (
    <li className="flex flex-col rounded border border-slate-200 bg-white">
      <Link href={`/goods/${sale.goods_id}`} className="focus-ring flex flex-1 flex-col gap-2 rounded p-3 hover:border-brand">
        <Img src={sale.goods_master_image} alt={sale.goods_name} width={400} height={400} eager={eager} />
        <span className="line-clamp-2 min-h-10 text-sm text-slate-900">{sale.goods_name}</span>
        <span className="flex items-baseline gap-2">
          <Price value={sale.seckill_price} className="text-lg font-bold text-brand" />
          <MarketPrice value={sale.goods_price} />
        </span>
        <span className="flex items-center gap-2 text-xs text-slate-600">
          <span className="h-1.5 flex-1 rounded bg-slate-200" aria-hidden="true">
            <span className="block h-1.5 rounded bg-brand" style={{ width: `${percent}%` }} />
          </span>
          <FormattedMessage id="shop.promo.soldPercent" values={{ n: percent }} />
        </span>
        <span className={`mt-auto rounded px-3 py-1.5 text-center text-sm font-medium ${sale.state === 1 && sale.stock > 0 ? 'bg-brand text-white' : 'bg-slate-100 text-slate-700'}`}>
          <FormattedMessage id={sale.state === 0 ? 'shop.promo.soon' : sale.state === 1 ? (sale.stock > 0 ? 'shop.promo.rush' : 'shop.promo.soldOut') : 'shop.promo.ended'} />
        </span>
      </Link>
    </li>
  );
}

function SessionTabs({ sessions, current, onPick }: { sessions: Session[]; current: string; onPick: (key: string) => void }) {
  return (
    <div role="tablist" aria-label={useIntl().formatMessage({ id: 'shop.promo.sessions' })} className="flex gap-1 overflow-x-auto rounded bg-slate-900 p-1">
      {sessions.map((s) => (
        <button
          key={s.key}
          type="button"
          role="tab"
          id={`session-${s.key}`}
          aria-selected={s.key === current}
          aria-controls="session-panel"
          onClick={() => onPick(s.key)}
          className={`focus-ring flex min-w-24 flex-col items-center rounded px-3 py-1.5 text-white ${s.key === current ? 'bg-brand' : 'hover:bg-slate-700'}`}
        >
          <span className="text-base font-semibold tabular-nums">{s.label}</span>
          <span className="text-xs">
            <FormattedMessage id={`shop.promo.session.${s.state}`} />
          </span>
        </button>
      ))}
    </div>
  );
}

function Sessions({ list, now, reload }: { list: SaleCard[]; now: string; reload: () => void }) {
  const intl = useIntl();
  const sessions = useMemo(() => sessionsOf(list, now), [list, now]);
  const [picked, setPicked] = useState<string | null>(null);
  const current = sessions.find((s) => s.key === picked) ?? sessions.find((s) => s.key === defaultSession(sessions));
  if (!current) {
    return (
      <p className="py-16 text-center text-sm text-slate-600">
        <FormattedMessage id="shop.promo.noSales" />
      </p>
    );
  }
  const timerLabel = intl.formatMessage({ id: current.state === 'upcoming' ? 'shop.promo.startsIn' : 'shop.promo.endsIn' });
  return (
    <>
      <SessionTabs sessions={sessions} current={current.key} onPick={setPicked} />
      <div id="session-panel" role="tabpanel" aria-labelledby={`session-${current.key}`} className="mt-4">
        <p className="mb-3 flex h-8 items-center gap-2 text-sm text-slate-700" data-testid="session-timer">
          {current.state !== 'ended' && current.seconds > 0 ? (
            <>
              <span>{timerLabel}</span>
              <Countdown key={`${current.key}/${current.seconds}`} seconds={current.seconds} onFinished={reload} label={timerLabel} className="rounded bg-slate-900 px-2 py-1 text-white" />
            </>
          ) : (
            <FormattedMessage id="shop.promo.sessionEnded" />
          )}
        </p>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {current.sales.map((sale, i) => (
            <SaleItem key={sale.id} sale={sale} eager={i < 2} />
          ))}
        </ul>
      </div>
    </>
  );
}

/** /seckills (screens §3.11 without its bugs): today's flash sales by session, with a live countdown to start or end. */
export default function SeckillsPage() {
  const sales = useResource('seckills', takeSeckills);
  return (
    <ShopLayout>
      <h1 className="mb-3 text-xl font-semibold text-slate-900">
        <FormattedMessage id="shop.promo.seckillsTitle" />
      </h1>
      {sales.status === 'failed' ? (
        <LoadFailed message={sales.message} onRetry={sales.reload} />
      ) : !sales.data ? (
        <Loading />
      ) : (
        <Sessions list={sales.data.list} now={sales.data.now} reload={sales.reload} />
      )}
    </ShopLayout>
  );
}
