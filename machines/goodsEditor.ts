/**
 * Pure rules of the goods editor (reference screens.md §4.5 "Goods form (admin)", §4.6 "Goods",
 * api.md §6.11; bugs of §6.4 #44 fixed): the class path, the image gallery with its master image,
 * the attribute / spec choice, the SKU matrix (Cartesian product + merge rule), validation per
 * step and the form payload sent to POST / PUT {area}/goods.
 */
import { validate, type FieldError, type Rules } from './table';

export type EditorMode = 'create' | 'edit';

/** A goods class of the store's tree (GET /Seller/store_classes). */
export interface ClassNode {
  id: number;
  name: string;
  /** The English name ('' or absent: none); the views pick one through machines/localName.ts. */
  ename?: string | null;
  pid?: number;
  children?: ClassNode[];
}

export interface SpecItem {
  id: number;
  name: string;
  /** Ticked for this goods. */
  check?: boolean;
}

/** An attribute of the store ("colour") with its specs ("red", "blue"). */
export interface AttrItem {
  id: number;
  name: string;
  specs: SpecItem[];
}

export const SKU_FIELDS = ['goods_market_price', 'goods_price', 'goods_weight', 'goods_stock'] as const;
export type SkuField = (typeof SKU_FIELDS)[number] | 'goods_image';

/** One SKU row: a combination of specs (one per attribute) and its own price, weight, stock and image. */
export interface SkuRow {
  /** Saved SKU id (edit): the server updates it instead of inserting. */
  id?: number;
  spec_id: number[];
  sku_name: string[];
  goods_market_price: string;
  goods_price: string;
  goods_weight: string;
  goods_stock: string;
  goods_image: string;
}

export interface GoodsValues {
  goods_name: string;
  goods_subname: string;
  goods_no: string;
  brand_id: number;
  goods_images: string[];
  goods_master_image: string;
  goods_price: string;
  goods_market_price: string;
  goods_weight: string;
  goods_stock: string;
  /** -1 free shipping, 0 the store's default template, > 0 a template. */
  freight_id: number;
  goods_content: string;
  goods_status: number;
  /** Admin only. */
  is_master: number;
  /** Admin only: 0 refused, 1 approved, 2 pending. */
  goods_verify: number;
}

/** A goods as GET {area}/goods/<id> answers it (loosely typed: arrays or comma strings). */
export type GoodsRecord = Record<string, unknown>;

/** A validation message: a locale key (+ values), or the server's own text. */
export interface EditorError extends FieldError {
  text?: string;
}
export type EditorErrors = Record<string, EditorError>;

export const MAX_IMAGES = 10;
export const CLASS_LEVELS = 3;
export const FREE_FREIGHT = -1;
export const STORE_FREIGHT = 0;
/** Locale keys of the editor's own messages. */
export const CHOOSE_CLASS_KEY = 'page.goodsEditor.chooseClassFirst';
export const LOAD_FAILED_KEY = 'page.goodsEditor.loadFailed';
export const SAVE_FAILED_KEY = 'page.goodsEditor.saveFailed';
export const NOT_CHECK_KEY = 'page.goodsEditor.notCheck';

export const GOODS_VERIFY = { refused: 0, approved: 1, pending: 2 } as const;

export function emptyValues(): GoodsValues {
  return {
    goods_name: '',
    goods_subname: '',
    goods_no: '',
    brand_id: 0,
    goods_images: [],
    goods_master_image: '',
    goods_price: '',
    goods_market_price: '',
    goods_weight: '',
    goods_stock: '0',
    freight_id: FREE_FREIGHT,
    goods_content: '',
    goods_status: 1,
    is_master: 0,
    goods_verify: GOODS_VERIFY.approved,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading what the server sends

const num = (value: unknown, fallback = 0): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : fallback;
};

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** A list given as an array or a comma-joined string. */
export function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(text).filter((v) => v !== '');
  if (typeof value === 'string') return value.split(',').map((v) => v.trim()).filter(Boolean);
  if (typeof value === 'number') return [String(value)];
  return [];
}

export function classTreeOf(answer: unknown): ClassNode[] {
  if (!Array.isArray(answer)) return [];
  return answer
    .filter((item): item is Record<string, unknown> => !!item && typeof item === 'object')
    .map((item) => ({ id: num(item.id), name: text(item.name), ename: text(item.ename), pid: num(item.pid), children: classTreeOf(item.children) }));
}

