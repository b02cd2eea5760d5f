import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { localName } from '../../../machines/localName';
import { loadGoods, type GoodsDetail } from '../../api/shop';
import { ShopLayout } from '../layout/ShopLayout';
import { findClass, leafIds, searchHref } from '../search/searchHref';
import { useCommon } from '../layout/commonStore';
import type { GoodsClass } from '../../api/common';
import { FavButton } from '../shared/FavButton';
import { pushHistory, type HistoryItem } from '../shared/history';
import { Img } from '../shared/Img';
import { thumb } from '../shared/money';
import { rowIdOf } from '../shared/params';
import { Price } from '../shared/Price';
import { Breadcrumb } from '../shared/Breadcrumb';
import { Missing } from '../shared/Missing';
import { LoadFailed, Loading } from '../shared/States';
import { SaleList, StoreCard } from '../shared/StoreCard';
import { useResource } from '../shared/useResource';
import { DetailTabs } from './DetailTabs';
import { Gallery, skuImageView, type GalleryView } from './Gallery';
import { Purchase } from './Purchase';

/**
 * The browsing history (the browser's: empty in the server's HTML, filled once mounted). Its own
 * state, so recording the visit re-renders this list, not the whole goods page.
 */
function Recent({ goods }: { goods: GoodsDetail }) {
  const [items, setItems] = useState<HistoryItem[]>([]);
  useEffect(() => {
    setItems(pushHistory({ id: goods.id, goods_name: goods.goods_name, goods_price: goods.goods_price, image: goods.goods_master_image }));
  }, [goods.id, goods.goods_name, goods.goods_price, goods.goods_master_image]);
  const others = items.filter((x) => x.id !== goods.id);
  if (!others.length) return null;
  return (
    <section aria-labelledby="recent" className="rounded border border-slate-200 bg-white p-4 text-sm">
      <h2 id="recent" className="mb-2 text-base font-semibold text-slate-900">
        <FormattedMessage id="shop.goods.recent" />
      </h2>
      <ul className="grid grid-cols-3 gap-2 lg:grid-cols-1">
        {others.map((item) => (
          <li key={item.id}>
            <Link href={`/goods/${item.id}`} className="focus-ring flex flex-col gap-1 rounded hover:text-brand lg:flex-row lg:items-center">
              <span className="w-full lg:w-14 lg:shrink-0">
                <Img src={thumb(item.image, 150)} alt={item.goods_name} width={150} height={150} />
              </span>
              <span className="min-w-0">
                <span className="line-clamp-2 text-slate-900">{item.goods_name}</span>
                <Price value={item.goods_price} className="text-xs text-brand" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Breadcrumb links: top / second / leaf class, each a search filtered by its leaves. */
function classTrail(goods: GoodsDetail, tree: GoodsClass[], locale: string) {
  const [leaf, parent, top] = goods.classList ?? [];
  if (!leaf || !parent || !top) return [];
  const leaves = (id: number) => {
    const node = findClass(tree, id);
    return node ? leafIds(node) : [id];
  };
  return [
    { label: localName(top, locale), href: searchHref({ pid: top.id, class_id: leaves(top.id) }) },
    { label: localName(parent, locale), href: searchHref({ pid: top.id, sid: parent.id, class_id: leaves(parent.id) }) },
    { label: localName(leaf, locale), href: searchHref({ pid: top.id, sid: parent.id, tid: leaf.id, class_id: [leaf.id] }) },
  ];
}

/** The class trail: reads the site data, so its refresh (the shopper's own part) re-renders only this. */
function GoodsBreadcrumb({ goods }: { goods: GoodsDetail }) {
  const { data: common } = useCommon();
  const { locale } = useIntl();
  return <Breadcrumb items={[...classTrail(goods, common?.classes ?? [], locale), { label: goods.goods_name }]} />;
}

/** The goods' brand, a link to the brand's goods. */
function BrandLine({ brand }: { brand: NonNullable<GoodsDetail['brand']> }) {
  const { locale } = useIntl();
  const link = (
    <Link href={searchHref({ brand_id: brand.id })} className="focus-ring rounded underline-offset-2 hover:text-brand hover:underline">
      {localName(brand, locale)}
    </Link>
  );
  return (
    <p className="mt-1 text-sm text-slate-700">
      <FormattedMessage id="shop.goods.brand" values={{ brand: link }} />
    </p>
  );
}

function Detail({ goods }: { goods: GoodsDetail }) {
  const images = useMemo(
    () => (goods.goods_images?.length ? goods.goods_images : goods.goods_master_image ? [goods.goods_master_image] : []),
    [goods.goods_images, goods.goods_master_image],
  );
  // a thumbnail chosen, or the image of the SKU just chosen (a thumbnail chosen afterwards wins)
  const [view, setView] = useState<GalleryView>({ index: 0 });
  const showSkuImage = useCallback((image: string) => setView((current) => skuImageView(images, image, current)), [images]);
  return (
    <>
      <GoodsBreadcrumb goods={goods} />
      <div className="flex flex-col gap-6 sm:flex-row">
        <Gallery name={goods.goods_name} images={images} main={goods.goods_images_thumb_400} small={goods.goods_images_thumb_150} view={view} onView={setView} />
        <div className="min-w-0 flex-1">
          <div className="mb-4 flex items-start justify-between gap-3">
            <div>
              <h1 className="text-xl font-semibold text-slate-900">{goods.goods_name}</h1>
              {goods.goods_subname && <p className="mt-1 text-sm text-brand">{goods.goods_subname}</p>}
              {goods.brand && <BrandLine brand={goods.brand} />}
            </div>
            <FavButton isType={0} outId={goods.id} className="shrink-0" />
          </div>
          <Purchase key={goods.id} goods={goods} onSkuImage={showSkuImage} />
        </div>
      </div>
      <div className="mt-8 flex flex-col gap-6 lg:flex-row">
        <aside className="flex flex-col gap-4 lg:w-[240px] lg:shrink-0">
          {goods.store_info && (
            <StoreCard
              store={goods.store_info}
              rate={goods.rate}
              suggestion={{ content_type: 'goods', content: String(goods.id), card: { id: goods.id, name: goods.goods_name, image: goods.goods_master_image, price: goods.goods_price }, label: goods.goods_name }}
            />
          )}
          <SaleList goods={goods.sale_list} />
          <Recent goods={goods} />
        </aside>
        <div className="min-w-0 flex-1">
          <DetailTabs goods={goods} />
        </div>
      </div>
    </>
  );
}

/** Goods detail (screens §3.6); unknown or hidden goods get a friendly not-found state. */
export default function GoodsPage() {
  const { id } = useParams<{ id: string }>();
  // an id no goods can have (text, 0, beyond the id column) is an unknown goods, not a bad request
  const goodsId = rowIdOf(id);
  const goods = useResource(goodsId ? `goods:${goodsId}` : null, () => loadGoods(goodsId));
  return (
    <ShopLayout>
      {!goodsId || goods.status === 'missing' ? (
        <Missing title={<FormattedMessage id="shop.goods.missing" />} />
      ) : goods.status === 'failed' ? (
        <LoadFailed message={goods.message} onRetry={goods.reload} />
      ) : !goods.data || goods.data.id !== goodsId ? (
        <Loading />
      ) : (
        <Detail key={goods.data.id} goods={goods.data} />
      )}
    </ShopLayout>
  );
}
