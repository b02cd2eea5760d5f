import { eq } from 'drizzle-orm';
import { goods, goods_attrs, goods_brands, goods_classes, goods_skus, goods_specs, order_comments, stores, users } from '../../../server/db/schema';
import { hashPassword } from '../../../server/http/password';
import { searchTokensSql } from '../../../server/modules/catalogue/search';
import { refreshGoodsRating } from '../../../server/modules/reviews/rating';
import type { TestServer } from '../helpers';

/**
 * Rows the shop tests need, created in the test database itself (independent of the demo seed):
 * a small class tree, a brand, an open store of our own plus a closed and an unapproved one,
 * goods in every visibility state, a goods with SKUs (colour × size), and reviews.
 */
export interface Fixture {
  classes: { top: number; mid: number; leaf: number; leaf2: number; otherTop: number; otherMid: number; otherLeaf: number };
  brand: number;
  store: number;
  closedStore: number;
  pendingStore: number;
  /** Visible goods: plain (no SKUs, stock 5), with SKUs, and an English-named one in another class. */
  plain: number;
  withSkus: number;
  english: number;
  /** Invisible goods. */
  offShelf: number;
  unapproved: number;
  pending: number;
  deleted: number;
  inClosedStore: number;
  inPendingStore: number;
  skus: { redS: number; redM: number; blueS: number; soldOut: number };
  specs: { red: number; blue: number; s: number; m: number };
  attrs: { colour: number; size: number };
  otherGoodsSku: number;
}

let userSeq = 0;

/** A fresh users account (password 123456) → {id, token}. */
export async function makeUser(s: TestServer, opts: { belongId?: number } = {}) {
  const username = `shoptest${process.pid % 1000}${++userSeq}${Date.now() % 100000}`.slice(0, 20);
  const [row] = await s.db
    .insert(users)
    .values({ username, password: await hashPassword('123456'), nickname: `测试用户${userSeq}`, belong_id: opts.belongId ?? 0 })
    .returning({ id: users.id });
  return { id: row.id, username, token: await s.login(username, '123456', 'users') };
}

async function makeStore(s: TestServer, name: string, status: number, verify: number) {
  const owner = (
    await s.db
      .insert(users)
      .values({ username: `owner${++userSeq}x${Date.now() % 100000}`.slice(0, 20), password: 'x', nickname: name.slice(0, 15) })
      .returning({ id: users.id })
  )[0].id;
  const [row] = await s.db
    .insert(stores)
    .values({
      user_id: owner,
      store_name: name,
      store_status: status,
      store_verify: verify,
      store_company_name: `${name}有限公司`.slice(0, 30),
      area_info: '北京市 北京市 朝阳区',
      store_address: '测试路 1 号',
      store_lat: '39.90',
      store_lng: '116.40',
      business_license: '/uploads/private/licence-SECRET.jpg',
      business_license_no: 'LICENCE-SECRET-NO',
      legal_person: '法人秘密',
      store_phone: '13999999999',
      id_card_no: 'IDCARD-SECRET-110',
      id_card_t: '/uploads/idcard/front-SECRET.jpg',
      id_card_b: '/uploads/idcard/back-SECRET.jpg',
      emergency_contact: '紧急秘密',
      emergency_contact_phone: '13888888888',
      store_money: '123456.78',
      store_frozen_money: '9876.54',
      store_slide: '/uploads/slide/a.jpg,/uploads/slide/b.jpg',
    })
    .returning({ id: stores.id });
  return row.id;
}

async function makeClass(s: TestServer, name: string, pid: number, is_sort = 0) {
  const [row] = await s.db.insert(goods_classes).values({ name, pid, is_sort, thumb: `/uploads/class/${name}.png` }).returning({ id: goods_classes.id });
  return row.id;
}

type GoodsValues = Partial<typeof goods.$inferInsert> & { goods_name: string };

export async function makeGoods(s: TestServer, values: GoodsValues, brandName = '') {
  const [row] = await s.db
    .insert(goods)
    .values({
      goods_status: 1,
      goods_verify: 1,
      goods_price: '10.00',
      goods_market_price: '12.00',
      goods_stock: 5,
      goods_master_image: '/uploads/goods/2024-01-01/master.jpg',
      ...values,
      search_tokens: searchTokensSql(values.goods_name, values.goods_subname ?? '', brandName),
    })
    .returning({ id: goods.id });
  return row.id;
}

