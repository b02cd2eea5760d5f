import { describeMenusMigration } from '../menusMigration';

/** Migration 0018_refunds_menus: the after-sales pages' menus and the new admin routes' permissions. */
describeMenusMigration({
  name: '0018_refunds_menus',
  title: 'adds the after-sales menus and permissions to a database seeded before them, once',
  adminIds: [64],
  sellerIds: [40],
  groups: ['refunds'],
  routes: ['admin.refunds.index', 'admin.refunds.show', 'admin.refunds.update'],
  ename: false,
});
