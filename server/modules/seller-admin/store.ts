import { and, eq, isNull } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { stores } from '../../db/schema';
import { formText } from '../../http/crud';
import { jsonSafe } from '../../http/crud/present';
import { validateIn } from '../../http/crud/validate';
import { sellerGuard } from '../../http/crud-guards';
import type { AppEnv } from '../../http/context';
import { fail, langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { areaIdsField, resolveAreaIds } from '../content/areas';
import { formUrl, isFileUrl } from '../content/fields';
import { formRichText } from '../content/richText';
import './messages';
import { sessionStoreId } from './scope';

/**
 * Store settings of the seller console (reference §1.6 Seller/stores, screens §4.6): show and
 * update of the caller's own store only, whatever id the path names (the page uses 0). Business
 * documents, review state and money are never written here.
 */
const SHOW_PAGES = ['/Seller/stores', '/Seller/money_logs', '/Seller/cashes'];
const EDIT_PAGES = ['/Seller/stores'];

const issue = (ctx: z.core.$RefinementCtx, input: unknown, messageKey: string, vars?: Record<string, string | number>) =>
  ctx.addIssue({ code: 'custom', input, params: { messageKey, vars } });

/** Slides per device: three fixed positions (PC slide 1–3, mobile slide 1–3). */
const SLIDE_SLOTS = 3;

/**
 * The slides of a device in their positions: an array or a comma-joined string, each entry an
 * image URL or blank for an empty slot → stored comma-joined with the empty slots kept
 * (`,/uploads/b.jpg,` is slot 2 alone), '' when all are empty. Entries past the third must be
 * blank.
 */
const slides = (field: string) =>
  z
    .union([z.array(z.union([z.string(), z.number()])), z.string()])
    .transform((v, ctx) => {
      const entries = (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim());
      if (entries.slice(SLIDE_SLOTS).some(Boolean)) {
        issue(ctx, v, 'sellerAdmin.tooManySlides', { field });
        return z.NEVER;
      }
      const slots = Array.from({ length: SLIDE_SLOTS }, (_, i) => entries[i] ?? '');
      if (slots.some((url) => url && (url.length > 150 || !isFileUrl(url)))) {
        issue(ctx, v, 'content.badUrl');
        return z.NEVER;
      }
      return slots.some(Boolean) ? slots.join(',') : '';
    });

/** The stored slides in their three positions ('' for an empty slot). */
const slideSlots = (text: string): string[] => {
  const entries = text ? text.split(',') : [];
  return Array.from({ length: SLIDE_SLOTS }, (_, i) => entries[i]?.trim() ?? '');
};

const coordinate = (field: string, limit: number) =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const text = String(v).trim();
    const n = Number(text);
    if (!/^-?\d{1,3}(\.\d{1,12})?$/.test(text) || Math.abs(n) > limit) {
      issue(ctx, v, 'sellerAdmin.badPoint', { field });
      return z.NEVER;
    }
    return text;
  });


const updateSchema = z.object({
  store_name: formText({ max: 30, min: 1 }).optional(),
  store_logo: formUrl(150).optional(),
  store_face_image: formUrl(150).optional(),
  store_description: formText({ max: 150 }).optional(),
  store_mobile: formText({ max: 20 })
    .refine((v) => /^[0-9+\-\s()]*$/.test(v), { params: { messageKey: 'sellerAdmin.badPhone' } })
    .optional(),
  after_sale_service: formRichText().optional(),
  area: areaIdsField.optional(),
  store_lat: coordinate('store_lat', 90).optional(),
  store_lng: coordinate('store_lng', 180).optional(),
  store_address: formText({ max: 80 }).optional(),
  store_slide: slides('store_slide').optional(),
  store_mobile_slide: slides('store_mobile_slide').optional(),
});

const badArea = () => fail('sellerAdmin.badArea', undefined, 422, { field: 'area' });

const resolveArea = (db: Db, ids: number[]) => resolveAreaIds(db, ids, badArea);

const SHOWN = {
  id: stores.id,
  store_name: stores.store_name,
  store_logo: stores.store_logo,
  store_description: stores.store_description,
  store_mobile: stores.store_mobile,
  store_face_image: stores.store_face_image,
  after_sale_service: stores.after_sale_service,
  province_id: stores.province_id,
  city_id: stores.city_id,
  region_id: stores.region_id,
  area_info: stores.area_info,
  store_lat: stores.store_lat,
  store_lng: stores.store_lng,
  store_address: stores.store_address,
  store_slide: stores.store_slide,
  store_mobile_slide: stores.store_mobile_slide,
  store_company_name: stores.store_company_name,
  store_money: stores.store_money,
  store_frozen_money: stores.store_frozen_money,
  store_status: stores.store_status,
  store_verify: stores.store_verify,
  created_at: stores.created_at,
  updated_at: stores.updated_at,
};

type ShownRow = { [K in keyof typeof SHOWN]: (typeof SHOWN)[K]['_']['data'] };

function present(row: ShownRow) {
  return jsonSafe({
    ...row,
    area: [row.province_id, row.city_id, row.region_id].filter((id) => id > 0),
    store_slide: slideSlots(row.store_slide),
    store_mobile_slide: slideSlots(row.store_mobile_slide),
  });
}

async function ownStore(db: Db, storeId: number) {
  const [row] = await db.select(SHOWN).from(stores).where(and(eq(stores.id, storeId), isNull(stores.deleted_at)));
  if (!row) throw fail('notFound', undefined, 404);
  return row as ShownRow;
}

function showStore(guard = sellerGuard(SHOW_PAGES)) {
  return async (c: Context<AppEnv>) => {
    await guard(c, 'show', 'seller.stores.show');
    return ok(c, present(await ownStore(c.get('services').db, sessionStoreId(c))));
  };
}

function updateStore(guard = sellerGuard(EDIT_PAGES)) {
  return async (c: Context<AppEnv>) => {
    await guard(c, 'update', 'seller.stores.update');
    const db = c.get('services').db;
    const storeId = sessionStoreId(c);
    const { area, ...values } = validateIn(updateSchema, await readInput(c), langOf(c));
    const located = area ? await resolveArea(db, area) : {};
    const changes = Object.fromEntries(Object.entries({ ...values, ...located }).filter(([, v]) => v !== undefined));
    if (Object.keys(changes).length > 0) await db.update(stores).set(changes).where(and(eq(stores.id, storeId), isNull(stores.deleted_at)));
    return ok(c, present(await ownStore(db, storeId)));
  };
}

export function mountSellerStore(api: Hono<AppEnv>) {
  api.get('/Seller/stores/:id', showStore());
  api.on(['PUT', 'PATCH'], '/Seller/stores/:id', updateStore());
}
