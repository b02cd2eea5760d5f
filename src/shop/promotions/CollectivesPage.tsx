import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { loadCollectives, type GroupOffer } from '../../api/promotions';
import { ShopLayout } from '../layout/ShopLayout';
import { Img } from '../shared/Img';
import { MarketPrice, Price } from '../shared/Price';
import { LoadFailed, Loading } from '../shared/States';
import { useResource } from '../shared/useResource';
import { GroupItem } from './GroupCards';

function OfferItem({ offer, eager }: { offer: GroupOffer; eager: boolean }) {
  return (
    <li>
      <Link href={`/goods/${offer.goods_id}`} className="focus-ring flex h-full flex-col gap-2 rounded border border-slate-200 bg-white p-3 hover:border-brand">
        <Img src={offer.goods_master_image} alt={offer.goods_name} width={400} height={400} eager={eager} />
        <span className="line-clamp-2 min-h-10 text-sm text-slate-900">{offer.goods_name}</span>
        <span className="flex items-baseline gap-2">
          <Price value={offer.group_price} className="text-lg font-bold text-brand" />
          <MarketPrice value={offer.goods_price} />
        </span>
        <span className="text-xs text-slate-600">
          <FormattedMessage id="shop.promo.offerLine" values={{ n: offer.need, hours: offer.fill_hours }} />
        </span>
      </Link>
    </li>
  );
}

/** /collectives (screens §3.12 without its bugs): open groups to join, then every group-buy offer. */
export default function CollectivesPage() {
  const page = useResource('collectives', loadCollectives);
  return (
    <ShopLayout>
      <h1 className="mb-3 text-xl font-semibold text-slate-900">
        <FormattedMessage id="shop.promo.collectivesTitle" />
      </h1>
      {page.status === 'failed' ? (
        <LoadFailed message={page.message} onRetry={page.reload} />
      ) : !page.data ? (
        <Loading />
      ) : (
        <div className="flex flex-col gap-6">
          <section aria-labelledby="open-groups">
            <h2 id="open-groups" className="mb-2 text-base font-semibold text-slate-900">
              <FormattedMessage id="shop.promo.openGroups" />
            </h2>
            {page.data.groups.length ? (
              <ul className="grid gap-3 lg:grid-cols-2">
                {page.data.groups.map((g) => (
                  <GroupItem key={g.id} group={g} />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">
                <FormattedMessage id="shop.promo.noGroups" />
              </p>
            )}
          </section>
          <section aria-labelledby="group-offers">
            <h2 id="group-offers" className="mb-2 text-base font-semibold text-slate-900">
              <FormattedMessage id="shop.promo.offers" />
            </h2>
            {page.data.offers.length ? (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
                {page.data.offers.map((o, i) => (
                  <OfferItem key={o.id} offer={o} eager={i < 2} />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">
                <FormattedMessage id="shop.promo.noOffers" />
              </p>
            )}
          </section>
        </div>
      )}
    </ShopLayout>
  );
}
