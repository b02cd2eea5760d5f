import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { StorageUnavailable, type Storage, type StoredObject } from './types';

/** An S3-compatible bucket: from the environment (S3_*) or the admin's 上传配置. */
export interface S3Settings {
  /** `https://host[:port]`; unset for AWS S3 itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO and most stand-ins). */
  forcePathStyle: boolean;
  /** A CDN (or public bucket) base URL: `/uploads/…` then redirects to `<publicUrl>/uploads/…`. */
  publicUrl?: string;
}

/** The key the readiness check reads (it need not exist). */
const READY_PROBE_KEY = 'uploads/.ready';

/** Seconds before a request to the bucket gives up: a bucket that hangs must not hold a request for minutes. */
const CONNECT_TIMEOUT_MS = 3000;
const REQUEST_TIMEOUT_MS = 15000;

/**
 * Objects through the official AWS SDK v3. Checksums are sent and checked only where S3 requires
 * them: the SDK's default (CRC32 on every upload) is refused by several S3-compatible services.
 * Every failure to reach the bucket, or a refusal of our keys, becomes StorageUnavailable.
 */
export function s3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    endpoint: settings.endpoint || undefined,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
  const Bucket = settings.bucket;
  const where = `s3 (${settings.endpoint || 'aws'}, bucket ${Bucket})`;
  const unavailable = (err: unknown) => new StorageUnavailable(`${where}: ${describeS3Error(err)}`, { cause: err });
  return {
    kind: 's3',
    publicBaseUrl: settings.publicUrl?.replace(/\/+$/, '') || undefined,
    async put(key, body, contentType) {
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
      } catch (err) {
        throw unavailable(err);
      }
    },
    async get(key, options = {}): Promise<StoredObject | null> {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key, IfNoneMatch: options.ifNoneMatch }));
        return {
          body: out.Body as Readable,
          contentType: out.ContentType,
          size: out.ContentLength,
          etag: out.ETag,
          lastModified: out.LastModified,
        };
      } catch (err) {
        const status = statusOf(err);
        if (status === 304) return { body: Buffer.alloc(0), notModified: true, etag: options.ifNoneMatch };
        if (status === 404 && nameOf(err) !== 'NoSuchBucket') return null;
        throw unavailable(err);
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        if (statusOf(err) === 404 && nameOf(err) !== 'NoSuchBucket') return;
        throw unavailable(err);
      }
    },
    async check() {
      // reading a key that need not exist: an answer (the object, or NoSuchKey) means the bucket is
      // there and takes our signature, with no permission beyond the reads we need anyway
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: READY_PROBE_KEY }));
        (out.Body as Readable | undefined)?.destroy();
      } catch (err) {
        if (statusOf(err) === 404 && nameOf(err) !== 'NoSuchBucket') return;
        throw unavailable(err);
      }
    },
    describe: () => where,
  };
}

const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
const nameOf = (err: unknown) => (err as { name?: string })?.name;

/** A short line for logs: the service's error code and status, or the network error. */
export function describeS3Error(err: unknown): string {
  if (err instanceof S3ServiceException) return `${err.name} (HTTP ${err.$metadata.httpStatusCode ?? '?'})`;
  const code = (err as { code?: string })?.code;
  const message = err instanceof Error ? err.message : String(err);
  return code ? `${code}: ${message}` : message;
}
