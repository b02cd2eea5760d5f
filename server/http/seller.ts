import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { stores, users } from '../db/schema';
import { defineMessages } from './messages';

defineMessages({
  noApprovedStore: {
    'zh-cn': '该账号没有已通过审核的店铺。',
    en: 'This account has no approved store.',
  },
});

/** The main account of a user: itself, or the owner a staff sub-account belongs to. */
export async function ownerIdOf(db: Db, userId: number): Promise<number | null> {
  const [user] = await db
    .select({ id: users.id, belong_id: users.belong_id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deleted_at)));
  if (!user) return null;
  return user.belong_id > 0 ? user.belong_id : user.id;
}

/**
 * The approved (store_verify 4) store the user owns or works for, or null, in one statement;
 * `staff` says whether the user is a sub-account of the store's owner.
 */
export async function findApprovedStore(db: Db, userId: number): Promise<{ id: number; user_id: number; staff: boolean } | null> {
  const [store] = await db
    .select({ id: stores.id, user_id: stores.user_id, staff: sql<boolean>`${users.belong_id} > 0` })
    .from(users)
    .innerJoin(
      stores,
      and(
        eq(stores.user_id, sql`case when ${users.belong_id} > 0 then ${users.belong_id} else ${users.id} end`),
        eq(stores.store_verify, 4),
        isNull(stores.deleted_at),
      ),
    )
    .where(and(eq(users.id, userId), isNull(users.deleted_at)))
    .limit(1);
  return store ?? null;
}
