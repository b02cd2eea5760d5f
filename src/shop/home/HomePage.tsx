import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { localName } from '../../../machines/localName';
import { loadAdverts, loadHome, type Advert } from '../../api/shop';
import { useCommon } from '../layout/commonStore';
import { ShopLayout } from '../layout/ShopLayout';
import { findClass, leafIds, searchHref } from '../search/searchHref';
import { Carousel } from '../shared/Carousel';
import { GoodsGrid } from '../shared/GoodsCard';
import { Img } from '../shared/Img';
import { ClassMenu } from './ClassFlyout';
import { LoadFailed, Loading } from '../shared/States';
import { useResource } from '../shared/useResource';

export const BANNER = 'PC_首页幻灯片';
export const BANNER_ADS = 'PC_首页广告';
export const FLOOR_AD = 'PC_首页楼层';

function AdLink({ ad, width, height }: { ad: Advert; width: number; height: number }) {
  const img = <Img src={ad.image} alt={ad.name} width={width} height={height} />;
  if (!ad.url) return img;
  return /^(https?:)?\/\//i.test(ad.url) ? (
    <a href={ad.url} rel="noopener" className="focus-ring block">{img}</a>
  ) : (
    <Link href={ad.url} className="focus-ring block">{img}</Link>
  );
}

/** Home (screens §3.1): flyout + banner, 3 ads, one floor per top class with the floor ad between floors. */
export default function HomePage() {
  const intl = useIntl();
  const { data: common } = useCommon();
  const banner = useResource(`adv:${BANNER}`, () => loadAdverts(BANNER));
  const ads = useResource(`adv:${BANNER_ADS}`, () => loadAdverts(BANNER_ADS));
  const floorAds = useResource(`adv:${FLOOR_AD}`, () => loadAdverts(FLOOR_AD));
  const home = useResource('home', loadHome);
  const classes = common?.classes ?? [];
  const floorAd = floorAds.data ?? [];
  return (
    <ShopLayout classMenu={<ClassMenu />}>
      <h1 className="sr-only">{common?.common.web_name || 'Souk'}</h1>
      {/* the class list is pinned beside the banner by the nav row (wide screens); the banner keeps
          its adverts' 1920×450 ratio (nothing cut) and the three adverts fill the column under it */}
      <div className="lg:min-h-[450px] lg:pl-[208px]">
        <Carousel slides={banner.data ?? []} width={1920} height={450} label={intl.formatMessage({ id: 'shop.home.banner' })} />
        {(ads.status === 'loading' || !!ads.data?.length) && (
          <ul aria-label={intl.formatMessage({ id: 'shop.home.ads' })} className="mt-4 grid grid-cols-3 gap-2 sm:gap-4">
            {(ads.data ?? [null, null, null]).slice(0, 3).map((ad, i) => (
              <li key={ad?.id ?? -i} className="aspect-[39/20] bg-slate-100">
                {ad && <AdLink ad={ad} width={312} height={160} />}
              </li>
            ))}
          </ul>
        )}
      </div>
      {home.status === 'failed' ? (
        <LoadFailed onRetry={home.reload} />
      ) : !home.data ? (
        <Loading />
      ) : (
        home.data.goods.map((floor, i) => {
          const node = findClass(classes, floor.id);
          const floorName = localName(floor, intl.locale);
          const ad = floorAd.length ? floorAd[i % floorAd.length] : undefined;
          return (
            <div key={floor.id}>
              {i > 0 && ad && (
                <div className="mt-8">
                  <AdLink ad={ad} width={1200} height={100} />
                </div>
              )}
              <section aria-labelledby={`floor-${floor.id}`} className="mt-8">
                <div className="mb-3 flex items-center justify-between border-b-2 border-brand pb-2">
                  <h2 id={`floor-${floor.id}`} className="text-lg font-semibold text-slate-900">
                    {floorName}
                  </h2>
                  <Link
                    href={searchHref({ pid: floor.id, class_id: node ? leafIds(node) : [floor.id] })}
                    className="focus-ring rounded text-sm text-slate-700 underline underline-offset-2 hover:text-brand"
                  >
                    <FormattedMessage id="shop.home.more" />
                    <span className="sr-only"> {floorName}</span>
                  </Link>
                </div>
                <GoodsGrid goods={floor.goods} />
              </section>
            </div>
          );
        })
      )}
    </ShopLayout>
  );
}

