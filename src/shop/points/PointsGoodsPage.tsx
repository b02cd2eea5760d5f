import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { loadPointsGoods, type PointsGoodsDetail } from '../../api/points';
import { navigate } from '../../app/navigation';
import { clampQty } from '../../../machines/pointsCheckout';
import { Button } from '../../ui/Button';
import { ShopLayout } from '../layout/ShopLayout';
import { Breadcrumb } from '../shared/Breadcrumb';
import { Img } from '../shared/Img';
import { Missing } from '../shared/Missing';
import { thumb } from '../shared/money';
import { LoadFailed, Loading } from '../shared/States';
import { useResource } from '../shared/useResource';
import { Points } from './PointsCard';
import { usePageTitle } from './usePageTitle';

/** The PC part of a rich text (before the editor's JSON, when it is there). */
const htmlOf = (content: string) => (content ?? '').split('##qingwuit##')[0];

function Detail({ goods }: { goods: PointsGoodsDetail }) {
  const intl = useIntl();
  usePageTitle('shop.points.goodsTitle', { name: goods.goods_name });
  const images = goods.goods_images.length ? goods.goods_images : [goods.goods_master_image].filter(Boolean);
  const [shown, setShown] = useState(0);
  const [qty, setQty] = useState(1);
  const soldOut = goods.goods_stock < 1;
  const set = (n: number) => setQty(clampQty(n, goods.goods_stock));
  return (
    <>
      <Breadcrumb items={[{ href: '/integral', label: <FormattedMessage id="shop.points.title" /> }, { label: goods.goods_name }]} />
      <div className="flex flex-col gap-6 rounded border border-slate-200 bg-white p-4 md:flex-row">
        <div className="w-full md:w-[400px] md:shrink-0">
          <div className="overflow-hidden rounded border border-slate-200">
            <Img src={thumb(images[shown], 400)} alt={goods.goods_name} width={400} height={400} eager />
          </div>
          {images.length > 1 && (
            <ul className="mt-2 flex gap-2" aria-label={intl.formatMessage({ id: 'shop.points.images' })}>
              {images.map((image, i) => (
                <li key={image}>
                  <button type="button" onClick={() => setShown(i)} aria-pressed={i === shown} className={`focus-ring block w-14 rounded border ${i === shown ? 'border-brand' : 'border-slate-200'}`}>
                    <Img src={thumb(image, 150)} alt={intl.formatMessage({ id: 'shop.points.imageN' }, { n: i + 1 })} width={56} height={56} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <h1 className="text-xl font-semibold text-slate-900">{goods.goods_name}</h1>
          {goods.goods_subname && <p className="text-sm text-slate-600">{goods.goods_subname}</p>}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded bg-slate-50 p-3 text-sm">
            <dt className="text-slate-600">
              <FormattedMessage id="shop.points.price" />
            </dt>
            <dd>
              <Points value={goods.goods_price} className="text-2xl font-bold text-brand" />
            </dd>
            <dt className="text-slate-600">
              <FormattedMessage id="shop.points.marketPrice" />
            </dt>
            <dd className="text-slate-700">
              <s>¥{goods.goods_market_price}</s>
            </dd>
            <dt className="text-slate-600">
              <FormattedMessage id="shop.points.sales" />
            </dt>
            <dd className="text-slate-700">{goods.goods_sale}</dd>
            <dt className="text-slate-600">
              <FormattedMessage id="shop.points.stock" />
            </dt>
            <dd className="text-slate-700">{goods.goods_stock}</dd>
          </dl>
          <div className="flex items-center gap-2">
            <label htmlFor="points-qty" className="text-sm text-slate-700">
              <FormattedMessage id="shop.points.qty" />
            </label>
            <button type="button" onClick={() => set(qty - 1)} disabled={soldOut || qty <= 1} aria-label={intl.formatMessage({ id: 'shop.points.less' })} className="focus-ring h-9 w-9 rounded border border-slate-300 disabled:opacity-50">
              −
            </button>
            <input
              id="points-qty"
              type="number"
              inputMode="numeric"
              min={1}
              max={Math.max(1, Math.min(goods.goods_stock, 99))}
              value={qty}
              disabled={soldOut}
              onChange={(e) => set(Number(e.target.value))}
              className="h-9 w-16 rounded border border-slate-300 text-center"
            />
            <button type="button" onClick={() => set(qty + 1)} disabled={soldOut || qty >= goods.goods_stock} aria-label={intl.formatMessage({ id: 'shop.points.more1' })} className="focus-ring h-9 w-9 rounded border border-slate-300 disabled:opacity-50">
              +
            </button>
          </div>
          <div>
            <Button onClick={() => navigate(`/integral/order/${goods.id}/${qty}`)} disabled={soldOut} className="px-8">
              <FormattedMessage id={soldOut ? 'shop.points.soldOut' : 'shop.points.redeemNow'} />
            </Button>
          </div>
        </div>
      </div>
      <section aria-labelledby="points-detail" className="mt-6 rounded border border-slate-200 bg-white p-4">
        <h2 id="points-detail" className="mb-3 text-base font-semibold text-slate-900">
          <FormattedMessage id="shop.points.detail" />
        </h2>
        {htmlOf(goods.goods_content) ? (
          <div className="prose max-w-none text-sm" dangerouslySetInnerHTML={{ __html: htmlOf(goods.goods_content) }} />
        ) : (
          <p className="text-sm text-slate-600">
            <FormattedMessage id="shop.points.noDetail" />
          </p>
        )}
      </section>
    </>
  );
}

/** Points goods detail (/integral/goods/<id>, screens §3.15). */
export default function PointsGoodsPage({ params }: { params: { id?: string } }) {
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const goods = useResource(id ? `integral-goods:${id}` : null, () => loadPointsGoods(id));
  return (
    <ShopLayout>
      {!id || goods.status === 'missing' ? (
        <Missing title={<FormattedMessage id="shop.points.missing" />} />
      ) : goods.status === 'failed' ? (
        <LoadFailed message={goods.message} onRetry={goods.reload} />
      ) : goods.data ? (
        <Detail goods={goods.data} />
      ) : (
        <Loading />
      )}
      <p className="mt-4 text-sm">
        <Link href="/integral" className="focus-ring text-brand hover:underline">
          <FormattedMessage id="shop.points.back" />
        </Link>
      </p>
    </ShopLayout>
  );
}