export function attrsOf(answer: unknown): AttrItem[] {
  const list = Array.isArray(answer) ? answer : answer && typeof answer === 'object' && Array.isArray((answer as { data?: unknown }).data) ? (answer as { data: unknown[] }).data : [];
  return list
    .filter((item): item is Record<string, unknown> => !!item && typeof item === 'object')
    .map((item) => ({
      id: num(item.id),
      name: text(item.name),
      specs: (Array.isArray(item.specs) ? item.specs : [])
        .filter((spec): spec is Record<string, unknown> => !!spec && typeof spec === 'object')
        .map((spec) => ({ id: num(spec.id), name: text(spec.name), check: spec.check === true || spec.check === 1 || spec.check === '1' })),
    }));
}

export function skuRowsOf(answer: unknown): SkuRow[] {
  if (!Array.isArray(answer)) return [];
  return answer
    .filter((item): item is Record<string, unknown> => !!item && typeof item === 'object')
    .map((item) => ({
      ...(item.id !== undefined && num(item.id) > 0 ? { id: num(item.id) } : {}),
      spec_id: listOf(item.spec_id).map((v) => num(v)),
      sku_name: listOf(item.sku_name),
      goods_market_price: text(item.goods_market_price ?? '0'),
      goods_price: text(item.goods_price ?? '0'),
      goods_weight: text(item.goods_weight ?? '0'),
      goods_stock: text(item.goods_stock ?? '0'),
      goods_image: text(item.goods_image),
    }));
}

/** Ids from the root to `classId` in the tree, or [] when it is not there. */
export function classPathOf(tree: readonly ClassNode[], classId: number): number[] {
  for (const node of tree) {
    if (node.id === classId) return [node.id];
    const below = classPathOf(node.children ?? [], classId);
    if (below.length) return [node.id, ...below];
  }
  return [];
}

/** The nodes of each level along a path (level 0 = the roots). */
export function classColumns(tree: readonly ClassNode[], path: readonly number[]): ClassNode[][] {
  const columns: ClassNode[][] = [[...tree]];
  let level: readonly ClassNode[] = tree;
  for (let depth = 0; depth < CLASS_LEVELS - 1; depth++) {
    const chosen = level.find((node) => node.id === path[depth]);
    level = chosen?.children ?? [];
    columns.push(chosen ? [...level] : []);
  }
  return columns;
}

/** The classes along a path (as far as the tree knows it). */
function classesAlong(tree: readonly ClassNode[], path: readonly number[]): ClassNode[] {
  const nodes: ClassNode[] = [];
  let level: readonly ClassNode[] = tree;
  for (const id of path) {
    const node = level.find((n) => n.id === id);
    if (!node) break;
    nodes.push(node);
    level = node.children ?? [];
  }
  return nodes;
}

/** Names along a path (as far as the tree knows it). */
export const classNames = (tree: readonly ClassNode[], path: readonly number[]): string[] => classesAlong(tree, path).map((node) => node.name);

/** English names along a path, '' where a class has none (beside `classNames`, one for one). */
export const classEnames = (tree: readonly ClassNode[], path: readonly number[]): string[] => classesAlong(tree, path).map((node) => text(node.ename));

/** Three levels chosen, each a child of the previous one. */
export const isClassComplete = (tree: readonly ClassNode[], path: readonly number[]) =>
  path.length === CLASS_LEVELS && classNames(tree, path).length === CLASS_LEVELS;

/** Choosing a class at `level` keeps the levels above and drops those below. */
export const pickClass = (path: readonly number[], level: number, id: number): number[] => [...path.slice(0, Math.max(0, level)), id];

/**
 * The class of a loaded goods: its path in the store's tree, else the record's `classList` (leaf
 * first); `enames` the English names beside `names` ('' where none).
 */
export function restoreClass(tree: readonly ClassNode[], record: GoodsRecord | null): { path: number[]; names: string[]; enames: string[]; classId: number } {
  if (!record) return { path: [], names: [], enames: [], classId: 0 };
  const classId = num(record.class_id);
  const path = classId ? classPathOf(tree, classId) : [];
  if (path.length) return { path, names: classNames(tree, path), enames: classEnames(tree, path), classId };
  const list = Array.isArray(record.classList) ? (record.classList as Record<string, unknown>[]).filter((c) => c && typeof c === 'object') : [];
  const ordered = [...list].reverse();
  return { path: ordered.map((c) => num(c.id)).filter(Boolean), names: ordered.map((c) => text(c.name)), enames: ordered.map((c) => text(c.ename)), classId };
}

