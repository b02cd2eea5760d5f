import { sql } from 'drizzle-orm';
import type { Tx } from '../../client';
import { toCents } from '../../money';
import type { FreightTemplate } from '../../../modules/orders/freight';
import { thumbUrl } from '../../../modules/catalogue/images';
import { upperBound, type Random } from './random';
import { rowsOf } from './rows';

/**
 * What bulk shoppers can buy: the visible goods of every bulk run (`goods_no` BN…) in open stores,
 * oldest first, with their SKUs, stores and the stores' default freight templates. A goods sells
 * in proportion to its sales figure (a long tail), and only once it exists.
 */
export interface Ware {
  id: number;
  storeId: number;
  name: string;
  image: string;
  priceCents: number;
  /** Hundredths of a kg. */
  weight: number;
  freightId: number;
  createdMs: number;
  skus: { id: number; name: string; priceCents: number; image: string }[];
}
export interface MarketStore { id: number; ownerId: number; ownerName: string; templates: FreightTemplate[]; wares: Ware[]; wareTimes: number[] }

export interface Market {
  wares: Ware[];
  stores: Map<number, MarketStore>;
  /** Cumulative popularity of `wares` and their creation times (both in `wares` order). */
  cumulative: Float64Array;
  times: number[];
}

const ms = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}Z`);

export async function loadMarket(tx: Tx): Promise<Market> {
  const goodsRows = rowsOf<{ id: number; store_id: number; goods_name: string; goods_master_image: string; goods_price: string; goods_weight: string; freight_id: number; goods_sale: number; created: string }>(
    await tx.execute(sql`select g.id, g.store_id, g.goods_name, g.goods_master_image, g.goods_price, g.goods_weight, g.freight_id, g.goods_sale,
        to_char(g.created_at, 'YYYY-MM-DD HH24:MI:SS') as created
      from goods g join stores s on s.id = g.store_id
      where g.goods_no like 'BN%' and g.goods_status = 1 and g.goods_verify = 1 and g.deleted_at is null
        and s.store_status = 1 and s.store_verify = 4 and s.deleted_at is null
      order by g.created_at, g.id`),
  );
  const skuRows = rowsOf<{ id: number; goods_id: number; sku_name: string; goods_price: string; goods_image: string }>(
    await tx.execute(sql`select k.id, k.goods_id, k.sku_name, k.goods_price, k.goods_image from goods_skus k join goods g on g.id = k.goods_id
      where g.goods_no like 'BN%' and k.deleted_at is null order by k.id`),
  );
  const skus = new Map<number, Ware['skus']>();
  for (const k of skuRows) {
    const list = skus.get(Number(k.goods_id)) ?? [];
    list.push({ id: Number(k.id), name: k.sku_name, priceCents: toCents(k.goods_price), image: k.goods_image });
    skus.set(Number(k.goods_id), list);
  }
  const storeRows = rowsOf<{ id: number; owner: number; nickname: string; tid: number | null; f_weight: string; f_price: string; o_weight: string; o_price: string }>(
    await tx.execute(sql`select s.id, s.user_id as owner, u.nickname, f.id as tid, f.f_weight, f.f_price, f.o_weight, f.o_price
      from stores s join users u on u.id = s.user_id
      left join freights f on f.store_id = s.id and f.is_type = 0 and f.deleted_at is null
      where s.id in (select distinct store_id from goods where goods_no like 'BN%')`),
  );
  const stores = new Map<number, MarketStore>();
  for (const s of storeRows) {
    const templates: FreightTemplate[] = s.tid
      ? [{ id: Number(s.tid), isType: 0, provinces: [], firstWeight: toCents(s.f_weight), firstPrice: toCents(s.f_price), extraWeight: toCents(s.o_weight), extraPrice: toCents(s.o_price) }]
      : [];
    stores.set(Number(s.id), { id: Number(s.id), ownerId: Number(s.owner), ownerName: s.nickname, templates, wares: [], wareTimes: [] });
  }
  const wares: Ware[] = [];
  const cumulative = new Float64Array(goodsRows.length);
  let sum = 0;
  for (const g of goodsRows) {
    const ware: Ware = {
      id: Number(g.id),
      storeId: Number(g.store_id),
      name: g.goods_name,
      image: thumbUrl(g.goods_master_image, 150),
      priceCents: toCents(g.goods_price),
      weight: toCents(g.goods_weight),
      freightId: Number(g.freight_id),
      createdMs: ms(g.created),
      skus: skus.get(Number(g.id)) ?? [],
    };
    sum += 1 + Number(g.goods_sale);
    cumulative[wares.length] = sum;
    wares.push(ware);
    const store = stores.get(ware.storeId)!;
    store.wares.push(ware);
    store.wareTimes.push(ware.createdMs);
  }
  return { wares, stores, cumulative, times: wares.map((w) => w.createdMs) };
}

/** A goods on sale at `at`, picked by popularity among those that existed then (null when none did). */
export function pickWare(m: Market, r: Random, at: number): Ware | null {
  const k = upperBound(m.times, at);
  if (k === 0) return null;
  const target = r.next() * m.cumulative[k - 1];
  return m.wares[Math.min(k - 1, upperBound(m.cumulative, target, k))];
}

/** Another goods of the same store that existed at `at`. */
export function pickSibling(store: MarketStore, r: Random, at: number): Ware {
  const k = Math.max(1, upperBound(store.wareTimes, at));
  return store.wares[r.int(k)];
}
