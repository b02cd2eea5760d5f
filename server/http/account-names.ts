import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';
import { fail } from './envelope';
import { defineMessages } from './messages';

/**
 * Shoppers, owners and staff log in with their username OR their phone, so both live in one
 * name space: a username may not be another account's phone, and a phone may not be another
 * account's username (a staff account named after someone's phone would take their phone login).
 */
defineMessages({
  'accounts.usernameIsPhone': {
    'zh-cn': '用户名 {value} 是其他账号的手机号，不能使用。',
    en: 'The username {value} is the phone number of another account.',
  },
  'accounts.phoneIsUsername': {
    'zh-cn': '手机号 {value} 是其他账号的用户名，不能使用。',
    en: 'The phone number {value} is the username of another account.',
  },
});

export async function assertLoginNamesFree(
  db: Db | Tx,
  names: { username?: string | null; phone?: string | null },
  selfId?: number,
): Promise<void> {
  const others = (column: typeof users.username | typeof users.phone, value: string) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(column, value), isNull(users.deleted_at), selfId === undefined ? undefined : ne(users.id, selfId)))
      .limit(1);
  // a name that is also someone's username is left to the unique rule: "already taken" says it best
  if (names.username && (await others(users.phone, names.username)).length && !(await others(users.username, names.username)).length)
    throw fail('accounts.usernameIsPhone', { value: names.username }, 409, { field: 'username' });
  if (names.phone && (await others(users.username, names.phone)).length)
    throw fail('accounts.phoneIsUsername', { value: names.phone }, 409, { field: 'phone' });
}
