/**
 * The freight template editor's rows (reference §6.12, screens §4.6 "Freight templates", bug §6
 * #45 fixed: removing a template only changes the form, and the save sends the whole editor, so
 * nothing typed is lost). Row 0 is the store's default template; the others apply to their
 * provinces. Pure: freightEditor.machine.ts holds the rows, these shape, check and send them.
 */
export interface FreightRow {
  /** 0 for a template not saved yet. */
  id: number;
  name: string;
  f_weight: string;
  f_price: string;
  o_weight: string;
  o_price: string;
  /** Province area ids (the default template has none). */
  area_id: number[];
}

export type FreightNumber = 'f_weight' | 'f_price' | 'o_weight' | 'o_price';
export const NUMBER_FIELDS: FreightNumber[] = ['f_weight', 'f_price', 'o_weight', 'o_price'];

/** Largest value per field, as the server takes them (kg and yuan, 2 decimals). */
export const MAX: Record<FreightNumber, number> = { f_weight: 9999.99, f_price: 99999.99, o_weight: 9999.99, o_price: 99999.99 };

export const NAME_MAX = 30;

export const emptyRow = (name = ''): FreightRow => ({ id: 0, name, f_weight: '0', f_price: '0', o_weight: '0', o_price: '0', area_id: [] });

/** A province of the picker (the area tree's first level). */
export interface Province {
  id: number;
  name: string;
}

/** The server's templates as editor rows; a store with none starts with a default row. */
export function rowsFromServer(list: readonly Record<string, unknown>[]): FreightRow[] {
  const rows = list.map((t) => ({
    id: Number(t.id) || 0,
    name: String(t.name ?? ''),
    f_weight: String(t.f_weight ?? '0'),
    f_price: String(t.f_price ?? '0'),
    o_weight: String(t.o_weight ?? '0'),
    o_price: String(t.o_price ?? '0'),
    area_id: Array.isArray(t.area_id) ? t.area_id.map(Number).filter((n) => n > 0) : [],
    isType: Number(t.is_type),
  }));
  const fallback = rows.find((r) => r.isType === 0);
  const ordered = [...(fallback ? [fallback] : [{ ...emptyRow(), isType: 0 }]), ...rows.filter((r) => r.isType !== 0)];
  return ordered.map(({ isType: _isType, ...row }) => row);
}

/** Errors by field path, as the server names them: `info.<row>.<field>`. */
export type RowErrors = Record<string, string>;

const DECIMAL = /^\d{1,7}(\.\d{1,2})?$/;

/**
 * What is wrong with the rows, keyed by field path, as locale keys: a number that is not a
 * non-negative amount with at most 2 decimals (or too large), a province template without a name
 * or without a province, a province named by two templates.
 */
export function checkRows(rows: readonly FreightRow[]): RowErrors {
  const errors: RowErrors = {};
  const owner = new Map<number, number>();
  rows.forEach((row, i) => {
    for (const field of NUMBER_FIELDS) {
      const text = row[field].trim();
      if (!DECIMAL.test(text) || Number(text) > MAX[field]) errors[`info.${i}.${field}`] = 'page.freights.numberRule';
    }
    if (i === 0) return;
    if (!row.name.trim()) errors[`info.${i}.name`] = 'msg.requiredMsg';
    else if ([...row.name.trim()].length > NAME_MAX) errors[`info.${i}.name`] = 'page.freights.nameRule';
    if (row.area_id.length === 0) errors[`info.${i}.area_id`] = 'page.freights.provinceRequired';
    for (const id of row.area_id) {
      if (owner.has(id) && owner.get(id) !== i) errors[`info.${i}.area_id`] = 'page.freights.provinceTaken';
      owner.set(id, i);
    }
  });
  return errors;
}

/** Provinces already in another template than row `index` (the picker disables them). */
export function takenElsewhere(rows: readonly FreightRow[], index: number): Set<number> {
  return new Set(rows.flatMap((row, i) => (i === index || i === 0 ? [] : row.area_id)));
}

/** The request body of `PUT /api/Seller/freights/0`: the whole editor; an empty province list is sent as ''. */
export function payloadOf(rows: readonly FreightRow[]) {
  return {
    info: rows.map((row, i) => ({
      id: row.id,
      name: row.name.trim(),
      f_weight: row.f_weight.trim(),
      f_price: row.f_price.trim(),
      o_weight: row.o_weight.trim(),
      o_price: row.o_price.trim(),
      area_id: i === 0 || row.area_id.length === 0 ? '' : row.area_id,
    })),
  };
}

/** How the default template reads: free shipping, a flat price, or first and further weight. */
export function describeRow(row: FreightRow): { key: string; values: Record<string, string> } {
  const [fw, fp, ow, op] = NUMBER_FIELDS.map((f) => Number(row[f]) || 0);
  const values = { fw: String(fw), fp: fp.toFixed(2), ow: String(ow), op: op.toFixed(2) };
  if (fw === 0 && fp === 0) return { key: 'page.freights.summary.free', values };
  if (fw === 0) return { key: 'page.freights.summary.flat', values };
  if (ow === 0) return { key: 'page.freights.summary.firstOnly', values };
  return { key: 'page.freights.summary.steps', values };
}
