import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import zh from '../../../locales/zh-cn.json';
import { adminsPage } from '../../../src/backoffice/views/Admin/admins/index';
import { advSpacesPage } from '../../../src/backoffice/views/Admin/adv_spaces/index';
import { advsPage } from '../../../src/backoffice/views/Admin/advs/index';
import { agreementsPage } from '../../../src/backoffice/views/Admin/agreements/index';
import { appVersionsPage } from '../../../src/backoffice/views/Admin/app_versions/index';
import { articleMenusPage } from '../../../src/backoffice/views/Admin/article_menus/index';
import { articlesPage } from '../../../src/backoffice/views/Admin/articles/index';
import { OAUTH_TABS } from '../../../src/backoffice/views/Admin/configs/oauth';
import { PAY_TABS } from '../../../src/backoffice/views/Admin/configs/pay';
import { SMS_TABS } from '../../../src/backoffice/views/Admin/configs/sms';
import { STORE_TABS as STORE_CONFIG_TABS } from '../../../src/backoffice/views/Admin/configs/store';
import { WEB_TABS } from '../../../src/backoffice/views/Admin/configs/web';
import { areasPage } from '../../../src/backoffice/views/Admin/exts/areas/index';
import { currenciesPage } from '../../../src/backoffice/views/Admin/exts/currencies/index';
import { adminMenusPage } from '../../../src/backoffice/views/Admin/menus/index';
import { adminMoneyLogsPage } from '../../../src/backoffice/views/Admin/money_logs/index';
import { noticesPage } from '../../../src/backoffice/views/Admin/notices/index';
import { permissionGroupsPage } from '../../../src/backoffice/views/Admin/permissions/group';
import { permissionsPage } from '../../../src/backoffice/views/Admin/permissions/index';
import { sellerMenusPage } from '../../../src/backoffice/views/Admin/seller_menus/index';
import { rolesPage } from '../../../src/backoffice/views/Admin/shared/RolesPage';
import { smsPage } from '../../../src/backoffice/views/Admin/sms/index';
import { smsLogsPage } from '../../../src/backoffice/views/Admin/sms_logs/index';
import { usersPage } from '../../../src/backoffice/views/Admin/users/index';
import { sellerMoneyLogsPage } from '../../../src/backoffice/views/Seller/money_logs/index';
import { STORE_TABS } from '../../../src/backoffice/views/Seller/stores/storeForm';
import { staffPage } from '../../../src/backoffice/views/Seller/users/index';
import type { PageConfig } from '../../../src/backoffice/table/types';
import { ordersPage } from '../../../src/backoffice/orders/OrdersPage';
import { ORDER_TABS } from '../../../src/backoffice/orders/orderStatus';

const pages: Record<string, PageConfig> = {
  adminsPage,
  advSpacesPage: advSpacesPage(() => undefined),
  advsPage,
  agreementsPage,
  appVersionsPage,
  articleMenusPage,
  articlesPage,
  areasPage,
  currenciesPage,
  adminMenusPage,
  adminMoneyLogsPage,
  noticesPage,
  permissionGroupsPage,
  permissionsPage,
  sellerMenusPage,
  rolesPage: rolesPage('/Admin/roles', () => undefined),
  smsPage,
  smsLogsPage,
  usersPage: usersPage(() => undefined),
  sellerMoneyLogsPage,
  staffPage,
  adminOrdersPage: ordersPage(0, '', [{ label: 'page.orders.detail', onClick: () => undefined }, { label: 'page.orders.cancel', onClick: () => undefined }]),
  sellerOrdersPage: ordersPage(1, '2', [{ label: 'page.orders.ship', onClick: () => undefined }]),
};

type Bag = Record<string, unknown>;

/** Every locale key a page configuration shows: labels, hints, placeholders, rule messages, translated options. */
function keysOf(config: PageConfig): string[] {
  const keys: string[] = [];
  const field = (f: Bag) => {
    for (const k of ['label', 'hint', 'placeholder', 'activeText', 'inactiveText']) if (typeof f[k] === 'string') keys.push(f[k] as string);
    for (const c of (f.columns as Bag[] | undefined) ?? []) field(c);
    for (const s of (f.searchFields as Bag[] | undefined) ?? []) field(s);
  };
  [...config.columns, ...(config.search ?? []), ...(config.form?.add ?? []), ...(config.form?.edit ?? []), ...(config.form?.view ?? [])].forEach((f) => field(f as unknown as Bag));
  for (const b of [...(config.rowActions ?? []), ...(config.toolbar ?? [])]) keys.push(b.label);
  for (const c of config.exportColumns ?? []) keys.push(c.label);
  for (const rules of Object.values(config.form?.rules ?? {})) for (const r of [rules].flat()) if (r.message) keys.push(r.message);
  for (const items of Object.values(config.dictData ?? {})) for (const item of items) if (typeof item.label === 'string' && item.label.startsWith('page.')) keys.push(item.label);
  for (const d of config.dicts ?? []) if (d.addSelect && typeof d.addSelect.label === 'string') keys.push(d.addSelect.label);
  return keys;
}

const tabKeys = (tabs: { label: string; note?: string; fields: Bag[] }[]) =>
  tabs.flatMap((tab) => [
    tab.label,
    ...(tab.note ? [tab.note] : []),
    ...tab.fields.flatMap((f) => [
      f.label as string,
      ...(['hint', 'suffix'] as const).filter((k) => typeof f[k] === 'string').map((k) => f[k] as string),
      ...((f.options as { label: string }[] | undefined) ?? []).map((o) => o.label),
      ...((f.rules as { message?: string }[] | undefined) ?? []).flatMap((r) => (r.message ? [r.message] : [])),
    ]),
  ]);

describe('page configurations', () => {
  it('show only locale keys present in both languages', () => {
    const used = new Set<string>([
      ...Object.values(pages).flatMap(keysOf),
      ...tabKeys([...WEB_TABS, ...PAY_TABS, ...OAUTH_TABS, ...SMS_TABS, ...STORE_CONFIG_TABS] as never),
      ...tabKeys(STORE_TABS as never),
      ...ORDER_TABS.map((t) => t.label),
      ...Object.values(STORE_TABS).flatMap((t) => Object.values(t.rules).flat().flatMap((r) => (r.message ? [r.message] : []))),
    ]);
    expect(used.size).toBeGreaterThan(200);
    const missing = [...used].filter((key) => !(key in zh) || !(key in en));
    expect(missing).toEqual([]);
  });

  it('point every page at its API list with search fields the server can filter', () => {
    expect(pages.adminsPage.url).toBe('/Admin/admins');
    expect(pages.areasPage.idKey).toBe('id');
    expect(pages.areasPage.tree).toEqual({ pid: 'code', lazyPid: 'pid' });
    expect(pages.adminMenusPage.tree).toBeTruthy();
    expect(pages.adminMoneyLogsPage.buttons).toMatchObject({ store: false, update: false, deletes: false });
    for (const [name, config] of Object.entries(pages)) {
      expect(config.url, name).toMatch(/^\/(Admin|Seller)\//);
      for (const s of config.search ?? []) expect(s.value, `${name} search`).toMatch(/^[a-z_]+$/);
    }
  });
});
