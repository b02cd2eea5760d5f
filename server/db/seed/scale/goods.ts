import { sql } from 'drizzle-orm';
import type { Tx } from '../../client';
import { goods, goods_skus } from '../../schema';
import { searchLexemes } from '../../../modules/catalogue/search';
import { richTextOf } from '../../../modules/content/richText';
import { imageList } from '../../../modules/catalogue/images';
import type { ScaleBrand, ScaleClasses } from './classes';
import type { Random } from './random';
import { BATCH, DAY, insertAll, reserveIds, stamp, tsvectorLiteral, yuan } from './rows';
import { goodsNo } from './run';
import type { ScaleStore } from './stores';
import { COLOURS_EN, COLOURS_ZH, MODEL_TAILS, SUBNAMES, TAXONOMY } from './vocabulary';

const WEIGHT_KG = [0.5, 2, 8, 0.6, 0.3, 1.5, 6, 2, 1, 0.5];

export interface GoodsOptions {
  run: number;
  count: number;
  r: Random;
  classes: ScaleClasses;
  brands: ScaleBrand[];
  stores: ScaleStore[];
  /** Demo image lists per leaf (classes.leaves order). */
  images: string[][];
  nowMs: number;
  log: (line: string) => void;
}

/**
 * `count` goods in the stores, written BATCH at a time, with SKUs for about 40 % of the goods of
 * sectors that have SKU attributes. Chinese and English names from brands, adjectives, product
 * nouns, series and model names ("小米 Note 13 Pro 5G 旗舰智能手机 12GB+512GB 星光银"), ≈ 95 %
 * visible, popularity skewed (Zipf-like) over classes, brands and stores, prices by class, sales
 * long-tailed; `search_tokens` the lexemes the catalogue writes for name, subtitle and brand.
 * Created over the past two years, oldest first. Answers the number of visible goods.
 */
