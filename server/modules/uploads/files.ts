import { randomBytes } from 'node:crypto';
import dayjs from 'dayjs';
import { fail } from '../../http/envelope';
import { contentTypeOf, urlOfKey, type Storage } from '../../storage/types';
import { MAX_UPLOAD_BYTES, safeFolder } from './service';
import './messages';

const startsWith = (buf: Buffer, bytes: number[]) => bytes.every((b, i) => buf[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const text = (buf: Buffer) => buf.subarray(0, 64).toString('latin1');

/**
 * Non-image files the admin console may upload (reference §2.7 `uploadType=uploadFile`), each
 * recognised by its content, not its name. Certificates and keys are kept out of the public
 * /uploads tree: they are payment secrets, so they land under `private/` (DATA_DIR/private, or
 * the bucket's private/ prefix) and only the server reads them.
 */
const KINDS: Record<string, { check: (buf: Buffer) => boolean; private?: boolean }> = {
  ico: { check: (b) => startsWith(b, [0x00, 0x00, 0x01, 0x00]) },
  png: { check: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47]) },
  xlsx: { check: (b) => startsWith(b, ZIP) },
  xls: { check: (b) => startsWith(b, [0xd0, 0xcf, 0x11, 0xe0]) },
  apk: { check: (b) => startsWith(b, ZIP) },
  wgt: { check: (b) => startsWith(b, ZIP) },
  pem: { check: (b) => text(b).trimStart().startsWith('-----BEGIN '), private: true },
  crt: { check: (b) => text(b).trimStart().startsWith('-----BEGIN ') || startsWith(b, [0x30, 0x82]), private: true },
};

export const FILE_EXTENSIONS = Object.keys(KINDS);

/**
 * Stores an admin file upload. Returns `/uploads/<folder>/<day>/<random>.<ext>` for public
 * files, `private/<day>/<random>.<ext>` (the storage key; relative to DATA_DIR on the local disk)
 * for certificates.
 */
export async function saveFile(storage: Storage, file: File, folderName: string | undefined): Promise<string> {
  if (file.size > MAX_UPLOAD_BYTES) throw fail('fileTooLarge', undefined, 422, { field: 'file' });
  const ext = (file.name.split('.').pop() ?? '').toLowerCase();
  const kind = KINDS[ext];
  const buf = Buffer.from(await file.arrayBuffer());
  if (!kind || !kind.check(buf)) throw fail('fileType', { types: FILE_EXTENSIONS.join(', ') }, 422, { field: 'file' });
  const day = dayjs().format('YYYY-MM-DD');
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  const key = kind.private ? `private/${day}/${name}` : `uploads/${safeFolder(folderName)}/${day}/${name}`;
  await storage.put(key, buf, contentTypeOf(key));
  return kind.private ? key : urlOfKey(key);
}
