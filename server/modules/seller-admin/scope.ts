import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { stores } from '../../db/schema';
import type { CrudAction, Guard, ScopeContext } from '../../http/crud';
import { storeIdOf } from '../../http/crud-guards';
import { fail } from '../../http/envelope';
import './messages';

/** The session's store of a seller-guarded request (never from the request). */
export function sessionStoreId(c: Context<AppEnv>): number {
  const storeId = c.get('caller')?.storeId;
  if (storeId === undefined) throw fail('unauthorized', undefined, 401);
  return storeId;
}

/** The main account (users.id) that owns a store. */
export async function ownerOfStore(db: Db, storeId: number): Promise<number> {
  const [row] = await db.select({ user_id: stores.user_id }).from(stores).where(eq(stores.id, storeId));
  if (!row) throw fail('unauthorized', undefined, 401);
  return row.user_id;
}

/** The owner of the caller's store (from the session, never from the request). */
export const sessionOwner = async (ctx: ScopeContext) => ownerOfStore(ctx.db, storeIdOf(ctx));

/** Limits a resource to some actions: any other answers code 404 like an unknown route. */
export function onlyActions(guard: Guard, actions: readonly CrudAction[]): Guard {
  return async (c, action, permission) => {
    if (!actions.includes(action)) throw fail('sellerAdmin.noSuchAction', undefined, 404);
    await guard(c, action, permission);
  };
}
