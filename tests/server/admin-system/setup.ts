import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { admin_permissions, admin_roles, admin_to_permissions, admin_to_roles, admins } from '../../../server/db/schema';
import { hashPassword } from '../../../server/http/password';
import type { TestServer } from '../helpers';

/** Shared fixtures of the admin system tests. */

let counter = 0;

/** Rows of a table matching `where` (live or not, as given). */
export async function countRows(s: TestServer, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await s.db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return row.n;
}

/**
 * A non-super admin (belong 1) holding exactly the given permission names through one new role;
 * returns its id and a token.
 */
export async function limitedAdmin(s: TestServer, permissions: string[]): Promise<{ id: number; roleId: number; token: string }> {
  const n = ++counter;
  const username = `lim${n}_${Date.now() % 100000}`;
  const [role] = await s.db.insert(admin_roles).values({ belong_id: 1, name: `r${n}` }).returning({ id: admin_roles.id });
  if (permissions.length) {
    const rows = await s.db
      .select({ id: admin_permissions.id, apis: admin_permissions.apis })
      .from(admin_permissions)
      .where(and(inArray(admin_permissions.apis, permissions), isNull(admin_permissions.deleted_at)));
    const missing = permissions.filter((p) => !rows.some((r) => r.apis === p));
    if (missing.length) throw new Error(`permissions not seeded: ${missing.join(', ')}`);
    await s.db.insert(admin_to_permissions).values(rows.map((r) => ({ role_id: role.id, permission_id: r.id })));
  }
  const [admin] = await s.db
    .insert(admins)
    .values({ belong_id: 1, username, password: await hashPassword('secret12'), nickname: username.slice(0, 15) })
    .returning({ id: admins.id });
  await s.db.insert(admin_to_roles).values({ admin_id: admin.id, role_id: role.id });
  return { id: admin.id, roleId: role.id, token: await s.login(username, 'secret12', 'admins') };
}

export const live = (table: PgTable & { deleted_at: unknown }) => isNull((table as unknown as { deleted_at: Parameters<typeof isNull>[0] }).deleted_at);
export { eq };
