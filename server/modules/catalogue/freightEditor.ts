import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { areas, freights, goods, stores } from '../../db/schema';
import type { Db, Tx } from '../../db/client';
import { fromCents, toCents } from '../../db/money';
import { blankAsMissing, formInt, formText } from '../../http/crud';
import { fail } from '../../http/envelope';
import { defineMessages, t, type Lang } from '../../http/messages';

/**
 * The store's freight templates (reference §6.12, docs/orders-api.md "Store"): read as the editor
 * shows them, and saved whole. Row 0 of the editor is the default template (is_type 0, one per
 * store); the others are province templates (is_type 1), each province in one template at most.
 */

export const freightMessage = defineMessages({
  'freights.defaultName': { 'zh-cn': '默认运费', en: 'Default freight' },
  'freights.issue.decimal': { 'zh-cn': '必须是 0 到 {max} 之间、最多两位小数的数', en: 'must be a number from 0 to {max} with at most 2 decimals' },
  'freights.issue.notYours': { 'zh-cn': '不是本店的运费模板', en: 'is not one of this store\'s freight templates' },
  'freights.issue.repeated': { 'zh-cn': '模板重复出现', en: 'appears twice' },
  'freights.issue.province': { 'zh-cn': '不是省份', en: 'is not a province' },
  'freights.issue.provinceTaken': { 'zh-cn': '「{province}」已在模板「{name}」中', en: '"{province}" is already in the template "{name}"' },
  'freights.issue.noProvince': { 'zh-cn': '请至少选择一个省份', en: 'choose at least one province' },
  'freights.isDefault': { 'zh-cn': '默认运费模板不能删除', en: 'The default freight template cannot be deleted' },
});

/** Most templates one store keeps (the default and 49 others): there are 34 provinces. */
export const MAX_TEMPLATES = 50;

const issue = (messageKey: string, vars?: Record<string, string | number>) => ({ params: { messageKey, vars } });

/** A non-negative 2-decimal number up to `max` (weights in kg, prices in yuan) → 'x.xx'. */
const decimal = (max: string) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => /^\d{1,7}(\.\d{1,2})?$/.test(v) && toCents(v) <= toCents(max), issue('freights.issue.decimal', { max }))
    .transform((v) => fromCents(toCents(v)));

/** Province ids: a list, a comma list, or '' (none; what a cleared picker sends). */
const provinceIds = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : typeof v === 'string' ? v.split(',') : v),
  z.array(formInt({ min: 1 })).max(40),
);

const templateRow = z.object({
  id: blankAsMissing(formInt({ min: 0 })).transform((v) => v ?? 0),
  name: blankAsMissing(formText({ max: 30 })),
  f_weight: decimal('9999.99'),
  f_price: decimal('99999.99'),
  o_weight: decimal('9999.99'),
  o_price: decimal('99999.99'),
  area_id: provinceIds,
});

/** qs gives `info[0][…]` as an array, or an object when the indices have gaps: taken in index order. */
const asList = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.entries(v as Record<string, unknown>)
        .filter(([key]) => /^\d+$/.test(key))
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, row]) => row)
    : v;

export const editorSchema = z.object({ info: z.preprocess(asList, z.array(templateRow).min(1).max(MAX_TEMPLATES)) });
export type EditorInput = z.output<typeof editorSchema>;

type Exec = Db | Tx;

/** A 422 about one field of the editor (`info.2.area_id`). */
const fieldError = (field: string, messageKey: string, lang: Lang, vars?: Record<string, string | number>) => {
  const message = t(messageKey, lang, vars);
  return fail('invalid', { detail: `${field}: ${message}` }, 422, { field, issues: [{ field, message }] });
};

/** The store's live templates, default first, as the editor and the goods form read them. */
export async function listFreights(db: Exec, storeId: number) {
  const rows = await db
    .select()
    .from(freights)
    .where(and(eq(freights.store_id, storeId), isNull(freights.deleted_at)))
    .orderBy(asc(freights.is_type), asc(freights.id));
  const ids = [...new Set(rows.flatMap((row) => splitIds(row.area_id)))];
  const names = ids.length
    ? new Map((await db.select({ id: areas.id, name: areas.name }).from(areas).where(inArray(areas.id, ids))).map((a) => [a.id, a.name]))
    : new Map<number, string>();
  return rows.map((row) => {
    const areaIds = splitIds(row.area_id);
    return {
      id: row.id,
      store_id: row.store_id,
      name: row.name,
      f_weight: row.f_weight,
      f_price: row.f_price,
      o_weight: row.o_weight,
      o_price: row.o_price,
      area_id: areaIds,
      area_name: areaIds.map((id) => names.get(id) ?? '').filter(Boolean).join(','),
      is_type: row.is_type,
      created_at: row.created_at,
    };
  });
}

