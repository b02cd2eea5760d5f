import { fail } from '../../http/envelope';
import type { WriteContext } from '../../http/crud';

/**
 * Platform content records the admin that created it in `belong_id` (reference "owner = admin").
 * The content is shared by every admin of the platform, so reads are not narrowed by it.
 */
export function creatorOf(ctx: WriteContext): number {
  const caller = ctx.caller;
  if (!caller || caller.area !== 'admin') throw fail('unauthorized', undefined, 401);
  return caller.accountId;
}

export function stampCreator<V extends { belong_id?: number }>(values: V, ctx: WriteContext): V {
  return ctx.action === 'update' ? values : { ...values, belong_id: creatorOf(ctx) };
}