/** Form values of a loaded goods. */
export function recordToValues(record: GoodsRecord): GoodsValues {
  const base = emptyValues();
  const images = listOf(record.goods_images);
  const master = text(record.goods_master_image);
  return {
    goods_name: text(record.goods_name),
    goods_subname: text(record.goods_subname),
    goods_no: text(record.goods_no),
    brand_id: num(record.brand_id),
    goods_images: images,
    goods_master_image: master && images.includes(master) ? master : images[0] ?? master,
    goods_price: text(record.goods_price ?? ''),
    goods_market_price: text(record.goods_market_price ?? ''),
    goods_weight: text(record.goods_weight ?? ''),
    goods_stock: text(record.goods_stock ?? '0'),
    freight_id: record.freight_id === undefined || record.freight_id === null ? base.freight_id : num(record.freight_id, base.freight_id),
    goods_content: text(record.goods_content),
    goods_status: num(record.goods_status, base.goods_status),
    is_master: num(record.is_master),
    goods_verify: num(record.goods_verify, base.goods_verify),
  };
}

// ---------------------------------------------------------------------------------------------
// Gallery

/** Append uploaded / picked images (no duplicates, at most 10); the first becomes master if there is none. */
export function addImages(values: GoodsValues, urls: readonly string[]): GoodsValues {
  const images = [...values.goods_images];
  for (const url of urls) if (url && !images.includes(url) && images.length < MAX_IMAGES) images.push(url);
  const master = values.goods_master_image && images.includes(values.goods_master_image) ? values.goods_master_image : images[0] ?? '';
  return { ...values, goods_images: images, goods_master_image: master };
}

export function setMaster(values: GoodsValues, url: string): GoodsValues {
  return values.goods_images.includes(url) ? { ...values, goods_master_image: url } : values;
}

/** Remove an image; removing the master makes the first remaining image the master. */
export function removeImage(values: GoodsValues, url: string): GoodsValues {
  const images = values.goods_images.filter((u) => u !== url);
  const master = values.goods_master_image === url || !images.includes(values.goods_master_image) ? images[0] ?? '' : values.goods_master_image;
  return { ...values, goods_images: images, goods_master_image: master };
}

// ---------------------------------------------------------------------------------------------
// Attributes, specs and the SKU matrix

/** Append the newly chosen attributes (already present ones keep their ticks). */
export function appendAttrs(current: readonly AttrItem[], options: readonly AttrItem[], ids: readonly number[]): AttrItem[] {
  const have = new Set(current.map((a) => a.id));
  const added = options.filter((a) => ids.includes(a.id) && !have.has(a.id)).map((a) => ({ ...a, specs: a.specs.map((s) => ({ ...s, check: false })) }));
  return [...current, ...added];
}

export function toggleSpec(attrs: readonly AttrItem[], attrId: number, specId: number): AttrItem[] {
  return attrs.map((attr) =>
    attr.id !== attrId ? attr : { ...attr, specs: attr.specs.map((spec) => (spec.id === specId ? { ...spec, check: !spec.check } : spec)) },
  );
}

export const removeAttr = (attrs: readonly AttrItem[], attrId: number): AttrItem[] => attrs.filter((a) => a.id !== attrId);

/** The ticked specs of each attribute that has any (attributes without a ticked spec are skipped). */
export function checkedDimensions(attrs: readonly AttrItem[]): SpecItem[][] {
  return attrs.map((attr) => attr.specs.filter((spec) => spec.check)).filter((specs) => specs.length > 0);
}

/** Cartesian product of the dimensions, in order (one dimension → one row per spec; none → []). */
export function cartesian<T>(dimensions: readonly (readonly T[])[]): T[][] {
  if (dimensions.length === 0) return [];
  return dimensions.reduce<T[][]>((rows, dimension) => rows.flatMap((row) => dimension.map((item) => [...row, item])), [[]]);
}

/** What a new SKU row starts from: the goods' own price, market price, weight and stock as entered. */
export type SkuDefaults = Pick<GoodsValues, (typeof SKU_FIELDS)[number]>;

