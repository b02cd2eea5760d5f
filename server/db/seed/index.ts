import type { Db } from '../client';

/** Seeds the demo data on the first start of an empty database. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  void db;
  return false;
}
