import type { Db } from '../../../server/db/client';
import { widgets } from './widgets';

/**
 * Store 1: rows 1–6 (6 soft-deleted, child of 2); store 2: row 7 (child of 2, other store).
 * Tree of store 1: 1 → 3 → 5, 1 → 4, 2 (no live child of its store).
 */
export async function seedWidgets(db: Db) {
  await db.insert(widgets).values([
    { id: 1, store_id: 1, pid: 0, name: 'Alpha', sku: 'A-1', note: 'red%_x', qty: 1, price: '1.50', released_at: '2024-01-01 10:00:00' },
    { id: 2, store_id: 1, pid: 0, name: 'alphabet', sku: 'A-2', note: 'blue', qty: 5, price: '10.00', released_at: '2024-01-15 00:00:00' },
    { id: 3, store_id: 1, pid: 1, name: 'Beta', note: 'green', qty: 10, price: '99.99', released_at: '2024-02-01 00:00:00' },
    { id: 4, store_id: 1, pid: 1, name: 'Gamma', note: 'red', qty: 20, price: '100.00' },
    { id: 5, store_id: 1, pid: 3, name: 'Delta', note: "'; drop table widgets; --", qty: 0, price: '0.00' },
    { id: 6, store_id: 1, pid: 2, name: 'Epsilon', note: '100%', qty: 7, price: '7.00', deleted_at: '2024-03-01 00:00:00' },
    { id: 7, store_id: 2, pid: 2, name: 'Alpha', note: 'other store', qty: 1, price: '1.50' },
  ]);
  await db.execute("select setval('widgets_id_seq', 100)");
}
