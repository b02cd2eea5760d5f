import { describeMenusMigration } from './menusMigration';

/** Migration 0009_office_orders_menus: the consoles' order and freight pages' menus and the new admin routes' permissions. */
describeMenusMigration({
  name: '0009_office_orders_menus',
  title: 'adds the order and freight menus and the order permissions to a database seeded before them, once',
  adminIds: [35, 36],
  sellerIds: [19, 20, 30, 31, 32],
  groups: ['orders', 'order'],
  routes: ['admin.orders.index', 'admin.orders.show', 'admin.order.edit'],
  ename: false,
});
