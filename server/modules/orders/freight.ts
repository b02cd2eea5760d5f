/**
 * Freight of one store's part of an order (reference §6.12, bug B7 fixed: every line's own
 * template counts, and a missing template never throws). Pure: amounts in cents, weights in
 * hundredths of a kilogram (numeric(9,2) read exactly, like money).
 */
export interface FreightTemplate {
  id: number;
  /** 0 the store's default template, 1 a template for the provinces in `provinces`. */
  isType: 0 | 1;
  provinces: number[];
  firstWeight: number;
  firstPrice: number;
  extraWeight: number;
  extraPrice: number;
}

export interface FreightLine {
  /** goods.freight_id: -1 free shipping, 0 the store's default template, > 0 a template id. */
  freightId: number;
  /** buy_num × unit weight, hundredths of a kg. */
  weight: number;
}

/** The price of `weight` under one template. */
export function templatePrice(t: FreightTemplate, weight: number): number {
  if (t.firstWeight === 0 && t.firstPrice === 0) return 0;
  if (t.firstWeight === 0 || weight <= t.firstWeight) return t.firstPrice;
  if (t.extraWeight <= 0) return t.firstPrice;
  return t.firstPrice + Math.ceil((weight - t.firstWeight) / t.extraWeight) * t.extraPrice;
}

/**
 * Lines are grouped by the template that applies to them in `province` (a province template
 * outside its provinces falls back to the store default; an unknown template id, or no default,
 * ships free), each group's weight is priced once, and the groups add up.
 */
export function storeFreight(lines: FreightLine[], templates: FreightTemplate[], province: number): number {
  const fallback = templates.find((t) => t.isType === 0);
  const weightByTemplate = new Map<FreightTemplate, number>();
  for (const line of lines) {
    if (line.freightId < 0) continue;
    let template = line.freightId === 0 ? fallback : templates.find((t) => t.id === line.freightId);
    if (template && template.isType === 1 && !template.provinces.includes(province)) template = fallback;
    if (!template) continue;
    weightByTemplate.set(template, (weightByTemplate.get(template) ?? 0) + line.weight);
  }
  let total = 0;
  for (const [template, weight] of weightByTemplate) total += templatePrice(template, weight);
  return total;
}
