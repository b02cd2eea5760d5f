import { describeMenusMigration } from '../menusMigration';

/** Migration 0017_coupons_menus: the coupon pages' menus (with the shared 营销中心 containers) and the new admin routes' permissions. */
describeMenusMigration({
  name: '0017_coupons_menus',
  title: 'adds the coupon and full-reduction menus and permissions to a database seeded before them, once',
  adminIds: [70, 71, 72],
  sellerIds: [50, 51, 52],
  groups: ['coupons', 'full_reductions'],
  routes: ['admin.coupons.index', 'admin.coupons.show', 'admin.coupons.update', 'admin.full_reductions.index', 'admin.full_reductions.show', 'admin.full_reductions.update'],
});
