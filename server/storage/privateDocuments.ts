import { createHash } from 'node:crypto';
import { and, eq, inArray, like, notLike } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { stores, user_checks } from '../db/schema';
import { thumbUrl } from '../modules/catalogue/images';
import { REQUIRED_THUMBS } from '../modules/uploads/service';
import { bytesOf } from './bytes';
import { keyOfUploadPath, type Storage } from './types';

/**
 * Identity documents saved before they became private (storage/privateFiles.ts) still point at
 * public `/uploads/…` files. `privatizeDocuments` moves each into the private tree and rewrites
 * the rows that name it, so from then on only signed addresses reach it:
 *
 * 1. every store licence / ID photo and real-name check photo whose value is an `/uploads/…` path
 *    (the committed demo images under `/uploads/seed/` excepted: no one's papers);
 * 2. the file is copied to `private/<licence|identity>/u<owner>/<day>/<md5 of the old key>.<ext>`
 *    — a key that depends only on the old one, so two instances doing it at once write the same
 *    object — then each row is updated only while it still holds the old value;
 * 3. only then the public file (and thumbnails a client may have had made beside it) is deleted.
 *
 * Idempotent: a second run finds nothing to do; a run cut short is finished by the next. Works on
 * any storage driver (it only gets, puts and deletes keys). Runs at every start (server/main.ts)
 * and as `npm run storage:private-documents`.
 */
export interface PrivatizeReport {
  /** Files moved into the private tree. */
  moved: number;
  /** Rows rewritten to a private key. */
  rows: number;
  /** Old paths whose file is in no storage (left as they are: nothing public to hide). */
  missing: string[];
  /** Old values that are no image path we can move (left as they are). */
  skipped: string[];
  failed: { path: string; error: string }[];
}

type Folder = 'licence' | 'identity';

interface DocumentColumns {
  table: PgTable;
  id: PgColumn;
  owner: PgColumn;
  fields: [PgColumn, Folder][];
}

const COLUMNS: DocumentColumns[] = [
  { table: stores, id: stores.id, owner: stores.user_id, fields: [[stores.business_license, 'licence'], [stores.id_card_t, 'identity'], [stores.id_card_b, 'identity']] },
  { table: user_checks, id: user_checks.id, owner: user_checks.user_id, fields: [[user_checks.card_t, 'identity'], [user_checks.card_b, 'identity']] },
];

const EXTENSIONS: Record<string, string> = { jpg: 'jpg', jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' };
const THUMB_WIDTHS = [...new Set(Object.values(REQUIRED_THUMBS).flatMap((sizes) => sizes.map(([width]) => width)))];

/** One row's field that holds an old public document. */
interface Reference {
  columns: DocumentColumns;
  field: PgColumn;
  folder: Folder;
  rowId: number;
  owner: number;
}

/** The private key an old public document moves to (the same for the same old key, folder and owner). */
export function privateKeyOf(oldKey: string, folder: Folder, owner: number, today = new Date()): string | undefined {
  const ext = EXTENSIONS[oldKey.slice(oldKey.lastIndexOf('.') + 1).toLowerCase()];
  if (!ext) return undefined;
  const day = /\/(\d{4}-\d{2}-\d{2})\//.exec(oldKey)?.[1] ?? today.toISOString().slice(0, 10);
  return `private/${folder}/u${owner}/${day}/${createHash('md5').update(oldKey).digest('hex')}.${ext}`;
}

/** Every row field that still holds a public upload path, grouped by that path. */
async function publicReferences(db: Db): Promise<Map<string, Reference[]>> {
  const byPath = new Map<string, Reference[]>();
  for (const columns of COLUMNS) {
    for (const [field, folder] of columns.fields) {
      const rows = (await db
        .select({ id: columns.id, owner: columns.owner, value: field })
        .from(columns.table)
        .where(and(like(field, '/uploads/%'), notLike(field, '/uploads/seed/%')))) as { id: number; owner: number; value: string }[];
      for (const row of rows) {
        const list = byPath.get(row.value) ?? [];
        list.push({ columns, field, folder, rowId: row.id, owner: row.owner });
        byPath.set(row.value, list);
      }
    }
  }
  return byPath;
}

/** Rows that still name `path` (another run may have moved it meanwhile). */
async function stillNamed(db: Db, path: string, refs: Reference[]): Promise<number> {
  let n = 0;
  for (const ref of refs) n += (await db.select({ id: ref.columns.id }).from(ref.columns.table).where(and(eq(ref.columns.id, ref.rowId), eq(ref.field, path)))).length;
  return n;
}

async function moveOne(db: Db, storage: Storage, path: string, refs: Reference[], report: PrivatizeReport) {
  const oldKey = keyOfUploadPath(path.split(/[?#]/)[0]);
  const targets = oldKey ? refs.map((ref) => ({ ref, key: privateKeyOf(oldKey, ref.folder, ref.owner) })) : [];
  if (!oldKey || targets.some((t) => !t.key)) {
    report.skipped.push(path);
    return;
  }
  const found = await storage.get(oldKey);
  if (!found) {
    if ((await stillNamed(db, path, refs)) > 0) report.missing.push(path);
    return;
  }
  const body = await bytesOf(found.body);
  const contentType = found.contentType ?? 'application/octet-stream';
  const written = new Set<string>();
  for (const { key } of targets) {
    if (written.has(key!)) continue;
    await storage.put(key!, body, contentType);
    written.add(key!);
  }
  report.moved += written.size;
  // the rows change only while they still hold the old path: a concurrent run or an edit wins
  await db.transaction(async (tx) => {
    for (const { ref, key } of targets) {
      const changed = await tx
        .update(ref.columns.table)
        .set({ [ref.field.name]: key })
        .where(and(inArray(ref.columns.id, [ref.rowId]), eq(ref.field, path)))
        .returning({ id: ref.columns.id });
      report.rows += changed.length;
    }
  });
  // the thumbnails beside it, named as every image's (`x.jpg` → `x_400.jpg`); a key has no leading slash
  for (const key of [oldKey, ...THUMB_WIDTHS.map((w) => thumbUrl(`/${oldKey}`, w).slice(1))]) await storage.delete(key);
}

/** Moves every old public identity document into the private tree (see above). */
export async function privatizeDocuments(db: Db, storage: Storage): Promise<PrivatizeReport> {
  const report: PrivatizeReport = { moved: 0, rows: 0, missing: [], skipped: [], failed: [] };
  for (const [path, refs] of await publicReferences(db)) {
    try {
      await moveOne(db, storage, path, refs, report);
    } catch (err) {
      report.failed.push({ path, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return report;
}
