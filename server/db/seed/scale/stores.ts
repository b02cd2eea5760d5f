import { sql } from 'drizzle-orm';
import type { Tx } from '../../client';
import { freights, goods_attrs, goods_specs, store_classes, stores, users } from '../../schema';
import { storeFace, storeLogo, storeMobileSlide, storeSlide } from '../media';
import type { ScaleBrand, ScaleClasses } from './classes';
import type { Random } from './random';
import { DAY, HOUR, insertAll, reserveIds, rowsOf, stamp } from './rows';
import { ownerName } from './run';
import { CITIES, SKU_ATTRS, STORE_KINDS, STORE_WORDS, STREETS, TAXONOMY } from './vocabulary';

/** A district with its city and province (ids and names), for store and delivery addresses. */
export interface Place { provinceId: number; cityId: number; regionId: number; info: string }

export async function loadPlaces(tx: Tx): Promise<Place[]> {
  const rows = rowsOf<{ p: number; c: number; r: number; info: string }>(
    await tx.execute(sql`select p.id as p, c.id as c, d.id as r, p.name || ' ' || c.name || ' ' || d.name as info
      from areas d join areas c on c.code = d.pid and c.deleted_at is null join areas p on p.code = c.pid and p.deleted_at is null
      where d.deep = 2 and d.deleted_at is null order by d.code`),
  );
  return rows.map((r) => ({ provinceId: Number(r.p), cityId: Number(r.c), regionId: Number(r.r), info: r.info.slice(0, 60) }));
}

/** A bulk store: its sectors (top class indexes), its brand when a flagship, whether shoppers see it, its SKU attributes. */
export interface ScaleStore {
  id: number;
  ownerId: number;
  ownerName: string;
  tops: number[];
  brand?: ScaleBrand;
  open: boolean;
  createdMs: number;
  /** Per sector: its SKU attributes' ids and their specs' ids and names. */
  attrs: Map<number, { attrId: number; name: string; specs: { id: number; name: string }[] }[]>;
}

/**
 * `count` stores, each with its owner (a user who logs in with `passwordHash`'s password), a
 * default freight template, the classes it may sell in and its SKU attributes. The busiest three
 * quarters are open and approved; of the rest most are open, some closed, waiting for review,
 * rejected or deleted. Store images are the demo stores'.
 */
