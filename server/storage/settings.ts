import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { configs } from '../db/schema';
import { memoFor } from '../http/memo';
import { localStorage } from './local';
import { s3Storage, type S3Settings } from './s3';
import type { Storage } from './types';

/**
 * Which storage serves this instance:
 * 1. the environment, when UPLOAD_DRIVER is set (`local`, or `s3` with S3_*): it wins;
 * 2. else the admin's 上传配置 (`configs.upload`), once it is switched on and complete;
 * 3. else the local disk.
 * The admin's settings are read again at most once per SETTINGS_TTL_MS, so a change made on
 * one instance takes effect on every instance within that time, without a restart.
 */
export const SETTINGS_TTL_MS = 1000;

type Obj = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const on = (v: unknown) => v === true || v === 'true' || v === '1' || v === 1;

/**
 * The admin's upload settings → S3Settings, or undefined while object storage is off or a
 * required value (key id, secret, bucket, endpoint) is missing. An endpoint given as a bare host
 * gets https:// when `ssl` is on, http:// otherwise.
 */
export function s3FromAdmin(saved: Obj): S3Settings | undefined {
  if (!on(saved.save_type)) return undefined;
  const [accessKeyId, secretAccessKey, bucket, rawEndpoint] = [saved.key, saved.access, saved.bucket, saved.endpoint].map(str);
  if (!accessKeyId || !secretAccessKey || !bucket || !rawEndpoint) return undefined;
  const endpoint = /^https?:\/\//i.test(rawEndpoint) ? rawEndpoint : `${on(saved.ssl) ? 'https' : 'http'}://${rawEndpoint}`;
  return {
    endpoint,
    bucket,
    region: str(saved.region) || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: on(saved.path_style),
    publicUrl: str(saved.cdn) || undefined,
  };
}

async function adminSettings(db: Db): Promise<Obj> {
  const [row] = await db
    .select({ content: configs.content })
    .from(configs)
    .where(and(eq(configs.name, 'upload'), isNull(configs.deleted_at)));
  try {
    const value = row ? JSON.parse(row.content) : {};
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

interface Resolver {
  /** `db`: the caller's connection or transaction, used if the settings are read now. */
  get(db: Db): Promise<Storage>;
}
/** One resolver per app configuration (an app reads its storage settings through its own database). */
const resolvers = new WeakMap<Config, Resolver>();

/** The storage of this instance now (see the order above). */
export function storageOf(services: { db: Db; config: Config }): Promise<Storage> {
  let resolver = resolvers.get(services.config);
  if (!resolver) resolvers.set(services.config, (resolver = resolverFor(services.config)));
  return resolver.get(services.db);
}

function resolverFor(config: Config): Resolver {
  const local = localStorage(config.dataDir);
  const env = config.storage ?? {};
  if (env.driver === 'local') return { get: async () => local };
  if (env.driver === 's3' && env.s3) {
    const fixed = s3Storage(env.s3);
    return { get: async () => fixed };
  }
  // the admin's settings: one S3 client per distinct settings, rebuilt only when they change
  let built: { fingerprint: string; storage: Storage } | undefined;
  let reader: Db | undefined;
  const memo = memoFor(SETTINGS_TTL_MS, async () => {
    // read through the connection of the call that found the memo expired (get() runs this at once)
    const s3 = s3FromAdmin(await adminSettings(reader!));
    if (!s3) return local;
    const fingerprint = JSON.stringify(s3);
    if (built?.fingerprint !== fingerprint) built = { fingerprint, storage: s3Storage(s3) };
    return built.storage;
  });
  return {
    get: (db) => {
      reader = db;
      return memo.get();
    },
  };
}

/** The storage the environment fixes, if any (scripts: storage:migrate). */
export function envStorage(config: Config): Storage | undefined {
  return config.storage?.driver === 's3' && config.storage.s3 ? s3Storage(config.storage.s3) : undefined;
}
