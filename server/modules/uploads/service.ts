import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import dayjs from 'dayjs';
import sharp from 'sharp';
import { fail } from '../../http/envelope';
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

/**
 * Stores an image upload: the content (not the name) must decode as jpeg/png/gif/webp; it is
 * re-encoded (dropping metadata such as GPS tags), shrunk to `width`×`height` when larger, and
 * written to `<uploadsDir>/<folder>/<YYYY-MM-DD>/<random>.<ext>` with optional thumbnails
 * `<random>_<w>.<ext>`. Returns the public URL `/uploads/…`.
 */
export async function saveImage(uploadsDir: string, file: File, folderName: string | undefined, options: UploadOptions): Promise<string> {
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
  const dir = join(uploadsDir, folder, day);
  await mkdir(dir, { recursive: true });
  try {
    const main = await resized(input, animated, options).toFormat(format).toBuffer();
    await writeFile(join(dir, `${base}.${ext}`), main);
    for (const [width, height] of thumbsFor(folder, options.thumb)) {
      const thumb = await resized(input, animated, { width, height }).toFormat(format).toBuffer();
      await writeFile(join(dir, `${base}_${width}.${ext}`), thumb);
    }
  } catch (err) {
    if (err && typeof err === 'object' && 'code' in err) throw err;
    throw fail('notImage', undefined, 422, { field: 'file' });
  }
  return `/uploads/${folder}/${day}/${base}.${ext}`;
}