/**
 * Defaults of new SKU rows from the info step's values (blank when the goods has none yet). The
 * stock is the goods' own only while it has no SKUs: with SKUs the goods' stock is their sum, so
 * a row added to them starts at 0 (it started at the total, counting the stock twice).
 */
export const skuDefaultsOf = (values: Pick<GoodsValues, (typeof SKU_FIELDS)[number]>, hasSkus = false): SkuDefaults => ({
  goods_market_price: values.goods_market_price.trim(),
  goods_price: values.goods_price.trim(),
  goods_weight: values.goods_weight.trim(),
  goods_stock: hasSkus ? '0' : values.goods_stock.trim(),
});

/**
 * A SKU row for a combination of specs. It starts from the goods' own figures (a row of zeros
 * let a store publish goods at ￥0.00 by only ticking specs); without them its cells are blank,
 * so validation asks for them.
 */
export const newSku = (specs: readonly SpecItem[], defaults?: SkuDefaults): SkuRow => ({
  spec_id: specs.map((s) => s.id),
  sku_name: specs.map((s) => s.name),
  goods_market_price: defaults?.goods_market_price ?? '',
  goods_price: defaults?.goods_price ?? '',
  goods_weight: defaults?.goods_weight ?? '',
  goods_stock: defaults?.goods_stock ?? '',
  goods_image: '',
});

/** Order-independent key of a combination. */
export const skuKey = (specIds: readonly number[]) => [...specIds].sort((a, b) => a - b).join(',');

/** The SKU list after a change of the ticked specs, and the rows whose values it leaves behind. */
export interface SkuPlan {
  rows: SkuRow[];
  dropped: SkuRow[];
}

/** One combination holds the other (spec ids are unique across attributes). */
const nested = (a: readonly number[], b: readonly number[]) => {
  const [small, big] = a.length <= b.length ? [a, b] : [b, a];
  return small.length > 0 && small.every((id) => big.includes(id));
};

/**
 * The merge rule (screens §4.6, kinder): with the same number of dimensions, rows whose
 * combination is gone are removed and missing combinations appended — the entered values of the
 * rows kept stay. When the number of dimensions changed, each new combination takes the values
 * (and the saved id) of the first old row it still names: removing 轴体 keeps 黑 from 黑 红轴,
 * ticking a first 尺码 S keeps 红 as 红 S. Old rows nobody took are `dropped`.
 */
export function planSkus(existing: readonly SkuRow[], generated: readonly SkuRow[]): SkuPlan {
  const dims = (rows: readonly SkuRow[]) => rows[0]?.spec_id.length ?? 0;
  if (existing.length === 0 || generated.length === 0) return { rows: [...generated], dropped: [...existing] };
  if (dims(existing) !== dims(generated)) {
    const free = new Set(existing);
    const rows = generated.map((fresh) => {
      const old = existing.find((row) => free.has(row) && nested(row.spec_id, fresh.spec_id));
      if (!old) return fresh;
      free.delete(old);
      return { ...old, spec_id: fresh.spec_id, sku_name: fresh.sku_name };
    });
    return { rows, dropped: existing.filter((row) => free.has(row)) };
  }
  const wanted = new Map(generated.map((row) => [skuKey(row.spec_id), row]));
  const kept = existing.filter((row) => wanted.has(skuKey(row.spec_id))).map((row) => {
    // Spec ids and names follow the attribute order of the regenerated row.
    const fresh = wanted.get(skuKey(row.spec_id))!;
    return { ...row, spec_id: fresh.spec_id, sku_name: fresh.sku_name };
  });
  const have = new Set(kept.map((row) => skuKey(row.spec_id)));
  return {
    rows: [...kept, ...generated.filter((row) => !have.has(skuKey(row.spec_id)))],
    dropped: existing.filter((row) => !wanted.has(skuKey(row.spec_id))),
  };
}

export const mergeSkus = (existing: readonly SkuRow[], generated: readonly SkuRow[]): SkuRow[] => planSkus(existing, generated).rows;

/** The plan after a change of ticked specs (new rows start from `defaults`, the goods' own figures). */
export const planRegenerated = (attrs: readonly AttrItem[], existing: readonly SkuRow[], defaults?: SkuDefaults): SkuPlan =>
  planSkus(existing, cartesian(checkedDimensions(attrs)).map((specs) => newSku(specs, defaults)));

