import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { flag, id, stamp, str, timestamps, uint } from './_columns';

/**
 * Platform content and dictionaries of the admin console (reference §5.10): areas, couriers,
 * currencies, notices, agreements, app versions, article menus and articles, ad spaces and ads.
 * Rich-text columns hold `html + '##qingwuit##' + editor JSON` (DESIGN.md §5), sanitised on write.
 */
const live = (t: { deleted_at: unknown }) => sql`${t.deleted_at} is null`;

/** China's administrative divisions: `pid` is the parent's CODE ('0' for provinces). */
export const areas = pgTable(
  'areas',
  {
    id: id(),
    pid: str(20, '0'),
    name: str(30),
    code: str(20),
    /** 0 province, 1 city, 2 district. */
    deep: flag(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('areas_code_uq').on(t.code).where(live(t)), index('areas_pid_code_idx').on(t.pid, t.code)],
);

export const expresses = pgTable('expresses', { id: id(), name: str(30), code: str(10), ...timestamps() }, (t) => [
  uniqueIndex('expresses_code_uq').on(t.code).where(live(t)),
]);

export const currencies = pgTable('currencies', {
  id: id(),
  name: str(30, '名称'),
  ename: str(20, 'zh-cn'),
  currency: str(20, '￥'),
  currency_ename: str(20, 'RMB'),
  content: text().notNull().default(''),
  ...timestamps(),
});

export const notices = pgTable('notices', {
  id: id(),
  belong_id: uint(),
  tag: str(20),
  name: str(35),
  content: text().notNull().default(''),
  is_type: flag(),
  is_send: flag(),
  ...timestamps(),
});

export const agreements = pgTable(
  'agreements',
  { id: id(), name: str(15), ename: str(15), content: text().notNull().default(''), ...timestamps() },
  (t) => [uniqueIndex('agreements_ename_uq').on(t.ename).where(live(t))],
);

export const app_versions = pgTable(
  'app_versions',
  {
    id: id(),
    name: str(30, '名称'),
    version: str(20, '1.0.0'),
    version_code: uint().default(100),
    url: str(150),
    /** android, ios or mini. */
    device: str(10, 'android'),
    apple_id: str(20),
    is_wgt: flag(),
    content: text().notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('app_versions_device_idx').on(t.device, t.version_code)],
);

export const article_menus = pgTable(
  'article_menus',
  { id: id(), belong_id: uint(), pid: uint(), name: str(35), is_sort: uint(), ...timestamps() },
  (t) => [index('article_menus_pid_idx').on(t.pid, t.is_sort)],
);

export const articles = pgTable(
  'articles',
  {
    id: id(),
    belong_id: uint(),
    /** article_menus.id */
    pid: uint(),
    name: str(80),
    content: text().notNull().default(''),
    click: uint(),
    ...timestamps(),
  },
  (t) => [index('articles_pid_idx').on(t.pid), index('articles_name_idx').on(t.name)],
);

export const adv_spaces = pgTable(
  'adv_spaces',
  { id: id(), belong_id: uint(), name: str(25), width: uint(), height: uint(), ...timestamps() },
  (t) => [uniqueIndex('adv_spaces_name_uq').on(t.name).where(live(t))],
);

export const advs = pgTable(
  'advs',
  {
    id: id(),
    belong_id: uint(),
    /** adv_spaces.id */
    pid: uint(),
    name: str(25),
    url: str(150),
    image: str(150),
    adv_start: stamp().notNull().defaultNow(),
    adv_end: stamp()
      .notNull()
      .default(sql`now() + interval '1 day'`),
    is_sort: uint(),
    is_type: flag(),
    /** 1 shown, 0 hidden. */
    status: flag(),
    ...timestamps(),
  },
  (t) => [index('advs_pid_idx').on(t.pid, t.status), check('advs_period', sql`${t.adv_start} < ${t.adv_end}`)],
);
