import { readFileSync } from 'node:fs';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin_menus, admin_permission_groups, admin_permissions, user_menus } from '../../server/db/schema';
import { adminMenus, sellerMenus } from '../../server/db/seed/menus';
import { openTestServer, type TestServer } from './helpers';

/**
 * Runs a migration file (`server/db/migrations/<name>.sql`) statement by statement, as drizzle's
 * migrator does, on the test server's database.
 */
export const runMigration = async (s: TestServer, name: string) => {
  const text = readFileSync(new URL(`../../server/db/migrations/${name}.sql`, import.meta.url), 'utf8');
  for (const statement of text.split('--> statement-breakpoint').map((x) => x.trim()).filter(Boolean)) await s.db.execute(sql.raw(statement));
};

export interface MenusMigrationCase {
  /** The migration file's name without `.sql`, e.g. `0017_coupons_menus`. */
  name: string;
  /** What the main test says the migration does. */
  title: string;
  adminIds: number[];
  sellerIds: number[];
  /** The permission groups (`admin_permission_groups.content`) the migration adds. */
  groups: string[];
  /** The admin routes whose permissions the migration adds in those groups (sorted or not). */
  routes?: string[];
  /** How many permissions those groups hold in a fresh seed (when `routes` does not say). */
  permissions?: number;
  /** Migrations written before menus had an English name leave `ename` empty: not compared. */
  ename?: false;
  /** Undoes what else the migration adds, after its menus and permissions are gone. */
  forget?: (s: TestServer) => Promise<void>;
  /** Checks what else the migration added, after it ran twice. */
  check?: (s: TestServer) => Promise<void>;
  /** More tests on the same database, after the main one. */
  more?: (server: () => TestServer, run: () => Promise<void>) => void;
}

type Menu = { id: number; pid: number; name: string; ename: string; icon: string; apis: string; view: string; is_open: number; is_sort: number };

/**
 * A menus migration on a database seeded before its pages: delete the menu rows, permissions and
 * groups a fresh seed has, run the migration twice, and find them again exactly as the seed
 * writes them (server/db/seed/menus.ts and the seed's permission names), once. (A fresh database
 * runs it before its seed: every server test file proves that path.)
 */
export function describeMenusMigration(c: MenusMigrationCase) {
  let s: TestServer;
  beforeAll(async () => {
    s = await openTestServer();
  });
  afterAll(() => s.close());
  const run = () => runMigration(s, c.name);
  const pick = ({ id, pid, name, ename, icon, apis, view, is_open, is_sort }: Menu) =>
    c.ename === false ? { id, pid, name, icon, apis, view, is_open, is_sort } : { id, pid, name, ename, icon, apis, view, is_open, is_sort };
  const byId = (a: Menu, b: Menu) => a.id - b.id;
  const permissionsOf = () =>
    s.db
      .select({ apis: admin_permissions.apis, name: admin_permissions.name, group: admin_permission_groups.content })
      .from(admin_permissions)
      .innerJoin(admin_permission_groups, eq(admin_permission_groups.id, admin_permissions.pid))
      .where(and(inArray(admin_permission_groups.content, c.groups), isNull(admin_permissions.deleted_at), c.routes && inArray(admin_permissions.apis, c.routes)))
      .orderBy(admin_permissions.apis);

  describe(`migration ${c.name}`, () => {
    it(c.title, async () => {
      const seeded = await permissionsOf();
      if (c.routes) expect(seeded.map((p) => p.apis)).toEqual([...c.routes].sort());
      else expect(seeded).toHaveLength(c.permissions!);
      // each in the group its route names (admin.<group>.<action>)
      expect(seeded.map((p) => p.group)).toEqual(seeded.map((p) => p.apis.split('.')[1]));
      // as a database seeded before these pages
      await s.db.delete(admin_menus).where(inArray(admin_menus.id, c.adminIds));
      await s.db.delete(user_menus).where(inArray(user_menus.id, c.sellerIds));
      await s.db.delete(admin_permissions).where(inArray(admin_permissions.apis, seeded.map((p) => p.apis)));
      await s.db.delete(admin_permission_groups).where(inArray(admin_permission_groups.content, c.groups));
      await c.forget?.(s);

      await run();
      await run();
      const admin = await s.db.select().from(admin_menus).where(inArray(admin_menus.id, c.adminIds)).orderBy(admin_menus.id);
      expect(admin.map(pick)).toEqual(adminMenus.filter((m) => c.adminIds.includes(m.id)).sort(byId).map(pick));
      const seller = await s.db.select().from(user_menus).where(inArray(user_menus.id, c.sellerIds)).orderBy(user_menus.id);
      expect(seller.map(pick)).toEqual(sellerMenus.filter((m) => c.sellerIds.includes(m.id)).sort(byId).map(pick));
      // the same routes, names and groups as the seed's, once each
      expect(await permissionsOf()).toEqual(seeded);
      await c.check?.(s);
    });
    c.more?.(() => s, run);
  });
}
