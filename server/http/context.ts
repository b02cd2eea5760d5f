import type { Database, Db } from '../db/client';
import type { Config } from '../config';

export type Area = 'admin' | 'seller' | 'user';
export type Provider = 'admins' | 'users';

/** Who is calling, resolved by the auth middleware from the bearer token. */
export interface Caller {
  area: Area;
  provider: Provider;
  accountId: number;
  sessionId: string;
  /** Seller area only: the approved store the caller owns or works for. */
  storeId?: number;
  /** Seller area only: true for a staff sub-account, false for the store's owner. */
  staff?: boolean;
}

export interface Services {
  database: Database;
  db: Db;
  config: Config;
  /** Free bytes on the file system holding a directory (default node:fs statfs; tests inject one). */
  freeBytes?: (dir: string) => Promise<number>;
}

export type AppEnv = {
  Variables: {
    services: Services;
    caller?: Caller;
  };
};