export async function writeStores(
  tx: Tx,
  opts: { run: number; count: number; r: Random; classes: ScaleClasses; brands: ScaleBrand[]; places: Place[]; passwordHash: string; nowMs: number },
): Promise<ScaleStore[]> {
  const { run, count, r, classes, brands, places, nowMs } = opts;
  const [userIds, storeIds] = [await reserveIds(tx, users, count), await reserveIds(tx, stores, count)];
  const out: ScaleStore[] = [];
  const userRows = [];
  const storeRows = [];
  const classRows = [];
  const freightRows = [];
  for (let s = 0; s < count; s++) {
    const flagship = s < Math.min(80, count / 3) ? brands[r.int(brands.length)] : undefined;
    const first = flagship ? flagship.top : r.zipf(TAXONOMY.length, 0.5);
    const tops = flagship || r.chance(0.6) ? [first] : [...new Set([first, r.int(TAXONOMY.length)])];
    const roll = s < (count * 3) / 4 ? 0 : r.next();
    const [status, verify, deleted] = roll < 0.82 ? [1, 4, false] : roll < 0.9 ? [0, 4, false] : roll < 0.95 ? [0, 2, false] : roll < 0.98 ? [0, 3, false] : [1, 4, true];
    const city = r.pick(CITIES);
    const name = (flagship ? `${flagship.name}官方旗舰店` : `${city}${r.pick(STORE_WORDS)}${TAXONOMY[first].name.slice(0, 2)}${r.pick(STORE_KINDS)}`).slice(0, 30);
    const createdMs = nowMs - 760 * DAY + s * 2 * HOUR;
    const created = stamp(createdMs);
    const username = ownerName(run, s + 1);
    const place = r.pick(places);
    const demo = (s % 5) + 1;
    userRows.push({ id: userIds[s], username, phone: username, password: opts.passwordHash, pay_password: opts.passwordHash, nickname: name.slice(0, 15), created_at: created, updated_at: created });
    storeRows.push({
      id: storeIds[s],
      user_id: userIds[s],
      store_name: name,
      store_company_name: `${name.slice(0, 20)}有限公司`,
      store_description: `${name}，${TAXONOMY[first].name}好物，正品保障。`.slice(0, 150),
      store_mobile: username,
      store_logo: storeLogo(demo),
      store_face_image: storeFace(demo),
      store_slide: [storeSlide(demo, 1), storeSlide(demo, 2)].join(','),
      store_mobile_slide: storeMobileSlide(demo),
      province_id: place.provinceId,
      city_id: place.cityId,
      region_id: place.regionId,
      area_info: place.info,
      store_address: `${r.pick(STREETS)} ${r.between(1, 999)} 号`,
      // around the populated east of the country, six decimals as a map picker writes them
      store_lat: (22 + r.next() * 18).toFixed(6),
      store_lng: (104 + r.next() * 17).toFixed(6),
      legal_person: username.slice(-4),
      store_status: status,
      store_verify: verify,
      created_at: created,
      updated_at: created,
      deleted_at: deleted ? stamp(createdMs + 300 * DAY) : null,
    });
    const triples = tops.flatMap((t) => classes.leaves.filter((l) => l.top === t).map((l) => [classes.top[t].id, classes.mid[l.mid].id, l.id]));
    classRows.push({ store_id: storeIds[s], class_id: JSON.stringify(triples), class_name: triples.map((t) => classes.leaves.find((l) => l.id === t[2])!.name).join(','), created_at: created, updated_at: created });
    freightRows.push({ store_id: storeIds[s], name: '默认运费', f_weight: '1.00', f_price: r.pick(['8.00', '10.00', '6.00', '12.00']), o_weight: '1.00', o_price: '2.00', is_type: 0, created_at: created, updated_at: created });
    out.push({ id: storeIds[s], ownerId: userIds[s], ownerName: name.slice(0, 15), tops, brand: flagship, open: status === 1 && verify === 4 && !deleted, createdMs, attrs: new Map() });
  }
  await insertAll(tx, users, userRows);
  await insertAll(tx, stores, storeRows);
  await insertAll(tx, store_classes, classRows);
  await insertAll(tx, freights, freightRows);
  await writeAttributes(tx, out);
  return out;
}

/** Each store's SKU attributes for its sectors (colour, size…) and their specs, as a seller's goods editor keeps them. */
async function writeAttributes(tx: Tx, list: ScaleStore[]): Promise<void> {
  const wanted = list.flatMap((store) => store.tops.flatMap((t) => (SKU_ATTRS[TAXONOMY[t].name] ?? []).map(([name, values]) => ({ store, t, name, values }))));
  const attrIds = await reserveIds(tx, goods_attrs, wanted.length);
  const specCount = wanted.reduce((n, w) => n + w.values.length, 0);
  const specIds = await reserveIds(tx, goods_specs, specCount);
  const attrRows = [];
  const specRows = [];
  let k = 0;
  for (const [i, w] of wanted.entries()) {
    attrRows.push({ id: attrIds[i], store_id: w.store.id, name: w.name });
    const specs = w.values.map((name) => ({ id: specIds[k++], name }));
    for (const spec of specs) specRows.push({ id: spec.id, attr_id: attrIds[i], name: spec.name });
    w.store.attrs.set(w.t, [...(w.store.attrs.get(w.t) ?? []), { attrId: attrIds[i], name: w.name, specs }]);
  }
  await insertAll(tx, goods_attrs, attrRows);
  await insertAll(tx, goods_specs, specRows);
}
