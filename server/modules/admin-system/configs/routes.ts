import { and, eq, inArray, isNull } from 'drizzle-orm';
import { forgetPublicSettings } from '../../common/service';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Tx } from '../../../db/client';
import { configs } from '../../../db/schema';
import type { AppEnv } from '../../../http/context';
import { phpTruthy } from '../../../http/crud';
import { guardWrite } from '../../../http/crud/dbErrors';
import { validateIn } from '../../../http/crud/validate';
import { langOf, ok } from '../../../http/envelope';
import { readInput } from '../../../http/input';
import { adminRoutes } from '../../../http/routes';
import { dbOf, failField, type Executor } from '../shared';
import { providerStatus } from './providers';
import {
  CONFIG_NAMES,
  asObject,
  flatSchema,
  isJsonGroup,
  isWebKey,
  jsonGroups,
  maskFlat,
  maskGroup,
  mergeFlat,
  mergeSections,
  sectionsSchema,
  webFields,
  type JsonGroup,
} from './groups';

/**
 * `GET /api/Admin/configs` and `PUT /api/Admin/configs/update` (reference §7.3):
 *   ?name=x → the value (string, or the JSON object with secrets masked) ·
 *   ?name[]=a&name[]=b → {a, b} · ?name=pay&many=true&many_name=wechatscan → that section ·
 *   no name → every editable configuration.
 * The update takes config names as body keys (`web_name=…`, `upload[key]=…`, or with
 * `many=true&many_name=<section>` one section of pay / oauth), validates each, keeps blank
 * secrets, and answers the saved values masked like a read.
 */
type Obj = Record<string, unknown>;

const decode = (row: { content: string; is_type: number }): unknown => {
  if (row.is_type !== 1) return row.content;
  try {
    return JSON.parse(row.content);
  } catch {
    return {};
  }
};

async function loadRaw(db: Executor, names: readonly string[], lock = false): Promise<Map<string, unknown>> {
  const query = db
    .select({ name: configs.name, content: configs.content, is_type: configs.is_type })
    .from(configs)
    .where(and(inArray(configs.name, [...names]), isNull(configs.deleted_at)));
  const rows = lock ? await query.for('update') : await query;
  return new Map(rows.map((row) => [row.name, decode(row)]));
}

/** A value as the admin may see it. */
function present(name: string, raw: unknown): unknown {
  if (isWebKey(name)) return typeof raw === 'string' ? raw : '';
  return maskGroup(jsonGroups[name], raw);
}

function sectionOf(name: string, sub: string) {
  const group = jsonGroups[name];
  if (!group || group.kind !== 'sections' || !Object.hasOwn(group.sections, sub)) {
    throw failField('configManyName', 'many_name', { name, sub: sub.slice(0, 40) });
  }
  return group.sections[sub];
}

function namesOf(value: unknown): string[] {
  if (value === undefined || value === '') return [...CONFIG_NAMES];
  const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : Object.values(asObject(value));
  const names = list.map((v) => (typeof v === 'string' ? v : ''));
  const unknown = names.find((n) => !CONFIG_NAMES.includes(n));
  if (unknown !== undefined) throw failField('configUnknown', 'name', { name: unknown.slice(0, 40) });
  return names;
}

async function read(c: Context<AppEnv>): Promise<Response> {
  const input = await readInput(c);
  const names = namesOf(input.name);
  const raw = await loadRaw(dbOf(c), names);
  if (typeof input.name === 'string') {
    const name = input.name;
    if (phpTruthy(input.many)) {
      const sub = typeof input.many_name === 'string' ? input.many_name : '';
      return ok(c, maskFlat(sectionOf(name, sub), asObject(raw.get(name))[sub]));
    }
    return ok(c, present(name, raw.get(name)));
  }
  return ok(c, Object.fromEntries(names.map((name) => [name, present(name, raw.get(name))])));
}

/** The zod schema of this write: only the config names present in the body. */
function writeSchema(input: Obj, sub: string | undefined) {
  const shape: Record<string, z.ZodType> = {};
  for (const name of Object.keys(input)) {
    if (isWebKey(name)) shape[name] = webFields[name];
    else if (isJsonGroup(name)) {
      const group: JsonGroup = jsonGroups[name];
      if (group.kind === 'flat') shape[name] = flatSchema(group);
      else shape[name] = sub === undefined ? sectionsSchema(group) : flatSchema(sectionOf(name, sub));
    }
  }
  return z.object(shape);
}

async function save(tx: Tx, name: string, value: unknown): Promise<void> {
  const content = typeof value === 'string' ? value : JSON.stringify(value);
  const updated = await tx
    .update(configs)
    .set({ content, is_type: typeof value === 'string' ? 0 : 1 })
    .where(and(eq(configs.name, name), isNull(configs.deleted_at)))
    .returning({ id: configs.id });
  if (!updated.length) await tx.insert(configs).values({ name, content, is_type: typeof value === 'string' ? 0 : 1, description: name.slice(0, 30) });
}

async function update(c: Context<AppEnv>): Promise<Response> {
  const input = await readInput(c);
  const sub = phpTruthy(input.many) ? (typeof input.many_name === 'string' ? input.many_name : '') : undefined;
  const names = Object.keys(input).filter((key) => CONFIG_NAMES.includes(key));
  if (!names.length) throw failField('configNothing', 'name');
  const values = validateIn(writeSchema(input, sub), input, langOf(c)) as Obj;
  const saved = await guardWrite(() =>
    dbOf(c).transaction(async (tx) => {
      const current = await loadRaw(tx, names, true);
      const out: Obj = {};
      for (const name of names) {
        const sent = values[name];
        let next: unknown;
        if (isWebKey(name)) next = sent;
        else {
          const group = jsonGroups[name];
          if (group.kind === 'flat') next = mergeFlat(group, current.get(name), asObject(sent));
          else if (sub !== undefined) next = mergeSections(group, current.get(name), { [sub]: asObject(sent) });
          else next = mergeSections(group, current.get(name), sent as Record<string, Obj | undefined>);
        }
        await save(tx, name, next);
        out[name] = present(name, next);
      }
      return out;
    }),
  );
  forgetPublicSettings(dbOf(c));
  return ok(c, saved);
}

export function mountConfigs(api: Hono<AppEnv>): void {
  const admin = adminRoutes(api);
  admin.get('/configs', 'admin.configs', read);
  admin.get('/configs/providers', 'admin.configs', providerStatus);
  admin.put('/configs/update', 'admin.configs.update', update);
}