const splitIds = (text: string) => text.split(',').filter((part) => /^\d+$/.test(part)).map(Number);

/** Goods of the store that used these templates ship by the store's default from now on. */
export async function releaseGoods(tx: Tx, storeId: number, templateIds: number[]) {
  if (templateIds.length === 0) return;
  await tx.update(goods).set({ freight_id: 0 }).where(and(eq(goods.store_id, storeId), inArray(goods.freight_id, templateIds)));
}

/**
 * Saves the whole editor in one transaction: row 0 becomes (or creates) the default template,
 * the other rows update the store's province templates they name or create new ones, and the
 * store's province templates left out are deleted (their goods fall back to the default).
 */
export async function saveFreights(tx: Tx, storeId: number, input: EditorInput, lang: Lang) {
  // Concurrent saves of one store queue on its row (also when it has no template yet, when there
  // is no freight row to lock), each seeing the templates the last one left.
  await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for('update');
  const current = await tx
    .select({ id: freights.id, is_type: freights.is_type, name: freights.name })
    .from(freights)
    .where(and(eq(freights.store_id, storeId), isNull(freights.deleted_at)))
    .for('update');
  const fallback = current.find((row) => row.is_type === 0);
  const extras = new Map(current.filter((row) => row.is_type === 1).map((row) => [row.id, row]));
  const [head, ...rest] = input.info;

  if (head.id > 0 && head.id !== fallback?.id) throw fieldError('info.0.id', 'freights.issue.notYours', lang);
  const seen = new Set<number>();
  rest.forEach((row, i) => {
    const field = `info.${i + 1}`;
    if (row.id > 0 && !extras.has(row.id)) throw fieldError(`${field}.id`, 'freights.issue.notYours', lang);
    if (row.id > 0 && seen.has(row.id)) throw fieldError(`${field}.id`, 'freights.issue.repeated', lang);
    seen.add(row.id);
    if (!row.name) throw fieldError(`${field}.name`, 'crud.issue.required', lang);
    if (row.area_id.length === 0) throw fieldError(`${field}.area_id`, 'freights.issue.noProvince', lang);
  });
  await checkProvinces(tx, rest, lang);

  const values = (row: EditorInput['info'][number], isType: 0 | 1) => ({
    name: row.name ?? t('freights.defaultName', lang),
    f_weight: row.f_weight,
    f_price: row.f_price,
    o_weight: row.o_weight,
    o_price: row.o_price,
    area_id: isType === 0 ? '' : [...new Set(row.area_id)].join(','),
    is_type: isType,
    store_id: storeId,
  });
  const kept = new Set(rest.filter((row) => row.id > 0).map((row) => row.id));
  const dropped = [...extras.keys()].filter((id) => !kept.has(id));
  if (dropped.length) {
    await tx.update(freights).set({ deleted_at: sql`now()` }).where(and(eq(freights.store_id, storeId), inArray(freights.id, dropped)));
    await releaseGoods(tx, storeId, dropped);
  }
  if (fallback) await tx.update(freights).set(values(head, 0)).where(eq(freights.id, fallback.id));
  else await tx.insert(freights).values(values(head, 0));
  for (const row of rest) {
    if (row.id > 0) await tx.update(freights).set(values(row, 1)).where(and(eq(freights.id, row.id), eq(freights.store_id, storeId)));
    else await tx.insert(freights).values(values(row, 1));
  }
}

/** Every province is a live province (deep 0) and is named by one template at most. */
async function checkProvinces(tx: Tx, rows: EditorInput['info'], lang: Lang) {
  const ids = [...new Set(rows.flatMap((row) => row.area_id))];
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: areas.id, name: areas.name })
    .from(areas)
    .where(and(inArray(areas.id, ids), eq(areas.deep, 0), isNull(areas.deleted_at)));
  const names = new Map(found.map((a) => [a.id, a.name]));
  const owner = new Map<number, string>();
  rows.forEach((row, i) => {
    const field = `info.${i + 1}.area_id`;
    for (const id of new Set(row.area_id)) {
      if (!names.has(id)) throw fieldError(field, 'freights.issue.province', lang);
      const taken = owner.get(id);
      if (taken !== undefined) throw fieldError(field, 'freights.issue.provinceTaken', lang, { province: names.get(id)!, name: taken });
      owner.set(id, row.name ?? '');
    }
  });
}
