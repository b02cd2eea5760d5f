import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { flag, id, stamp, str, timestamps, uint } from './_columns';

/**
 * A WeChat identity linked to a user (reference `oauths`): `oauth_name` weixin (official account)
 * or weixinweb (website QR login), `openid` per app, `unionid` shared by the apps of one WeChat
 * open-platform account (links the two logins to one user).
 */
export const oauths = pgTable(
  'oauths',
  {
    id: id(),
    user_id: uint(),
    oauth_name: str(15),
    openid: str(64),
    unionid: str(64),
    nickname: str(100),
    avatar: str(255),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('oauths_name_openid_uq').on(t.oauth_name, t.openid).where(sql`${t.deleted_at} is null`),
    index('oauths_unionid_idx').on(t.unionid).where(sql`${t.deleted_at} is null and ${t.unionid} <> ''`),
    // one WeChat identity per app and user
    uniqueIndex('oauths_user_app_uq').on(t.user_id, t.oauth_name).where(sql`${t.deleted_at} is null`),
  ],
);

/**
 * Parcel traces fetched from the tracking provider, kept per provider and waybill so views do not
 * spend its quota: `fetched_at` dates the copy (fetched again after a few minutes), `delivered`
 * 1 keeps it for good. `steps` is the trace newest first: [{time, text, location?}].
 */
export const express_traces = pgTable(
  'express_traces',
  {
    id: id(),
    provider: str(20),
    delivery_code: str(20),
    delivery_no: str(30),
    state: str(20),
    delivered: flag(),
    steps: jsonb().notNull().default(sql`'[]'::jsonb`),
    fetched_at: stamp().notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('express_traces_waybill_uq').on(t.provider, t.delivery_code, t.delivery_no)],
);
