import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zh from '../../locales/zh-cn.json';
import type { DictItem, Row } from '../../machines/table';
import { installIntl } from '../../src/app/i18n';
import { resolveButtons } from '../../src/backoffice/table/buttons';
import { dictItems, dictQuery, collectIds, idColumnOf } from '../../src/backoffice/table/dicts';
import { buildSheet, importColumns, sheetRows } from '../../src/backoffice/table/sheet';
import { sheetColumns } from '../../src/backoffice/table/sheetColumns';
import type { DictData, PageConfig } from '../../src/backoffice/table/types';
import { adminsPage } from '../../src/backoffice/views/Admin/admins/index';
import { advSpacesPage } from '../../src/backoffice/views/Admin/adv_spaces/index';
import { advsPage } from '../../src/backoffice/views/Admin/advs/index';
import { agreementsPage } from '../../src/backoffice/views/Admin/agreements/index';
import { appVersionsPage } from '../../src/backoffice/views/Admin/app_versions/index';
import { articleMenusPage } from '../../src/backoffice/views/Admin/article_menus/index';
import { articlesPage } from '../../src/backoffice/views/Admin/articles/index';
import { areasPage } from '../../src/backoffice/views/Admin/exts/areas/index';
import { currenciesPage } from '../../src/backoffice/views/Admin/exts/currencies/index';
import { expressesPage } from '../../src/backoffice/views/Admin/exts/expresses/index';
import { adminMenusPage } from '../../src/backoffice/views/Admin/menus/index';
import { adminMoneyLogsPage } from '../../src/backoffice/views/Admin/money_logs/index';
import { noticesPage } from '../../src/backoffice/views/Admin/notices/index';
import { permissionGroupsPage } from '../../src/backoffice/views/Admin/permissions/group';
import { permissionsPage } from '../../src/backoffice/views/Admin/permissions/index';
import { sellerMenusPage } from '../../src/backoffice/views/Admin/seller_menus/index';
import { rolesPage } from '../../src/backoffice/views/Admin/shared/RolesPage';
import { smsPage } from '../../src/backoffice/views/Admin/sms/index';
import { smsLogsPage } from '../../src/backoffice/views/Admin/sms_logs/index';
import { usersPage } from '../../src/backoffice/views/Admin/users/index';
import { sellerMoneyLogsPage } from '../../src/backoffice/views/Seller/money_logs/index';
import { staffPage } from '../../src/backoffice/views/Seller/users/index';
import { goodsBrandsPage } from '../../src/backoffice/views/Admin/exts/goods_brands/index';
import { goodsClassesPage } from '../../src/backoffice/views/Admin/exts/goods_classes/index';
import { goodsAttrsPage } from '../../src/backoffice/views/Seller/goods_attrs/index';
import { goodsBrandsResource } from '../../server/modules/catalogue/brands';
import { goodsClassesResource } from '../../server/modules/catalogue/classes';
import type { Resource } from '../../server/http/crud';
import { check } from '../../server/http/crud/validate';
import { smsResource } from '../../server/modules/admin-system/logs';
import { menusResource as adminMenusResource, sellerMenusResource } from '../../server/modules/admin-system/menus';
import { permissionGroupsResource, permissionsResource } from '../../server/modules/admin-system/permissions';
import { usersResource } from '../../server/modules/admin-system/users';
import { advSpacesResource, advsResource } from '../../server/modules/content/advs';
import { agreementsResource } from '../../server/modules/content/agreements';
import { appVersionsResource } from '../../server/modules/content/appVersions';
import { areasResource } from '../../server/modules/content/areas';
import { articleMenusResource, articlesResource } from '../../server/modules/content/articles';
import { currenciesResource } from '../../server/modules/content/currencies';
import { expressesResource } from '../../server/modules/content/expresses';
import { noticesResource } from '../../server/modules/content/notices';
import { staffResource } from '../../server/modules/seller-admin/staff';
import { loginAdmin, loginOwnerSeller, openTestServer, type TestServer } from './helpers';

