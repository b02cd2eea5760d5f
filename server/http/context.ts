import type { Database, Db } from '../db/client';
import type { Config } from '../config';
import type { Ops } from '../ops/types';
import type { LiveHub } from '../live/hub';

export type Area = 'admin' | 'seller' | 'user';
/**
 * What a session and its tokens open: one area, or `users`, every area of the users provider:
 * the shop and, for the owner or staff of an approved store, the seller centre. A `users`
 * login without `area` (what the reference's own web and mobile clients send) gets `users`;
 * the `area` field narrows it to one area (DESIGN §5 Auth).
 */
export type Reach = Area | 'users';
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
  /** Metrics, access log and shutdown state of the running server (server/main.ts). */
  ops?: Ops;
  /** This instance's live delivery to its sockets (server/live); createApp makes one when absent. */
  live?: LiveHub;
}

export type AppEnv = {
  Variables: {
    services: Services;
    caller?: Caller;
  };
};