export const regenerateSkus = (attrs: readonly AttrItem[], existing: readonly SkuRow[], defaults?: SkuDefaults): SkuRow[] =>
  planRegenerated(attrs, existing, defaults).rows;

/**
 * The SKU rows a change of the attributes would throw away by merging combinations (an attribute
 * with several ticked specs removed). Unticking a value drops its own rows: `untickedAway`.
 */
export function mergedAway(before: readonly AttrItem[], after: readonly AttrItem[], existing: readonly SkuRow[]): SkuRow[] {
  if (checkedDimensions(after).length >= checkedDimensions(before).length) return [];
  return planRegenerated(after, existing).dropped;
}

/** A row the seller filled: a saved SKU, or figures other than those a new row starts with. */
const filledRow = (row: SkuRow, defaults: SkuDefaults) =>
  row.id !== undefined ||
  row.goods_image !== '' ||
  row.goods_price !== defaults.goods_price ||
  row.goods_market_price !== defaults.goods_market_price ||
  row.goods_stock !== defaults.goods_stock ||
  row.goods_weight !== defaults.goods_weight;

/**
 * The filled SKU rows unticking a spec would drop with their prices, stock and images (issue 15:
 * they went without a word). A change that merges combinations is `mergedAway`'s question.
 */
export function untickedAway(before: readonly AttrItem[], after: readonly AttrItem[], existing: readonly SkuRow[], defaults: SkuDefaults): SkuRow[] {
  if (checkedDimensions(after).length < checkedDimensions(before).length) return [];
  return planRegenerated(after, existing).dropped.filter((row) => filledRow(row, defaults));
}

/** The values after one field of the form is set: `brand_id` is a brand id above 0, else 0 ("no brand"). */
export function setGoodsValue(values: GoodsValues, field: keyof GoodsValues, value: unknown): GoodsValues {
  const stored = field === 'brand_id' ? (Number(value) > 0 ? Number(value) : 0) : value;
  return { ...values, [field]: stored } as GoodsValues;
}

export function setSkuField(rows: readonly SkuRow[], index: number, field: SkuField, value: string): SkuRow[] {
  return rows.map((row, i) => (i === index ? { ...row, [field]: value } : row));
}

// ---------------------------------------------------------------------------------------------
// Validation

const MONEY = /^\d{1,10}(\.\d{1,2})?$/;
/** A money amount above zero (0, 0.0 and 0.00 are not prices). */
const POSITIVE = /[1-9]/;
export const PRICE_POSITIVE_KEY = 'page.goodsEditor.pricePositive';
const WEIGHT = /^\d{1,7}(\.\d{1,2})?$/;
const STOCK = /^\d{1,9}$/;

export const INFO_RULES: Rules = {
  goods_name: [{ required: true }, { maxLength: 120 }],
  goods_subname: [{ maxLength: 120 }],
  goods_no: [{ maxLength: 30 }],
  goods_images: [{ required: true }, { maxLength: MAX_IMAGES }],
  goods_price: [{ required: true }, { pattern: MONEY, message: 'page.goodsEditor.moneyRule' }, { pattern: POSITIVE, message: PRICE_POSITIVE_KEY }],
  goods_market_price: [{ required: true }, { pattern: MONEY, message: 'page.goodsEditor.moneyRule' }],
  goods_weight: [{ required: true }, { pattern: WEIGHT, message: 'page.goodsEditor.weightRule' }],
  goods_stock: [{ pattern: STOCK, message: 'page.goodsEditor.stockRule' }],
};

const SKU_RULES: Record<(typeof SKU_FIELDS)[number], Rules[string]> = {
  goods_market_price: [{ required: true }, { pattern: MONEY, message: 'page.goodsEditor.moneyRule' }],
  goods_price: [{ required: true }, { pattern: MONEY, message: 'page.goodsEditor.moneyRule' }, { pattern: POSITIVE, message: PRICE_POSITIVE_KEY }],
  goods_weight: [{ required: true }, { pattern: WEIGHT, message: 'page.goodsEditor.weightRule' }],
  goods_stock: [{ required: true }, { pattern: STOCK, message: 'page.goodsEditor.stockRule' }],
};

const trimmed = (values: GoodsValues) => ({ ...values, goods_name: values.goods_name.trim(), goods_price: values.goods_price.trim(), goods_market_price: values.goods_market_price.trim(), goods_weight: values.goods_weight.trim(), goods_stock: values.goods_stock.trim() });

