import type { Hono } from 'hono';
import { phpTruthy } from '../../http/crud';
import { sellerGuard } from '../../http/crud-guards';
import { ok } from '../../http/envelope';
import { readInput } from '../../http/input';

/**
 * GET /api/Seller/freights: there are no freight templates yet (no `freights` table), so the list
 * is empty and a goods' `freight_id` is -1 (free shipping) or 0 (the store's default).
 */
export function mountFreights(api: Hono) {
  const guard = sellerGuard(['/Seller/freights', '/Seller/goods']);
  api.get('/Seller/freights', async (c) => {
    await guard(c as never, 'index', 'seller.freights.index');
    const input = await readInput(c);
    return ok(c, phpTruthy(input.isAll) ? [] : { data: [], total: 0, per_page: 30, current_page: 1, last_page: 1 });
  });
}
