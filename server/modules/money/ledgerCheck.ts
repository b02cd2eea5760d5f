import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

/**
 * The ledger's invariant (DESIGN §5, docs/decisions.md "The ledger"): for every account, each
 * balance equals the sum of its money_logs — users' money / frozen_money / integral (is_belong 0,
 * is_type 0 / 1 / 2) and stores' store_money / store_frozen_money (is_belong 1, is_type 0 / 1).
 * Every log counts, soft-deleted or not: a movement happened when it was written. Logs of an
 * account that does not exist are reported too. `npm run ledger:check` runs it.
 */
export interface LedgerMismatch {
  owner: 'user' | 'store';
  id: number;
  /** 0 balance, 1 frozen, 2 points. */
  type: number;
  /** The account's column ('' when the account does not exist). */
  balance: string;
  /** Σ of its logs. */
  logged: string;
}

export async function findLedgerMismatches(db: Db | Tx): Promise<LedgerMismatch[]> {
  const result = await db.execute(sql`
    with sums as (
      select is_belong, user_id, is_type, sum(money) as total from money_logs group by is_belong, user_id, is_type
    ),
    accounts as (
      select 0 as is_belong, u.id, k.type, k.balance
        from users u cross join lateral (values (0, u.money), (1, u.frozen_money), (2, u.integral)) as k(type, balance)
      union all
      select 1, st.id, k.type, k.balance
        from stores st cross join lateral (values (0, st.store_money), (1, st.store_frozen_money)) as k(type, balance)
    )
    select case when coalesce(a.is_belong, s.is_belong) = 1 then 'store' else 'user' end as owner,
           coalesce(a.id, s.user_id) as id,
           coalesce(a.type, s.is_type) as type,
           coalesce(a.balance::text, '') as balance,
           coalesce(s.total, 0)::numeric(14, 2)::text as logged
      from accounts a
      full join sums s on s.is_belong = a.is_belong and s.user_id = a.id and s.is_type = a.type
     where a.id is null or a.balance <> coalesce(s.total, 0)
     order by 1, 2, 3`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
  return rows.map((r) => ({ owner: r.owner as 'user' | 'store', id: Number(r.id), type: Number(r.type), balance: String(r.balance), logged: String(r.logged) }));
}
