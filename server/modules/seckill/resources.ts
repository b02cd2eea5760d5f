import type { Hono } from 'hono';
import { collectives, seckills } from '../../db/schema';
import { blankAsNull, defineResource, formDateTime, formFlag, formInt, formMoney } from '../../http/crud';
import { mountAdminResource, mountSellerResource, storeIdOf } from '../../http/crud-guards';
import type { AppEnv } from '../../http/context';
import { indexWith } from '../admin-system/shared';
import { checkCollectiveWrite, checkSeckillWrite, closeGroupsOfStopped, dbOf, enrichRows } from './backoffice';

/**
 * Back-office tables (screens §4.6 Seller seckills/collectives, admin 73/74): a store owner
 * creates and edits its flash sales (goods, percent off, an optional cap on units, start, end) and group buys
 * (goods, percent off, group size, hours to fill); the operator lists every store's and may stop
 * (status 0) or resume one; stopping a group buy ends its open groups (closeGroupsOfStopped). Lists carry goods name and image, store name and a sale's state.
 */

/** Percent off, 0.01–99.99. */
const percentOff = () => formMoney({ minCents: 1, maxCents: 9_999 });

const seckillColumns = ['id', 'store_id', 'goods_id', 'discount', 'stock', 'sold', 'start_time', 'end_time', 'status', 'created_at'] as const;
const collectiveColumns = ['id', 'store_id', 'goods_id', 'discount', 'need', 'fill_hours', 'status', 'created_at'] as const;

export const sellerSeckills = defineResource({
  table: seckills,
  area: 'seller',
  name: 'seckills',
  columns: {
    readable: seckillColumns,
    writable: {
      goods_id: formInt({ min: 1 }),
      discount: percentOff(),
      // an optional cap on the units sold at the flash price; absent or blank: no cap (the goods' stock)
      stock: blankAsNull(formInt({ min: 1, max: 999_999 })),
      start_time: formDateTime(),
      end_time: formDateTime(),
    },
    filterable: ['id', 'goods_id', 'status', 'start_time', 'end_time'],
  },
  scope: (ctx) => ({ values: { store_id: storeIdOf(ctx) } }),
  softDelete: true,
  beforeWrite: checkSeckillWrite,
});

export const sellerCollectives = defineResource({
  table: collectives,
  area: 'seller',
  name: 'collectives',
  columns: {
    readable: collectiveColumns,
    writable: {
      goods_id: formInt({ min: 1 }),
      discount: percentOff(),
      need: formInt({ min: 2, max: 50 }),
      fill_hours: formInt({ min: 1, max: 720 }),
    },
    filterable: ['id', 'goods_id', 'status'],
  },
  scope: (ctx) => ({ values: { store_id: storeIdOf(ctx) } }),
  softDelete: true,
  beforeWrite: checkCollectiveWrite,
});

export const adminSeckills = defineResource({
  table: seckills,
  area: 'admin',
  name: 'seckills',
  columns: { readable: seckillColumns, writable: { status: formFlag() }, filterable: ['id', 'store_id', 'goods_id', 'status'] },
  softDelete: true,
});

export const adminCollectives = defineResource({
  table: collectives,
  area: 'admin',
  name: 'collectives',
  columns: { readable: collectiveColumns, writable: { status: formFlag() }, filterable: ['id', 'store_id', 'goods_id', 'status'] },
  softDelete: true,
  afterWrite: closeGroupsOfStopped,
});

const saleIndex = indexWith((rows, c) => enrichRows(dbOf(c), rows, 'seckill'));
const offerIndex = indexWith((rows, c) => enrichRows(dbOf(c), rows, 'collective'));

export function mountPromotionTables(api: Hono<AppEnv>) {
  mountSellerResource(api, '/Seller/seckills', sellerSeckills, { only: ['index', 'show', 'store', 'update', 'destroy'], handlers: { index: saleIndex } });
  mountSellerResource(api, '/Seller/collectives', sellerCollectives, { only: ['index', 'show', 'store', 'update', 'destroy'], handlers: { index: offerIndex } });
  mountAdminResource(api, '/Admin/seckills', adminSeckills, { only: ['index', 'show', 'update'], handlers: { index: saleIndex } });
  mountAdminResource(api, '/Admin/collectives', adminCollectives, { only: ['index', 'show', 'update'], handlers: { index: offerIndex } });
}
