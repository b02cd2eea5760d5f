import { randomBytes } from 'node:crypto';
import dayjs from 'dayjs';
import sharp, { type OutputInfo } from 'sharp';
import { fail } from '../../http/envelope';
import { urlOfKey, type Storage } from '../../storage/types';
import './messages';

export const MAX_UPLOAD_BYTES = 10_485_760;
/** Decoded size limit, against decompression bombs (50 megapixels). */
const MAX_PIXELS = 50_000_000;
const FORMATS = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' } as const;
type Format = keyof typeof FORMATS;

export interface UploadOptions {
  width?: number;
  height?: number;
  thumb?: [number, number][];
}

/**
 * Thumbnails every upload into a folder always gets, whatever `option` says: goods images are
 * shown at 400 px (detail, cards) and 150 px (lists, carts), as `<name>_400.<ext>` and
 * `<name>_150.<ext>` beside the original (docs/catalogue-api.md).
 */
export const REQUIRED_THUMBS: Readonly<Record<string, readonly [number, number][]>> = {
  goods: [
    [400, 400],
    [150, 150],
  ],
};

/** The client's thumbnails plus the folder's required ones (one per width). */
export function thumbsFor(folder: string, requested: [number, number][] = []): [number, number][] {
  const out = [...requested];
  for (const size of REQUIRED_THUMBS[folder] ?? []) if (!out.some(([width]) => width === size[0])) out.push([size[0], size[1]]);
  return out;
}

/** The sub-folder from the client's `name`: lower-case [a-z0-9_], at most 30 characters, default `myfiles`. */
export function safeFolder(name: string | undefined): string {
  return (name ?? '').toLowerCase().replace(/[^a-z0-9_]/g, '').slice(0, 30) || 'myfiles';
}

function resized(input: Buffer, animated: boolean, size: { width?: number; height?: number }) {
  let image = sharp(input, { animated, limitInputPixels: MAX_PIXELS }).rotate();
  if (size.width || size.height) image = image.resize({ width: size.width, height: size.height, fit: 'inside', withoutEnlargement: true });
  return image;
}

export interface SavedImage {
  /** The public URL path `/uploads/…` (or, for a private folder, the object's key `private/…`). */
  url: string;
  key: string;
  width: number;
  height: number;
}

/**
 * Stores an image upload: the content (not the name) must decode as jpeg/png/gif/webp; it is
 * re-encoded (dropping metadata such as GPS tags), shrunk to `width`×`height` when larger, and
 * put in the storage as `uploads/<folder>/<YYYY-MM-DD>/<random>.<ext>` with optional thumbnails
 * `<random>_<w>.<ext>` beside it; its URL is `/uploads/…`. With `privateKeyPrefix`
 * (`private/identity/u12`) it is stored under that prefix instead, without thumbnails, and has
 * no public URL (privateFiles.ts signs addresses for it).
 */
export async function saveImage(storage: Storage, file: File, folderName: string | undefined, options: UploadOptions, privateKeyPrefix?: string): Promise<SavedImage> {
  if (file.size > MAX_UPLOAD_BYTES) throw fail('fileTooLarge', undefined, 422, { field: 'file' });
  const input = Buffer.from(await file.arrayBuffer());
  let format: Format;
  let pages = 1;
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
    if (!meta.format || !(meta.format in FORMATS)) throw new Error('format');
    format = meta.format as Format;
    pages = meta.pages ?? 1;
  } catch {
    throw fail('notImage', undefined, 422, { field: 'file' });
  }
  const ext = FORMATS[format];
  const animated = pages > 1;
  const folder = safeFolder(folderName);
  const day = dayjs().format('YYYY-MM-DD');
  const base = randomBytes(16).toString('hex');
  const dir = privateKeyPrefix ? `${privateKeyPrefix}/${day}` : `uploads/${folder}/${day}`;
  const type = `image/${format}`;
  let encoded: { data: Buffer; info: OutputInfo };
  const thumbs: [string, Buffer][] = [];
  try {
    encoded = await resized(input, animated, options).toFormat(format).toBuffer({ resolveWithObject: true });
    if (!privateKeyPrefix) {
      for (const [width, height] of thumbsFor(folder, options.thumb)) {
        thumbs.push([`${dir}/${base}_${width}.${ext}`, await resized(input, animated, { width, height }).toFormat(format).toBuffer()]);
      }
    }
  } catch {
    throw fail('notImage', undefined, 422, { field: 'file' });
  }
  const key = `${dir}/${base}.${ext}`;
  // thumbnails first: once the main image exists, its thumbnails do too
  for (const [thumbKey, data] of thumbs) await storage.put(thumbKey, data, type);
  await storage.put(key, encoded.data, type);
  return { url: privateKeyPrefix ? key : urlOfKey(key), key, width: encoded.info.width, height: encoded.info.pageHeight ?? encoded.info.height };
}