export async function buildFixture(s: TestServer): Promise<Fixture> {
  const top = await makeClass(s, '测试家电', 0, 900);
  const mid = await makeClass(s, '测试影音', top);
  const leaf = await makeClass(s, '测试耳机', mid);
  const leaf2 = await makeClass(s, '测试音箱', mid);
  const otherTop = await makeClass(s, '测试运动', 0, 901);
  const otherMid = await makeClass(s, '测试户外', otherTop);
  const otherLeaf = await makeClass(s, '测试帐篷', otherMid);
  const [brandRow] = await s.db.insert(goods_brands).values({ name: '鲸声', thumb: '/uploads/brand/whale.png', is_sort: 999 }).returning({ id: goods_brands.id });
  const brand = brandRow.id;

  const store = await makeStore(s, '鲸声测试旗舰店', 1, 4);
  const closedStore = await makeStore(s, '关门测试店', 0, 4);
  const pendingStore = await makeStore(s, '待审测试店', 1, 2);

  const base = { store_id: store, class_id: leaf, brand_id: brand };
  const plain = await makeGoods(s, { ...base, goods_name: '鲸声无线蓝牙耳机', goods_subname: '降噪长续航', goods_sale: 50, goods_price: '199.00', is_master: 1 }, '鲸声');
  const withSkus = await makeGoods(
    s,
    {
      ...base,
      class_id: leaf2,
      goods_name: '鲸声智能音箱',
      goods_sale: 80,
      goods_price: '299.00',
      goods_images: '/uploads/goods/2024-01-01/a.jpg,https://cdn.example.com/b.png',
      goods_content: '<p>详情</p>',
      is_recommend: 1,
    },
    '鲸声',
  );
  const english = await makeGoods(s, { store_id: store, class_id: otherLeaf, goods_name: 'Zephyrix Camping Tent', goods_subname: 'Ultralight 2P', goods_sale: 5, goods_price: '88.50' });
  const hidden = (name: string, v: Partial<GoodsValues>) => makeGoods(s, { ...base, goods_name: `鲸声隐藏${name}`, ...v }, '鲸声');
  const offShelf = await hidden('下架', { goods_status: 0 });
  const unapproved = await hidden('驳回', { goods_verify: 0 });
  const pending = await hidden('待审', { goods_verify: 2 });
  const deleted = await hidden('删除', { deleted_at: '2024-01-01 00:00:00' });
  const inClosedStore = await hidden('关店', { store_id: closedStore });
  const inPendingStore = await hidden('待审店', { store_id: pendingStore });

  const [colour] = await s.db.insert(goods_attrs).values({ store_id: store, name: '颜色' }).returning({ id: goods_attrs.id });
  const [size] = await s.db.insert(goods_attrs).values({ store_id: store, name: '尺寸' }).returning({ id: goods_attrs.id });
  const spec = async (attr: number, name: string) => (await s.db.insert(goods_specs).values({ attr_id: attr, name }).returning({ id: goods_specs.id }))[0].id;
  const red = await spec(colour.id, '红色');
  const blue = await spec(colour.id, '蓝色');
  await spec(colour.id, '未使用的绿色');
  const sSize = await spec(size.id, 'S');
  const mSize = await spec(size.id, 'M');
  const sku = async (specIds: number[], name: string, stock: number, price: string) =>
    (
      await s.db
        .insert(goods_skus)
        .values({ goods_id: withSkus, spec_id: specIds.join(','), sku_name: name, goods_stock: stock, goods_price: price, goods_market_price: '399.00', goods_image: '/uploads/goods/2024-01-01/sku.jpg' })
        .returning({ id: goods_skus.id })
    )[0].id;
  const redS = await sku([red, sSize], '红色,S', 3, '299.00');
  const redM = await sku([red, mSize], '红色,M', 10, '309.00');
  const blueS = await sku([blue, sSize], '蓝色,S', 2, '319.00');
  const soldOut = await sku([blue, mSize], '蓝色,M', 0, '329.00');
  // a SKU of another goods (the hidden off-shelf one), to try adding with the wrong goods
  const [other] = await s.db.insert(goods_skus).values({ goods_id: offShelf, spec_id: `${red}`, sku_name: '红色', goods_stock: 9 }).returning({ id: goods_skus.id });
  await s.db.update(goods).set({ goods_stock: 15 }).where(eq(goods.id, withSkus));

  const review = (goodsId: number, user: number, score: string, content: string, image = '') =>
    s.db.insert(order_comments).values({ goods_id: goodsId, store_id: store, user_id: user, score, agree: score, service: score, speed: score, content, image });
  await review(plain, 4, '5.00', '很好', '/uploads/comment/1.jpg,/uploads/comment/2.jpg');
  await review(plain, 4, '3.00', '一般');
  await review(plain, 4, '2.00', '很差');
  await review(plain, 4, '4.00', '不错');
  await refreshGoodsRating(s.db, [plain]);

  return {
    classes: { top, mid, leaf, leaf2, otherTop, otherMid, otherLeaf },
    brand,
    store,
    closedStore,
    pendingStore,
    plain,
    withSkus,
    english,
    offShelf,
    unapproved,
    pending,
    deleted,
    inClosedStore,
    inPendingStore,
    skus: { redS, redM, blueS, soldOut },
    specs: { red, blue, s: sSize, m: mSize },
    attrs: { colour: colour.id, size: size.id },
    otherGoodsSku: other.id,
  };
}

/** base64(JSON) as the SPA sends `params`. */
export const params = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

/** The hidden goods of a fixture. */
export const hiddenIds = (f: Fixture) => [f.offShelf, f.unapproved, f.pending, f.deleted, f.inClosedStore, f.inPendingStore];