export async function writeGoods(tx: Tx, o: GoodsOptions): Promise<number> {
  const { r, classes, brands, stores } = o;
  const leavesOfTop = TAXONOMY.map((_, t) => classes.leaves.filter((l) => l.top === t));
  const brandsOfTop = TAXONOMY.map((_, t) => brands.filter((b) => b.top === t));
  // each brand names its models after two series of its sector ("Mate", "Note", "Galaxy"…)
  const brandSeries = new Map(brands.map((b) => [b.id, TAXONOMY[b.top].series?.length ? [r.pick(TAXONOMY[b.top].series!), r.pick(TAXONOMY[b.top].series!)] : []]));
  const brandEname = (b: ScaleBrand) => (/^[\x20-\x7e]+$/.test(b.name) ? b.name : '');
  const span = 730 * DAY;
  let visible = 0;
  for (let start = 0; start < o.count; start += BATCH) {
    const n = Math.min(BATCH, o.count - start);
    const ids = await reserveIds(tx, goods, n);
    const goodsRows = [];
    const skuRows: Record<string, unknown>[] = [];
    for (let i = 0; i < n; i++) {
      const index = start + i;
      const store = stores[r.zipf(stores.length, 0.8)];
      const top = r.pick(store.tops);
      const t = TAXONOMY[top];
      const candidates = leavesOfTop[top];
      const leaf = candidates[r.zipf(candidates.length, 0.4)];
      const brand = store.brand && store.brand.top === top ? store.brand : brandsOfTop[top][r.zipf(brandsOfTop[top].length, 0.7)];
      const english = r.chance(0.25);
      const series = brandSeries.get(brand.id)!;
      let model = '';
      if (leaf.model && series.length && r.chance(0.8)) {
        const word = r.pick(series);
        const tail = r.chance(0.5) ? r.pick(MODEL_TAILS) : '';
        model = [word, r.chance(0.7) ? String(2 + r.int(60)) : '', tail.split(' ')[0] === word ? '' : tail].filter(Boolean).join(' ');
      }
      const spec = r.chance(0.6) ? r.pick(leaf.specs) : '';
      let name: string;
      if (english) {
        name = [brand.name, model, r.chance(0.6) ? r.pick(t.adjEn) : '', r.pick(leaf.leaf.en), r.chance(0.5) ? spec : '', r.chance(0.3) ? r.pick(COLOURS_EN) : ''].filter(Boolean).join(' ');
      } else {
        const noun = r.pick(leaf.leaf.zh);
        const adj = r.chance(0.7) ? r.pick(t.adjZh) + (r.chance(0.3) ? r.pick(t.adjZh) : '') : '';
        name = [brand.name, model, `${adj}${noun}`, spec, r.chance(0.4) ? r.pick(COLOURS_ZH) : ''].filter(Boolean).join(' ');
      }
      name = name.slice(0, 120);
      const subname = r.pick(SUBNAMES);
      const [lo, hi] = leaf.leaf.price;
      const priceCents = Math.round(lo * Math.pow(hi / lo, r.next()) * 100);
      const sale = r.chance(0.3) ? 0 : Math.floor(Math.pow(r.next(), 4) * 20_000);
      // 97.5 % public (1 % off the shelf, 0.8 % waiting for review, 0.2 % rejected, 0.5 % deleted); ≈ 95 % visible with the stores
      const roll = r.next();
      const [status, verify, deleted] = roll < 0.975 ? [1, 1, false] : roll < 0.985 ? [0, 1, false] : roll < 0.993 ? [1, 2, false] : roll < 0.995 ? [0, 0, false] : [1, 1, true];
      if (status === 1 && verify === 1 && !deleted && store.open) visible++;
      const createdMs = Math.max(store.createdMs + DAY, o.nowMs - span + (span * index) / o.count);
      const created = stamp(createdMs);
      const images = imageList(r.pick(o.images[classes.leaves.indexOf(leaf)]));
      const master = images[0] ?? '';
      // SKUs: every combination of one or two of the store's attributes of this sector, 2–3 values each
      const attrs = (store.attrs.get(top) ?? []).slice(0, r.chance(0.5) ? 1 : 2);
      const withSkus = attrs.length > 0 && r.chance(0.4);
      let stock = r.chance(0.05) ? 0 : r.int(2_000);
      let price = priceCents;
      if (withSkus) {
        const chosen = attrs.map((a) => ({ a, specs: a.specs.slice(0, 2 + r.int(Math.min(2, a.specs.length - 1))) }));
        const combos = chosen.reduce<number[][]>((acc, c) => acc.flatMap((p) => c.specs.map((_, j) => [...p, j])), [[]]);
        stock = 0;
        price = Number.MAX_SAFE_INTEGER;
        for (const combo of combos) {
          const extra = combo.reduce((sum, j, a) => sum + j * Math.max(100, Math.round(priceCents * (a === 0 ? 0.05 : 0.15))), 0);
          const skuStock = r.chance(0.1) ? 0 : r.int(500);
          stock += skuStock;
          price = Math.min(price, priceCents + extra);
          skuRows.push({
            goods_id: ids[i],
            spec_id: combo.map((j, a) => chosen[a].specs[j].id).join(','),
            sku_name: combo.map((j, a) => chosen[a].specs[j].name).join(',').slice(0, 60),
            goods_image: images[combo[0] % Math.max(1, images.length)] ?? '',
            goods_price: yuan(priceCents + extra),
            goods_market_price: yuan(Math.round((priceCents + extra) * 1.3)),
            goods_stock: skuStock,
            goods_weight: WEIGHT_KG[top].toFixed(2),
            created_at: created,
            updated_at: created,
          });
        }
      }
      goodsRows.push({
        id: ids[i],
        brand_id: brand.id,
        class_id: leaf.id,
        store_id: store.id,
        goods_name: name,
        goods_subname: subname,
        goods_no: goodsNo(o.run, index + 1),
        goods_images: images.join(','),
        goods_master_image: master,
        goods_price: yuan(price),
        goods_market_price: yuan(Math.round(price * (1.1 + r.next() * 0.5))),
        goods_stock: stock,
        goods_weight: WEIGHT_KG[top].toFixed(2),
        goods_sale: sale,
        goods_collect: Math.floor(sale / (5 + r.int(20))),
        goods_status: status,
        goods_verify: verify,
        refuse_info: verify === 0 ? '商品图片与描述不符' : '暂无缘由',
        freight_id: price >= 9_900 ? -1 : 0,
        goods_content: richTextOf(`<p>${subname || name}</p>${images.map((src) => `<p><img src="${src}" alt=""></p>`).join('')}`),
        goods_content_mobile: richTextOf(`<p>${subname || name}</p><p><img src="${master}" alt=""></p>`),
        is_recommend: r.chance(0.05) ? 1 : 0,
        is_master: r.chance(0.03) ? 1 : 0,
        search_tokens: tsvectorLiteral(searchLexemes(name, subname, brand.name, brandEname(brand))),
        created_at: created,
        updated_at: created,
        deleted_at: deleted ? stamp(o.nowMs - r.int(30) * DAY) : null,
      });
    }
    await insertAll(tx, goods, goodsRows);
    await insertAll(tx, goods_skus, skuRows);
    o.log(`  goods ${start + n} of ${o.count}`);
  }
  return visible;
}

/** Ids of a few visible goods of this run (goods pages for benches). */
export async function sampleGoods(tx: Tx, run: number, limit = 50): Promise<number[]> {
  const result = await tx.execute(sql`select g.id from goods g join stores s on s.id = g.store_id
    where g.goods_no like ${`BN${run}-%`} and g.goods_status = 1 and g.goods_verify = 1 and g.deleted_at is null
      and s.store_status = 1 and s.store_verify = 4 and s.deleted_at is null
    order by g.id limit ${limit}`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}
