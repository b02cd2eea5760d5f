import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../client';
import { carts, favorites, goods, goods_attrs, goods_brands, goods_classes, goods_skus, goods_specs, order_comments, store_classes } from '../schema';
import { searchTokensSql } from '../../modules/catalogue/search';
import { refreshGoodsRating } from '../../modules/reviews/rating';
import { richTextOf } from '../../modules/content/richText';
import { DEMO } from './accounts';
import { insertMany } from './bulk';
import { BRANDS, GOODS, MORE_STORES, REPLIES, REVIEW_TEXTS, SHOPPERS, classRows, type GoodsSeed } from './catalogue-data';
import { brandLogo, goodsImages } from './media';

/**
 * The catalogue demo data: classes, brands, per-store attributes and specs, goods with SKUs,
 * reviews, the demo shopper's cart and favourites. One multi-row insert per table.
 */

const cents = (yuan: number) => Math.round(yuan * 100);
const money = (c: number) => (c / 100).toFixed(2);

/** A small deterministic PRNG (mulberry32), so every seed writes the same numbers. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Cartesian product of value indexes: [[0,0],[0,1],[1,0],…]. */
function product(sizes: number[]): number[][] {
  return sizes.reduce<number[][]>((acc, n) => acc.flatMap((prefix) => Array.from({ length: n }, (_, i) => [...prefix, i])), [[]]);
}

const visible = (g: GoodsSeed) => g.status !== 0 && g.verify === undefined && [1, 2, 3, 4, 5].includes(g.store);

/** Ids of goods in special states, for tests. */
export const CATALOGUE = {
  openStores: [1, 2, 3, 4, 5],
  closedStore: 6,
  submittedStore: 7,
  applyingStore: 8,
  rejectedStore: 9,
  goodsCount: GOODS.length,
  offShelfGoods: GOODS.flatMap((g, i) => (g.status === 0 ? [i + 1] : [])),
  pendingGoods: GOODS.flatMap((g, i) => (g.verify === 2 ? [i + 1] : [])),
  rejectedGoods: GOODS.flatMap((g, i) => (g.verify === 0 ? [i + 1] : [])),
  closedStoreGoods: GOODS.flatMap((g, i) => (g.store === 6 ? [i + 1] : [])),
  visibleGoods: GOODS.flatMap((g, i) => (visible(g) ? [i + 1] : [])),
};

function content(g: GoodsSeed, images: string[], brand: string): string {
  const points = g.points ?? [];
  const list = [...points, brand ? `品牌：${brand}` : '', `商品名称：${g.name}`].filter(Boolean);
  return [
    `<p>${g.sub}</p>`,
    `<ul>${list.map((item) => `<li>${item}</li>`).join('')}</ul>`,
    ...images.map((src) => `<p><img src="${src}" alt=""></p>`),
    '<p>图片仅供参考，请以收到的实物为准。</p>',
  ].join('');
}

