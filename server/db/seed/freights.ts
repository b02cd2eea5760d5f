import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../client';
import { areas, freights, goods, stores } from '../schema';

/**
 * Freight templates of the demo stores (reference §6.12): every approved store ships by a default
 * template (first 1 kg 8.00, each further kg 2.00), and store 1 has a province template for its
 * remote provinces (Inner Mongolia, Tibet, Xinjiang: first 1 kg 20.00, each further kg 10.00),
 * which its first goods uses (elsewhere that goods ships by the default).
 */
export const DEFAULT_FREIGHT = { name: '默认运费', f_weight: '1.00', f_price: '8.00', o_weight: '1.00', o_price: '2.00' } as const;
export const REMOTE_FREIGHT = { name: '偏远地区', f_weight: '1.00', f_price: '20.00', o_weight: '1.00', o_price: '10.00' } as const;
/** Province codes of the remote template. */
export const REMOTE_PROVINCES = ['15', '54', '65'];

export async function seedFreights(tx: Tx): Promise<void> {
  const approved = await tx
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.store_verify, 4), isNull(stores.deleted_at)))
    .orderBy(asc(stores.id));
  if (approved.length === 0) return;
  await tx.insert(freights).values(approved.map((store) => ({ ...DEFAULT_FREIGHT, store_id: store.id, is_type: 0 })));
  const remote = await tx
    .select({ id: areas.id })
    .from(areas)
    .where(and(inArray(areas.code, REMOTE_PROVINCES), eq(areas.deep, 0)))
    .orderBy(asc(areas.code));
  const first = approved[0].id;
  if (remote.length === 0) return;
  const [template] = await tx
    .insert(freights)
    .values({ ...REMOTE_FREIGHT, store_id: first, is_type: 1, area_id: remote.map((a) => a.id).join(',') })
    .returning({ id: freights.id });
  const [firstGoods] = await tx.select({ id: goods.id }).from(goods).where(eq(goods.store_id, first)).orderBy(asc(goods.id)).limit(1);
  if (firstGoods) await tx.update(goods).set({ freight_id: template.id }).where(eq(goods.id, firstGoods.id));
}