export function validateInfo(values: GoodsValues): EditorErrors {
  return validate(trimmed(values) as unknown as Record<string, unknown>, INFO_RULES);
}

/** Errors keyed `skuList.<index>.<field>`. */
export function validateSkus(rows: readonly SkuRow[]): EditorErrors {
  const errors: EditorErrors = {};
  rows.forEach((row, index) => {
    const found = validate(Object.fromEntries(SKU_FIELDS.map((f) => [f, String(row[f]).trim()])), SKU_RULES);
    for (const [field, error] of Object.entries(found)) errors[`skuList.${index}.${field}`] = error;
  });
  return errors;
}

export const hasErrors = (errors: EditorErrors) => Object.keys(errors).length > 0;

// ---------------------------------------------------------------------------------------------
// Server answers and the payload

export type EditorStep = 'chooseClass' | 'info' | 'specs';

/** The field a refusal names (`data.field` of a 422) and the message, keyed like the client's errors. */
export function serverErrors(error: unknown): EditorErrors {
  if (!error || typeof error !== 'object') return {};
  const { data, msg } = error as { data?: { field?: unknown }; msg?: unknown };
  const field = data && typeof data === 'object' ? data.field : undefined;
  if (typeof field !== 'string' || !field) return {};
  // `skuList[0][goods_price]` and `skuList.0.goods_price` name the same cell.
  const key = field.replace(/\[(\w+)\]/g, '.$1');
  return { [key]: { key: SAVE_FAILED_KEY, text: typeof msg === 'string' && msg ? msg : undefined } };
}

/** The step holding a field named by the server. */
export function stepOfField(field: string | undefined): EditorStep {
  if (!field) return 'info';
  if (field === 'class_id') return 'chooseClass';
  if (field.startsWith('skuList') || field.startsWith('attrList')) return 'specs';
  return 'info';
}

export interface GoodsPayload {
  goods_name: string;
  goods_subname: string;
  goods_no: string;
  brand_id: number;
  class_id?: number;
  goods_master_image: string;
  goods_images: string[];
  goods_price: string;
  goods_market_price: string;
  goods_weight: string;
  goods_stock: string;
  freight_id: number;
  goods_content: string;
  goods_status: number;
  goods_verify?: number;
  is_master?: number;
  skuList: (Omit<SkuRow, 'id'> & { id?: number })[];
}

/** What POST / PUT {area}/goods receives (form-encoded: `skuList[0][spec_id][0]=4`, `goods_images[0]=…`). */
export function goodsPayload(values: GoodsValues, skus: readonly SkuRow[], classId: number, admin: boolean): GoodsPayload {
  const v = trimmed(values);
  const payload: GoodsPayload = {
    goods_name: v.goods_name,
    goods_subname: v.goods_subname,
    goods_no: v.goods_no.trim(),
    brand_id: v.brand_id,
    goods_master_image: v.goods_master_image || v.goods_images[0] || '',
    goods_images: [...v.goods_images],
    goods_price: v.goods_price,
    goods_market_price: v.goods_market_price,
    goods_weight: v.goods_weight,
    goods_stock: v.goods_stock || '0',
    freight_id: v.freight_id,
    goods_content: v.goods_content,
    goods_status: v.goods_status,
    skuList: skus.map((row) => ({
      ...(row.id ? { id: row.id } : {}),
      spec_id: [...row.spec_id],
      sku_name: [...row.sku_name],
      goods_market_price: row.goods_market_price.trim(),
      goods_price: row.goods_price.trim(),
      goods_weight: row.goods_weight.trim(),
      goods_stock: row.goods_stock.trim(),
      goods_image: row.goods_image,
    })),
  };
  if (classId > 0) payload.class_id = classId;
  if (admin) {
    payload.goods_verify = v.goods_verify;
    payload.is_master = v.is_master;
  }
  return payload;
}

/**
 * What the person has entered in the editor (class, values, attributes, SKUs) as one string: the
 * page compares it with the one it had when the goods was loaded to know whether leaving would
 * lose changes.
 */
export const editorFingerprint = (context: { classPath: readonly number[]; values: GoodsValues; attrList: readonly AttrItem[]; skuList: readonly SkuRow[] }): string =>
  JSON.stringify([context.classPath, context.values, context.attrList, context.skuList]);