export async function seedCatalogue(tx: Tx): Promise<void> {
  const classes = classRows();
  const leafByName = new Map(classes.filter((c) => c.lev === 2).map((c) => [c.name, c]));
  const byId = new Map(classes.map((c) => [c.id, c]));
  const triple = (leafId: number): [number, number, number] => {
    const second = byId.get(byId.get(leafId)!.pid)!;
    return [second.pid, second.id, leafId];
  };
  await insertMany(tx, goods_classes, classes.map((c) => ({ id: c.id, pid: c.pid, name: c.name, ename: c.ename, is_sort: c.is_sort })));
  await insertMany(tx, goods_brands, BRANDS.map(([name, , , ename], i) => ({ id: i + 1, name, ename, thumb: brandLogo(i + 1), is_sort: i })));
  const brandId = new Map(BRANDS.map(([name], i) => [name, i + 1]));
  const brandEname = new Map(BRANDS.map(([name, , , ename]) => [name, ename ?? '']));

  // Attributes per store (first-seen order) and their specs.
  const attrRows: { id: number; store_id: number; name: string }[] = [];
  const specRows: { id: number; attr_id: number; name: string }[] = [];
  const attrKey = new Map<string, number>();
  const specKey = new Map<string, number>();
  for (const g of GOODS) {
    for (const [name, values] of g.attrs ?? []) {
      let attrId = attrKey.get(`${g.store}/${name}`);
      if (!attrId) {
        attrId = attrRows.length + 1;
        attrKey.set(`${g.store}/${name}`, attrId);
        attrRows.push({ id: attrId, store_id: g.store, name });
      }
      for (const value of values) {
        if (specKey.has(`${attrId}/${value}`)) continue;
        specKey.set(`${attrId}/${value}`, specRows.length + 1);
        specRows.push({ id: specRows.length + 1, attr_id: attrId, name: value });
      }
    }
  }
  await insertMany(tx, goods_attrs, attrRows);
  await insertMany(tx, goods_specs, specRows);
  // Reviews and replies are dated back from the database's clock.
  const clock = (await tx.execute(sql`select to_char(now(), 'YYYY-MM-DD HH24:MI:SS') as now`)) as unknown as { rows: { now: string }[] };
  const now = clock.rows[0].now;
  const ago = (days: number, hours = 0) =>
    new Date(Date.parse(`${now.replace(' ', 'T')}Z`) - (days * 24 + hours) * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

  const rand = random(20240601);
  const goodsRows: (typeof goods.$inferInsert)[] = [];
  const skuRows: (typeof goods_skus.$inferInsert)[] = [];
  /** SKU ids per goods id, in product order. */
  const skusOf = new Map<number, { id: number; stock: number }[]>();
  const tokens: SQL[] = [];
  GOODS.forEach((g, index) => {
    const id = index + 1;
    const leaf = leafByName.get(g.cls);
    if (!leaf) throw new Error(`seed: unknown class ${g.cls}`);
    const images = goodsImages(id, g.imgs ?? 2);
    let stock = g.stock ?? 0;
    if (g.attrs?.length) {
      const attrIds = g.attrs.map(([name]) => attrKey.get(`${g.store}/${name}`)!);
      const combos = product(g.attrs.map(([, values]) => values.length));
      stock = 0;
      const list: { id: number; stock: number }[] = [];
      combos.forEach((combo, k) => {
        const extra = combo.reduce((sum, j, a) => sum + cents(g.step?.[a] ?? 0) * j, 0);
        const skuStock = k === g.soldOut ? 0 : 5 + Math.floor(rand() * 150);
        stock += skuStock;
        const skuId = skuRows.length + 1;
        list.push({ id: skuId, stock: skuStock });
        skuRows.push({
          id: skuId,
          goods_id: id,
          spec_id: combo.map((j, a) => specKey.get(`${attrIds[a]}/${g.attrs![a][1][j]}`)!).join(','),
          sku_name: combo.map((j, a) => g.attrs![a][1][j]).join(','),
          goods_image: images[combo[0] % images.length],
          goods_price: money(cents(g.price) + extra),
          goods_market_price: money(cents(g.market) + extra),
          goods_stock: skuStock,
        });
      });
      skusOf.set(id, list);
    }
    const brand = g.brand;
    goodsRows.push({
      id,
      brand_id: brand ? brandId.get(brand)! : 0,
      class_id: leaf.id,
      store_id: g.store,
      goods_name: g.name,
      goods_subname: g.sub,
      goods_no: `SK${String(g.store).padStart(2, '0')}${String(id).padStart(4, '0')}`,
      goods_images: images.join(','),
      goods_master_image: images[0],
      goods_price: money(cents(g.price)),
      goods_market_price: money(cents(g.market)),
      goods_stock: stock,
      goods_weight: [0.5, 2, 8, 0.6, 0.3, 1.5, 6, 2][leaf.top].toFixed(2),
      goods_sale: g.sale,
      goods_collect: Math.round(g.sale / 8) + (id % 7) + 2,
      goods_status: g.status ?? 1,
      goods_verify: g.verify ?? 1,
      refuse_info: g.refuse ?? '暂无缘由',
      freight_id: g.price >= 99 ? -1 : 0,
      goods_content: richTextOf(content(g, images, brand)),
      goods_content_mobile: richTextOf(content(g, images.slice(0, 2), brand)),
      is_recommend: g.rec ?? 0,
      is_master: g.master ?? 0,
    });
    tokens.push(sql`(${id}::int, ${searchTokensSql(g.name, g.sub, brand, brandEname.get(brand) ?? '')})`);
  });

  // Reviews of visible goods: demo shopper and the extra shoppers, mostly good.
  const reviewers = [DEMO.shopper.id, ...SHOPPERS.map((s) => s.id)];
  const commentRows: (typeof order_comments.$inferInsert)[] = [];
  let n = 0;
  GOODS.forEach((g, index) => {
    const id = index + 1;
    if (!visible(g)) return;
    const count = [3, 1, 4, 0, 2, 4, 2, 3][id % 8];
    for (let k = 0; k < count; k++) {
      n++;
      const mood = n % 9 === 0 ? 'bad' : n % 5 === 0 ? 'medium' : 'good';
      const scores = mood === 'good' ? ['5.00', '5.00', n % 3 ? '5.00' : '4.00', '5.00'] : mood === 'medium' ? ['3.00', '3.00', '3.00', '4.00'] : ['1.00', '2.00', '2.00', '3.00'];
      const texts = REVIEW_TEXTS[mood];
      const days = 3 + ((id * 7 + k * 11) % 60);
      const replied = n % 3 === 0 || mood === 'bad';
      const images = goodsImages(id, g.imgs ?? 2);
      commentRows.push({
        user_id: reviewers[(id + k) % reviewers.length],
        order_id: 0,
        goods_id: id,
        store_id: g.store,
        score: scores[0],
        agree: scores[1],
        service: scores[2],
        speed: scores[3],
        content: texts[n % texts.length],
        image: n % 4 === 0 ? images.slice(0, 1 + ((n / 4) % 2)).join(',') : '',
        reply: replied ? REPLIES[mood === 'bad' ? 2 : mood === 'medium' ? 1 : 0] : '',
        reply_time: replied ? ago(days - 1) : '',
        created_at: ago(days, (n * 5) % 24),
        updated_at: ago(days, (n * 5) % 24),
      });
    }
  });

  await insertMany(tx, goods, goodsRows);
  await tx.execute(sql`update ${goods} set search_tokens = v.tokens from (values ${sql.join(tokens, sql`, `)}) as v(id, tokens) where ${goods.id} = v.id`);
  await insertMany(tx, goods_skus, skuRows);
  await insertMany(tx, order_comments, commentRows);
  await refreshGoodsRating(tx);

  // The classes each store may sell in: those of its goods, or of its application.
  const triplesOf = new Map<number, [number, number, number][]>();
  GOODS.forEach((g) => {
    const list = triplesOf.get(g.store) ?? [];
    const t = triple(leafByName.get(g.cls)!.id);
    if (!list.some((x) => x[2] === t[2])) list.push(t);
    triplesOf.set(g.store, list);
  });
  for (const store of MORE_STORES) {
    for (const path of store.classes ?? []) {
      const leaf = leafByName.get(path.split('/')[2])!;
      triplesOf.set(store.id, [...(triplesOf.get(store.id) ?? []), triple(leaf.id)]);
    }
  }
  const storeIds = [1, 2, ...MORE_STORES.map((s) => s.id)];
  await insertMany(tx, store_classes, 
    storeIds.map((id) => {
      const triples = (triplesOf.get(id) ?? []).sort((a, b) => a[2] - b[2]);
      return { store_id: id, class_id: JSON.stringify(triples), class_name: triples.map((t) => byId.get(t[2])!.name).join(',') };
    }),
  );

  // The demo shopper's cart (two stores) and favourites.
  const sku = (goodsId: number, k: number) => skusOf.get(goodsId)![k].id;
  const line = (goodsId: number, skuId: number, buy_num: number) => ({ user_id: DEMO.shopper.id, goods_id: goodsId, sku_id: skuId, store_id: GOODS[goodsId - 1].store, buy_num });
  await tx.insert(carts).values([line(1, sku(1, 0), 1), line(15, sku(15, 1), 1), line(39, 0, 2), line(42, sku(42, 2), 3)]);
  await tx.insert(favorites).values([
    { user_id: DEMO.shopper.id, is_type: 0, out_id: 6 },
    { user_id: DEMO.shopper.id, is_type: 0, out_id: 23 },
    { user_id: DEMO.shopper.id, is_type: 1, out_id: 3 },
  ]);
}
