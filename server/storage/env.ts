import type { S3Settings } from './s3';

/** The environment's choice (config.ts reads it): a driver and, for s3, its settings. */
export interface StorageEnv {
  driver?: 'local' | 's3';
  s3?: S3Settings;
}

/** UPLOAD_DRIVER and S3_* → StorageEnv; throws a clear message for a driver it cannot use. */
export function storageEnv(env: NodeJS.ProcessEnv): StorageEnv {
  const driver = env.UPLOAD_DRIVER?.trim();
  if (!driver) return {};
  if (driver === 'local') return { driver: 'local' };
  if (driver !== 's3') throw new Error(`UPLOAD_DRIVER must be "local" or "s3", not "${driver}"`);
  const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => !env[name]?.trim());
  if (missing.length) throw new Error(`UPLOAD_DRIVER=s3 needs ${missing.join(', ')}`);
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^\s/]+/i.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) URL, not "${endpoint}"`);
  const publicUrl = env.S3_PUBLIC_URL?.trim() || undefined;
  if (publicUrl && !/^https?:\/\/[^\s]+$/i.test(publicUrl)) throw new Error(`S3_PUBLIC_URL must be an http(s) URL, not "${publicUrl}"`);
  return {
    driver: 's3',
    s3: {
      endpoint,
      bucket: env.S3_BUCKET!.trim(),
      region: env.S3_REGION?.trim() || 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID!.trim(),
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!.trim(),
      forcePathStyle: /^(1|true|yes)$/i.test(env.S3_FORCE_PATH_STYLE?.trim() ?? ''),
      publicUrl,
    },
  };
}
