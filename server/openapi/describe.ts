import type { Handler, MiddlewareHandler } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import type { AppEnv } from '../http/context';

/**
 * What the OpenAPI document says of one route beyond what the route table tells (method, path,
 * path parameters): its input schema — the zod schema the handler validates with — turned into
 * JSON Schema (OpenAPI 3.1 speaks JSON Schema 2020-12, which zod 4 writes), and its tag and
 * security from the area. Attached to the route as hono-openapi's describeRoute middleware, which
 * openapi/document.ts reads through hono-openapi's generateSpecs.
 */
export type Area = 'admin' | 'seller' | 'user';

export interface RouteDoc {
  area?: Area;
  /** Body of a POST/PUT/PATCH, or the query of a GET/DELETE. */
  input?: z.ZodType;
  /** A list route of the list DSL: its filterable parameters. */
  listFilters?: readonly string[];
  /** The body is multipart/form-data with a `file` (uploads, sheet imports). */
  multipart?: boolean;
  summary?: string;
}

/** The JSON Schema of a zod schema as a client sends it (input side: before transforms). */
export function jsonSchemaOf(schema: z.ZodType): OpenAPIV3_1.SchemaObject {
  try {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    return rest as OpenAPIV3_1.SchemaObject;
  } catch {
    return { type: 'object' };
  }
}

const SECURITY: Record<Area, string> = { admin: 'adminToken', seller: 'sellerToken', user: 'userToken' };

/** Query parameters of the list DSL (reference §2.4): paging, modes, order, and the resource's filters. */
/** A parameter as the document holds it (openapi-types mixes 3.0 and 3.1 schema types here). */
type Parameter = { name: string; in: 'query' | 'path'; required: boolean; description?: string; schema: unknown };

function listParameters(filters: readonly string[]): Parameter[] {
  const param = (name: string, description: string, schema: unknown = { type: 'string' }): Parameter => ({ name, in: 'query', required: false, description, schema });
  return [
    param('page', 'Page number, from 1', { type: 'integer', minimum: 1 }),
    param('per_page', 'Rows per page (30 by default, at most 400)', { type: 'integer', minimum: 1, maximum: 400 }),
    param('isAll', '1: every row, unpaged'),
    param('isChildren', '1 with pid: the children of one row of a tree'),
    param('pid', 'The parent of isChildren'),
    param('order_by', '`<field>` or `<field>|desc` of the sortable fields'),
    ...filters.map((name) => param(name, 'Filter: `value`, `value|like`, `value|likeRight`, `value|gt`, `a,b|in`, `a,b|between`, …')),
  ];
}

function queryParameters(schema: z.ZodType): Parameter[] {
  const json = jsonSchemaOf(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({ name, in: 'query' as const, required: json.required?.includes(name) ?? false, schema: property }));
}

/** The describeRoute middleware of a route. */
export function documented(method: string, doc: RouteDoc): MiddlewareHandler<AppEnv> {
  const spec: Parameters<typeof describeRoute>[0] = {};
  if (doc.area) {
    spec.security = [{ [SECURITY[doc.area]]: [] }];
    spec.tags = [doc.area === 'user' ? 'shopper' : doc.area];
  }
  if (doc.summary) spec.summary = doc.summary;
  const parameters: Parameter[] = [];
  if (doc.listFilters) parameters.push(...listParameters(doc.listFilters));
  const bodyMethod = method === 'POST' || method === 'PUT' || method === 'PATCH';
  if (doc.input && !bodyMethod) parameters.push(...queryParameters(doc.input));
  if (parameters.length) spec.parameters = parameters as NonNullable<typeof spec.parameters>;
  if (doc.input && bodyMethod) {
    const schema = jsonSchemaOf(doc.input);
    const properties = (schema as { properties?: Record<string, OpenAPIV3_1.SchemaObject> }).properties;
    if (doc.multipart && properties?.file) properties.file = { type: 'string', format: 'binary' };
    spec.requestBody = {
      required: true,
      content: doc.multipart ? { 'multipart/form-data': { schema } } : { 'application/x-www-form-urlencoded': { schema }, 'application/json': { schema } },
    };
  }
  return describeRoute(spec) as unknown as MiddlewareHandler<AppEnv>;
}

/** The input a handler validates, declared where the handler is defined (withInput). */
const inputs = new WeakMap<Handler<AppEnv>, Pick<RouteDoc, 'input' | 'multipart'>>();

/** Marks `handler` as validating `schema`: the route helpers (http/routes.ts) document it. */
export function withInput<H extends Handler<AppEnv>>(schema: z.ZodType, handler: H, options: { multipart?: boolean } = {}): H {
  inputs.set(handler, { input: schema, ...options });
  return handler;
}

export const inputOf = (handler: Handler<AppEnv>): Pick<RouteDoc, 'input' | 'multipart'> => inputs.get(handler) ?? {};
