import { and, eq, isNull } from 'drizzle-orm';
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

/** The approved (store_verify 4) store the user owns or works for, or null. */
export async function findApprovedStore(db: Db, userId: number): Promise<{ id: number; user_id: number } | null> {
  const ownerId = await ownerIdOf(db, userId);
  if (ownerId === null) return null;
  const [store] = await db
    .select({ id: stores.id, user_id: stores.user_id })
    .from(stores)
    .where(and(eq(stores.user_id, ownerId), eq(stores.store_verify, 4), isNull(stores.deleted_at)));
  return store ?? null;
}