/**
 * Issue 3: "delete several" and "import from Excel" on every listed page. For each page the
 * toolbar shows both buttons, and a sheet exported from the page's rows (its own columns, the
 * row key first, dictionary columns as captions) reads back into rows the server's import
 * schema accepts — the export / edit / import round trip an operator makes.
 */
const translate = (key: string) => (zh as Record<string, string>)[key] ?? key;

interface Case {
  config: PageConfig;
  resource: Resource;
  seller?: boolean;
}

const importable: Record<string, Case> = {
  permissions: { config: permissionsPage, resource: permissionsResource as unknown as Resource },
  permission_groups: { config: permissionGroupsPage, resource: permissionGroupsResource as unknown as Resource },
  menus: { config: adminMenusPage, resource: adminMenusResource as unknown as Resource },
  seller_menus: { config: sellerMenusPage, resource: sellerMenusResource as unknown as Resource },
  users: { config: usersPage(() => undefined), resource: usersResource as unknown as Resource },
  areas: { config: areasPage, resource: areasResource as unknown as Resource },
  expresses: { config: { ...expressesPage, url: '/Admin/expresses' }, resource: expressesResource as unknown as Resource },
  currencies: { config: currenciesPage, resource: currenciesResource as unknown as Resource },
  notices: { config: noticesPage, resource: noticesResource as unknown as Resource },
  agreements: { config: agreementsPage, resource: agreementsResource as unknown as Resource },
  app_versions: { config: appVersionsPage, resource: appVersionsResource as unknown as Resource },
  article_menus: { config: articleMenusPage, resource: articleMenusResource as unknown as Resource },
  articles: { config: articlesPage, resource: articlesResource as unknown as Resource },
  adv_spaces: { config: advSpacesPage(() => undefined), resource: advSpacesResource as unknown as Resource },
  advs: { config: advsPage, resource: advsResource as unknown as Resource },
  sms: { config: smsPage, resource: smsResource as unknown as Resource },
  'seller users': { config: staffPage, resource: staffResource as unknown as Resource, seller: true },
  goods_classes: { config: goodsClassesPage, resource: goodsClassesResource as unknown as Resource },
  goods_brands: { config: goodsBrandsPage, resource: goodsBrandsResource as unknown as Resource },
};

let s: TestServer;
let admin: string;
let seller: string;
beforeAll(async () => {
  installIntl('zh-cn', zh as Record<string, string>);
  s = await openTestServer();
  admin = await loginAdmin(s);
  seller = await loginOwnerSeller(s);
});
afterAll(async () => {
  await s.close();
});

/** The page's dictionaries as the table page holds them for these rows. */
async function pageDicts(config: PageConfig, rows: Row[], token: string): Promise<DictData> {
  const dicts: DictData = { ...(config.dictData ?? {}) };
  for (const source of config.dicts ?? []) {
    const ids = source.selectByColumnIds ? collectIds(rows, idColumnOf(source)) : undefined;
    const [path, inUrl = ''] = source.url.split('?');
    const query = new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(inUrl)), ...(dictQuery(source, ids) as Record<string, string>) });
    const answer = await s.call('GET', `/api/${path.replace(/^\/+/, '')}?${query}`, { token });
    const items: DictItem[] = dictItems(answer.data, source) ?? [];
    dicts[source.name] = source.addSelect ? [source.addSelect, ...items] : items;
  }
  return dicts;
}

