import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { fail, ok } from '../../http/envelope';
import { parseInput, validate } from '../../http/input';
import { adminRoutes, sellerRoutes, shopperRoutes } from '../../http/routes';
import { sellerCanOpen } from '../../http/crud-guards';
import { FILE_SPACE_PAGES, recordUpload, uploadDirOf } from '../seller-admin/fileSpaces';
import { safeFolder, saveImage, type SavedImage, type UploadOptions } from './service';
import { saveFile } from './files';
import { admitUpload, assertRoomFor, chargeUpload, isDiskFull } from './limits';
import { storageOf } from '../../storage/settings';
import type { Storage } from '../../storage/types';
import { withInput } from '../../openapi/describe';
import { PRIVATE_FOLDERS, signedUrl, uploaderOf } from '../../storage/privateFiles';

const uploadSchema = z.object({
  file: z.instanceof(File),
  name: z.string().max(60).optional(),
  option: z.string().max(2000).optional(),
});

const dimension = z.coerce.number().int().min(1).max(8192);
const optionSchema = z.object({
  width: z.preprocess((v) => (v === '' || v === 0 || v === '0' ? undefined : v), dimension.optional()),
  height: z.preprocess((v) => (v === '' || v === 0 || v === '0' ? undefined : v), dimension.optional()),
  thumb: z.array(z.tuple([dimension, dimension])).max(5).optional(),
});

function parseOption(text: string | undefined): UploadOptions {
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw fail('fieldInvalid', { field: 'option' }, 422, { field: 'option' });
  }
  try {
    return validate(optionSchema, value ?? {});
  } catch {
    throw fail('fieldInvalid', { field: 'option' }, 422, { field: 'option' });
  }
}

/**
 * Every upload: the caller's rate limit before the body is read, free space (local disk only) and
 * the daily quota before the file is written (limits.ts), the bytes charged after. A write that
 * meets a full disk anyway is the same clear refusal; a bucket that cannot be reached is a 503
 * (StorageUnavailable, app.ts).
 */
async function limited<I extends { file: File }, R>(c: Context<AppEnv>, schema: z.ZodType<I>, store: (input: I, storage: Storage) => Promise<R>): Promise<{ input: I; saved: R }> {
  await admitUpload(c);
  const input = await parseInput(c, schema);
  const storage = await storageOf(c.get('services'));
  await assertRoomFor(c, input.file.size, storage.kind === 'local');
  let saved: R;
  try {
    saved = await store(input, storage);
  } catch (err) {
    if (isDiskFull(err)) {
      console.error('[souk] upload failed: the disk is full', c.req.path);
      throw fail('diskFull', undefined, 507);
    }
    throw err;
  }
  await chargeUpload(c, input.file.size);
  return { input, saved };
}

/**
 * An image into a private folder (identity documents: PRIVATE_FOLDERS) is stored under
 * `private/…` with its uploader, and answered with a signed address (storage/privateFiles.ts).
 */
function savePrivateOrPublic(c: Context<AppEnv>, storage: Storage, input: { file: File; name?: string; option?: string }) {
  const folder = safeFolder(input.name);
  const prefix = PRIVATE_FOLDERS.has(folder) ? `private/${folder}/${uploaderOf(c.get('caller')!)}` : undefined;
  return saveImage(storage, input.file, input.name, parseOption(input.option), prefix);
}

const answerUrl = (c: Context<AppEnv>, saved: SavedImage) =>
  saved.url.startsWith('private/') ? signedUrl(c.get('services').config.jwtSecret, saved.key) : saved.url;

async function upload(c: Context<AppEnv>) {
  const { saved } = await limited(c, uploadSchema, (input, storage) => savePrivateOrPublic(c, storage, input));
  return ok(c, answerUrl(c, saved));
}

/** Admin uploads: images, or with `uploadType=uploadFile` the files of files.ts (certificates, packages, sheets). */
const adminUploadSchema = uploadSchema.extend({ uploadType: z.enum(['uploadPic', 'uploadFile']).optional() });

async function adminUpload(c: Context<AppEnv>) {
  const { saved } = await limited(c, adminUploadSchema, async (input, storage) =>
    input.uploadType === 'uploadFile' ? saveFile(storage, input.file, input.name) : answerUrl(c, await savePrivateOrPublic(c, storage, input)),
  );
  return ok(c, saved);
}

const mayUseImageSpace = async (c: Context<AppEnv>) => {
  const caller = c.get('caller');
  return caller !== undefined && (await sellerCanOpen(c.get('services').db, caller.accountId, FILE_SPACE_PAGES, caller.staff));
};

/** Seller uploads with `dir_id` are also recorded in the store's image space (file_spaces). */
const sellerUploadSchema = uploadSchema.extend({ dir_id: z.string().max(12).optional() });

async function sellerUpload(c: Context<AppEnv>) {
  let dirId: number | undefined;
  const { input, saved } = await limited(c, sellerUploadSchema, async (input, storage): Promise<SavedImage> => {
    // Goods images land in the image space's temporary folder when no folder is named, so the
    // goods form's "空间" picker finds them (staff without the goods or image-space page: not recorded).
    const goodsDefault = input.dir_id === undefined && safeFolder(input.name) === 'goods' && (await mayUseImageSpace(c));
    dirId = await uploadDirOf(c, goodsDefault ? '0' : input.dir_id);
    return saveImage(storage, input.file, input.name, parseOption(input.option));
  });
  if (dirId !== undefined) await recordUpload(c, dirId, input.file, saved);
  return ok(c, saved.url);
}

/** Image uploads for the three areas (each needs a login of that area). */
export function mountUploads(api: Hono<AppEnv>) {
  shopperRoutes(api).post('/uploads', withInput(uploadSchema, upload, { multipart: true }));
  sellerRoutes(api).post('/uploads', withInput(sellerUploadSchema, sellerUpload, { multipart: true }));
  adminRoutes(api).post('/uploads', 'admin.uploads', withInput(adminUploadSchema, adminUpload, { multipart: true }), { self: true });
}
