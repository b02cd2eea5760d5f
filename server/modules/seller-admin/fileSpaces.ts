import { createHash } from 'node:crypto';
import { basename, extname } from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { file_space_dirs, file_spaces } from '../../db/schema';
import { defineResource, formText, mountResource } from '../../http/crud';
import { sellerCanOpen, sellerGuard, storeIdOf } from '../../http/crud-guards';
import type { AppEnv } from '../../http/context';
import { fail } from '../../http/envelope';
import { onlyActions, sessionStoreId } from './scope';

/**
 * The store's image space (reference §5.3): folders (`file_space_dirs`) and the images uploaded
 * into them (`file_spaces`), both with `belong_id` = the session's store. Folder 0 is the fixed
 * temporary folder. Deleting a folder deletes the records of its images with it (the reference's
 * contract; the page asks "delete the folder and every image in it?"), in the same transaction,
 * so no image is left in a folder that is gone. The goods form opens the image space too, so
 * both pages admit staff.
 */
export const FILE_SPACE_PAGES = ['/Seller/file_spaces', '/Seller/goods'] as const;

const storeScope = (ctx: Parameters<typeof storeIdOf>[0]) => ({ values: { belong_id: storeIdOf(ctx) } });

export const fileSpaceDirsResource = defineResource({
  table: file_space_dirs,
  area: 'seller',
  name: 'file_space_dirs',
  columns: {
    readable: ['id', 'name', 'created_at'],
    writable: { name: formText({ max: 30, min: 1 }) },
    filterable: ['id', 'name', 'created_at'],
  },
  scope: storeScope,
  softDelete: true,
  afterDelete: async (ids, { tx, caller }) => {
    const storeId = storeIdOf({ caller });
    await tx
      .update(file_spaces)
      .set({ deleted_at: sql`now()` })
      .where(and(eq(file_spaces.belong_id, storeId), inArray(file_spaces.dir_id, ids as number[]), isNull(file_spaces.deleted_at)));
  },
});

export const fileSpacesResource = defineResource({
  table: file_spaces,
  area: 'seller',
  name: 'file_spaces',
  columns: {
    readable: ['id', 'dir_id', 'name', 'new_name', 'url', 'ext_name', 'info', 'md5', 'created_at'],
    writable: {},
    filterable: ['id', 'dir_id', 'name', 'ext_name', 'created_at'],
  },
  scope: storeScope,
  softDelete: true,
});

/**
 * The image-space folder of a seller upload (`dir_id`): undefined when none was given (nothing
 * is recorded), 0 for the temporary folder, else a live folder of the caller's store (422
 * otherwise). Staff need a page that opens the image space (code 403 otherwise).
 */
export async function uploadDirOf(c: Context<AppEnv>, raw: string | undefined): Promise<number | undefined> {
  if (raw === undefined || raw.trim() === '') return undefined;
  const storeId = sessionStoreId(c);
  const db = c.get('services').db;
  if (!/^\d{1,9}$/.test(raw.trim())) throw fail('sellerAdmin.badDir', undefined, 422, { field: 'dir_id' });
  const caller = c.get('caller')!;
  if (!(await sellerCanOpen(db, caller.accountId, FILE_SPACE_PAGES, caller.staff))) throw fail('forbidden', undefined, 403);
  const dirId = Number(raw.trim());
  if (dirId === 0) return 0;
  const [dir] = await db
    .select({ id: file_space_dirs.id })
    .from(file_space_dirs)
    .where(and(eq(file_space_dirs.id, dirId), eq(file_space_dirs.belong_id, storeId), isNull(file_space_dirs.deleted_at)));
  if (!dir) throw fail('sellerAdmin.badDir', undefined, 422, { field: 'dir_id' });
  return dirId;
}

/** Records a stored upload (its URL and stored size) in the store's image space. */
export async function recordUpload(c: Context<AppEnv>, dirId: number, file: File, saved: { url: string; width: number; height: number }): Promise<void> {
  const { db } = c.get('services');
  const bytes = Buffer.from(await file.arrayBuffer());
  const { url } = saved;
  const meta = { width: saved.width, height: saved.height };
  await db.insert(file_spaces).values({
    belong_id: sessionStoreId(c),
    dir_id: dirId,
    name: (file.name || 'image').slice(0, 100),
    new_name: basename(url).slice(0, 60),
    md5: createHash('md5').update(bytes).digest('hex'),
    url,
    ext_name: extname(url).replace('.', '').slice(0, 20),
    info: `${meta.width ?? 0}*${meta.height ?? 0}`.slice(0, 30),
    status: 1,
  });
}

export function mountFileSpaces(api: Hono<AppEnv>) {
  const guard = sellerGuard(FILE_SPACE_PAGES);
  mountResource(api, '/Seller/file_space_dirs', fileSpaceDirsResource, onlyActions(guard, ['index', 'show', 'store', 'update', 'destroy']));
  mountResource(api, '/Seller/file_spaces', fileSpacesResource, onlyActions(guard, ['index', 'show', 'destroy']));
}
