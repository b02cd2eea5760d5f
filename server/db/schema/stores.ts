import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { flag, id, money, str, timestamps, uint } from './_columns';

/** Stores (reference §5.3), one per main user account. */
export const stores = pgTable(
  'stores',
  {
    id: id(),
    user_id: uint(),
    store_name: str(30, '神秘商户'),
    store_logo: str(150),
    store_face_image: str(150),
    store_mobile: str(20),
    store_description: str(150, '该商户很懒，什么也没留下'),
    store_slide: str(550),
    store_mobile_slide: str(550),
    store_company_name: str(30),
    province_id: uint(),
    city_id: uint(),
    region_id: uint(),
    /** The store's map point; null until the seller sets one (no made-up default: it showed as 0 km). */
    store_lat: varchar({ length: 20 }),
    store_lng: varchar({ length: 20 }),
    area_info: str(60),
    store_address: str(80),
    business_license: str(150),
    business_license_no: str(40),
    legal_person: str(10),
    store_phone: str(12),
    id_card_no: str(30),
    id_card_t: str(150),
    id_card_b: str(150),
    emergency_contact: str(10),
    emergency_contact_phone: str(12),
    store_money: money(),
    store_frozen_money: money(),
    /** 1 open, 0 closed. */
    store_status: flag(1),
    /** 1 applying, 2 submitted, 3 rejected, 4 approved. */
    store_verify: flag(0),
    store_refuse_info: str(200),
    after_sale_service: text().notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('stores_user_uq').on(t.user_id).where(sql`${t.deleted_at} is null`),
    index('stores_listing_idx').on(t.store_verify, t.store_status),
    // the few stores that are not open (unapproved, closed, deleted): every goods search excludes
    // their goods (goodsSearch.ts inOpenStore) with this index alone, not a scan of every store
    index('stores_not_open_idx')
      .on(t.id)
      .where(sql`(${t.store_status} = 1 and ${t.store_verify} = 4 and ${t.deleted_at} is null) is not true`),
    check('stores_money_nonneg', sql`${t.store_money} >= 0 and ${t.store_frozen_money} >= 0`),
  ],
);

/** The goods classes a store may sell in: `class_id` is a JSON array of [l1, l2, l3] triples. */
export const store_classes = pgTable(
  'store_classes',
  {
    id: id(),
    store_id: uint(),
    class_id: text().notNull().default('[]'),
    class_name: text().notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('store_classes_store_idx').on(t.store_id)],
);