describe('batch delete and import on the table pages', () => {
  for (const [name, { config, resource, seller: isSeller }] of Object.entries(importable)) {
    it(`${name}: both buttons shown; an exported sheet imports back`, async () => {
      const buttons = resolveButtons(config.buttons);
      expect(buttons.destroy.show, 'batch delete').toBe(true);
      expect(buttons.import.show, 'import').toBe(true);

      const token = isSeller ? seller : admin;
      const query = new URLSearchParams({ page: '1', per_page: '30', ...((config.params ?? {}) as Record<string, string>) });
      const list = await s.call('GET', `/api${config.url}?${query}`, { token });
      expect(list.code).toBe(200);
      const rows: Row[] = list.data.data;
      expect(rows.length).toBeGreaterThan(0);

      const dicts = await pageDicts(config, rows, token);
      const columns = sheetColumns(config);
      const sheet = buildSheet(columns, rows, dicts, translate);
      const idKey = config.idKey ?? 'id';
      expect(sheet[0][0]).toBe(translate(columns[0].label));
      const back = sheetRows(sheet, importColumns(columns, config.form?.add ?? [], translate), dicts).rows;
      expect(back).toHaveLength(rows.length);
      back.forEach((row, index) => {
        // the key names the row an import updates
        expect(String(row[idKey])).toBe(String(rows[index][idKey]));
        const checked = check(resource.importSchema, row, 'zh-cn');
        expect(checked.ok ? [] : checked.issues, `${name} row ${index}: ${JSON.stringify(row)}`).toEqual([]);
      });
    });
  }

  it('goods classes and brands import for real: an exported sheet, edited, updates its rows; the seeded permissions exist', async () => {
    for (const [path, apis] of [['goods_classes', 'admin.goods_classes.import'], ['goods_brands', 'admin.goods_brands.import']] as const) {
      const permissions = await s.call<{ data: { apis: string }[] }>('GET', `/api/Admin/permissions?apis=${apis}`, { token: admin });
      expect(permissions.data.data.map((p) => p.apis)).toEqual([apis]);
      const list = await s.call<{ id: number; name: string }[]>('GET', `/api/Admin/${path}?isAll=1`, { token: admin });
      const [first] = list.data;
      const res = await s.call('POST', `/api/Admin/${path}/import/excel`, { token: admin, body: { 'rows[0][id]': first.id, 'rows[0][name]': `${first.name}改`, 'rows[1][name]': `新导入${path}`, ...(path === 'goods_classes' ? { 'rows[1][pid]': 0 } : {}) } });
      expect(res, res.msg).toMatchObject({ code: 200, data: { imported: 2, created: 1, updated: 1 } });
      const again = await s.call('POST', `/api/Admin/${path}/import/excel`, { token: admin, body: { 'rows[0][name]': `新导入${path}`, ...(path === 'goods_classes' ? { 'rows[0][pid]': 0 } : {}) } });
      expect(again.code).toBe(422);
      expect(again.msg).toBeTruthy();
    }
  });

  it('seller goods attributes: several can be deleted at once; no import (a sheet row carries no specs)', () => {
    const buttons = resolveButtons(goodsAttrsPage.buttons);
    expect(buttons.destroy.show).toBe(true);
    expect(buttons.import.show).toBe(false);
  });

  it('accounts and roles: several can be deleted at once, but none are imported (no passwords or grants in a sheet)', () => {
    for (const config of [adminsPage, rolesPage('/Admin/roles', () => undefined), rolesPage('/Seller/roles', () => undefined)]) {
      const buttons = resolveButtons(config.buttons);
      expect(buttons.destroy.show).toBe(true);
      expect(buttons.import.show).toBe(false);
    }
  });

  it('log pages import nothing; money logs are an audit trail: not deletable in the page nor on the server', async () => {
    expect(resolveButtons(smsLogsPage.buttons).import.show).toBe(false);
    expect(resolveButtons(smsLogsPage.buttons).destroy.show).toBe(true);
    for (const config of [adminMoneyLogsPage, sellerMoneyLogsPage]) {
      const buttons = resolveButtons(config.buttons);
      expect([buttons.import.show, buttons.destroy.show, buttons.deletes.show, buttons.store.show, buttons.update.show]).toEqual([false, false, false, false, false]);
    }
    const adminDelete = await s.call('DELETE', '/api/Admin/money_logs/1', { token: admin });
    expect(adminDelete.code).not.toBe(200);
    const sellerDelete = await s.call('DELETE', '/api/Seller/money_logs/1', { token: seller });
    expect(sellerDelete.code).not.toBe(200);
    expect((await s.call('POST', '/api/Admin/money_logs/import/excel', { token: admin, body: { 'rows[0][name]': 'x' } })).code).not.toBe(200);
  });
});
