import { sql } from 'drizzle-orm';
import { check, date, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { flag, id, ip, money, stamp, str, timestamps, uint } from './_columns';

/** Platform operators (provider `admins`). */
export const admins = pgTable(
  'admins',
  {
    id: id(),
    belong_id: uint(),
    username: str(20),
    password: str(255),
    nickname: str(15),
    avatar: str(150),
    is_super: flag(),
    ip: ip(),
    login_time: stamp(),
    last_login_time: stamp(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('admins_username_uq').on(t.username).where(sql`${t.deleted_at} is null`)],
);

/** Shoppers, store owners and their staff (`belong_id` > 0) — provider `users`. */
export const users = pgTable(
  'users',
  {
    id: id(),
    belong_id: uint(),
    username: str(20),
    password: str(255),
    pay_password: str(255),
    nickname: str(15),
    sex: flag(1),
    /** 'YYYY-MM-DD', or null when not given (user centre /user/info). */
    birthday: date({ mode: 'string' }),
    avatar: str(150),
    phone: str(15),
    email: str(100),
    money: money(),
    frozen_money: money(),
    integral: money(),
    inviter_id: uint(),
    status: flag(1),
    invalid_time: stamp(),
    ip: ip(),
    login_time: stamp(),
    last_login_time: stamp(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(t.username).where(sql`${t.deleted_at} is null`),
    uniqueIndex('users_phone_uq').on(t.phone).where(sql`${t.deleted_at} is null and ${t.phone} <> ''`),
    check('users_money_nonneg', sql`${t.money} >= 0 and ${t.frozen_money} >= 0 and ${t.integral} >= 0`),
  ],
);

/** Identity verification of a user (real name, ID card, bank card). One per user. */
export const user_checks = pgTable(
  'user_checks',
  {
    id: id(),
    user_id: uint(),
    name: str(20),
    card_no: str(30),
    card_t: str(150),
    card_b: str(150),
    bank_no: str(30),
    bank_name: str(30),
    ...timestamps(),
  },
  (t) => [uniqueIndex('user_checks_user_uq').on(t.user_id).where(sql`${t.deleted_at} is null`)],
);

