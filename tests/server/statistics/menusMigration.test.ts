import { describeMenusMigration } from '../menusMigration';

/** Migration 0033_dashboards_menus: the analysis pages' menus and the dashboard routes' permissions. */
describeMenusMigration({
  name: '0033_dashboards_menus',
  title: 'adds the analysis menus and the dashboard permissions to a database seeded before them, once',
  adminIds: [54, 55, 56, 57, 58],
  sellerIds: [17, 29],
  groups: ['dashboard'],
  routes: ['admin.dashboard.all', 'admin.dashboard.order', 'admin.dashboard.pay', 'admin.dashboard.store', 'admin.dashboard.user'],
});
