import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (DESIGN §10): the instance's disk (`local`, under DATA_DIR) or an
 * S3-compatible bucket (`s3`: MinIO, Aliyun OSS, Tencent COS, AWS S3). Keys are relative paths:
 * `uploads/<folder>/<day>/<name>` for public files (served at `/uploads/<folder>/<day>/<name>`),
 * `private/…` for files no public URL may reach (payment certificates, ID cards, licences).
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Writes (or replaces) the object. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none; `ifNoneMatch` may answer `notModified`. */
  get(key: string, options?: { ifNoneMatch?: string }): Promise<StoredObject | null>;
  /** Removes the object (no error when it is missing). */
  delete(key: string): Promise<void>;
  /** Resolves when the storage answers (the readiness check); throws StorageUnavailable otherwise. */
  check(): Promise<void>;
  /** The CDN (or bucket website) address public files are served from, when one is set. */
  readonly publicBaseUrl?: string;
  /** What the storage is, for logs and the readiness answer (no secret in it). */
  describe(): string;
}

export interface StoredObject {
  body: Readable | Buffer;
  contentType?: string;
  size?: number;
  etag?: string;
  lastModified?: Date;
  /** The caller's ETag still matches (HTTP 304). */
  notModified?: boolean;
}

/** The storage cannot be reached or refused us (bucket missing, wrong keys, network): a clear 503, never a 500. */
export class StorageUnavailable extends Error {
  constructor(readonly detail: string, options?: { cause?: unknown }) {
    super(`file storage unavailable: ${detail}`, options);
    this.name = 'StorageUnavailable';
  }
}

/** A public upload's key → its URL path (`uploads/a/b.png` → `/uploads/a/b.png`). */
export const urlOfKey = (key: string) => `/${key}`;

/** `/uploads/a/b.png` → `uploads/a/b.png`; undefined for anything that is not a safe upload path. */
export function keyOfUploadPath(path: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (!/^\/uploads\/[A-Za-z0-9_\-./]+$/.test(decoded)) return undefined;
  const parts = decoded.slice(1).split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) return undefined;
  return parts.join('/');
}

/** Content type by file extension (what we store: images, sheets, packages, certificates). */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  apk: 'application/vnd.android.package-archive',
  wgt: 'application/widget',
  pem: 'application/x-pem-file',
  crt: 'application/x-x509-ca-cert',
};
