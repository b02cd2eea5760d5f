import type { Database, Db } from '../db/client';
import type { Config } from '../config';

/** Who is calling, resolved by the auth middleware from the bearer token. */
export interface Caller {
  area: 'admin' | 'seller' | 'user';
  provider: 'admins' | 'users';
  accountId: number;
  sessionId: string;
}

export interface Services {
  database: Database;
  db: Db;
  config: Config;
}

export type AppEnv = {
  Variables: {
    services: Services;
    caller?: Caller;
  };
};
