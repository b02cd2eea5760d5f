import type { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { AppEnv } from '../http/context';

/**
 * The OpenAPI 3.1 document of every API route, generated from the app's route table by
 * hono-openapi (generateSpecs with includeEmptyPaths: a route without a description is still
 * listed), with the input schemas the routes validate with (openapi/describe.ts). Then every
 * operation gets what the contract makes common to all: the envelope answer (HTTP 200 whatever
 * the outcome), its area's bearer token by path, a tag, a unique operationId, and a body for the
 * methods that take one when its schema is not known more precisely.
 */
export const DOCUMENTED_PREFIX = '/api/';
/** Routes of the API that are no part of the contract's JSON API (the document itself, the docs page). */
const OWN = new Set(['/api/openapi.json', '/api/docs', '/api/docs/scalar.js']);

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

const ENVELOPE: OpenAPIV3_1.SchemaObject = {
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: {
    code: { type: 'integer', description: '200: done. Otherwise the refusal: 401 (log in), 403, 404, 409, 413, 422 (data.field names the bad field), 429 (too many), 503 (try again), 500.' },
    msg: { type: 'string', description: 'A message for people, in the Accept-Language (zh-cn or en)' },
    data: { description: 'The answer; on a 422, {field, issues}' },
  },
};

const GENERIC_BODY: OpenAPIV3_1.RequestBodyObject = {
  description: 'Form fields (PHP bracket nesting: `skus[0][price]=1`) or the same as JSON',
  content: {
    'application/x-www-form-urlencoded': { schema: { type: 'object', additionalProperties: true } },
    'application/json': { schema: { type: 'object', additionalProperties: true } },
  },
};

const securityOf = (path: string): OpenAPIV3_1.SecurityRequirementObject[] | undefined => {
  if (path.startsWith('/api/Admin/') && path !== '/api/Admin/login') return [{ adminToken: [] }];
  if (path.startsWith('/api/Seller/') && path !== '/api/Seller/login') return [{ sellerToken: [] }];
  if (path.startsWith('/api/user/')) return [{ userToken: [] }];
  return undefined;
};

const tagOf = (path: string) => {
  const parts = path.slice(DOCUMENTED_PREFIX.length).split('/');
  return parts[0] === 'Admin' || parts[0] === 'Seller' ? `${parts[0]}/${parts[1] ?? ''}` : parts[0] === 'user' ? `user/${parts[1] ?? ''}` : parts[0];
};

export async function buildDocument(app: Hono<AppEnv>, version: string): Promise<OpenAPIV3_1.Document> {
  const generated = (await generateSpecs(app, {
    includeEmptyPaths: true,
    excludeStaticFile: false,
    exclude: [/^(?!\/api\/)/, ...[...OWN]],
    documentation: {
      openapi: '3.1.0',
      info: {
        title: 'Souk API',
        version,
        description:
          'The HTTP API of Souk, a multi-vendor marketplace: storefront (`/api/…`), seller centre (`/api/Seller/…`) and admin console (`/api/Admin/…`). ' +
          'Every answer is HTTP 200 with the envelope `{code, msg, data}` (`code` 200 is success); bodies are form-encoded with bracket nesting, or JSON. ' +
          'Log in with `POST /api/login` (`provider=admins` for the console) and send `Authorization: Bearer <access_token>`; a renewed token comes back in the `Authorization` answer header. ' +
          'Only /api/health and /api/ready answer with other HTTP statuses (503 when not ready).',
      },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          adminToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Admin console token: POST /api/login with provider=admins' },
          sellerToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Seller centre token: POST /api/login with provider=users (area=seller) of a store owner or staff' },
          userToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Shopper token: POST /api/login with provider=users' },
        },
        schemas: { Envelope: ENVELOPE },
        responses: {
          Envelope: { description: 'The envelope: HTTP 200 whatever the outcome; `code` tells success (200) from a refusal', content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } },
        },
      },
    },
  })) as unknown as OpenAPIV3_1.Document;
  const used = new Set<string>();
  for (const [path, item] of Object.entries(generated.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method] as OpenAPIV3_1.OperationObject | undefined;
      if (!op) continue;
      const described = Object.entries(op.responses ?? {}).filter(([, v]) => v && Object.keys(v).length > 0);
      op.responses = { 200: { $ref: '#/components/responses/Envelope' }, ...Object.fromEntries(described) };
      if (path === '/api/ready') op.responses[503] = { description: 'Not ready (data.checks names the failed check: database, migrations, storage, shutdown)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } };
      if (!op.security) {
        const security = securityOf(path);
        if (security) op.security = security;
      }
      op.tags = [tagOf(path)];
      if (!op.requestBody && (method === 'post' || method === 'put' || method === 'patch')) op.requestBody = GENERIC_BODY;
      let id = `${method}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;
      while (used.has(id)) id += '_';
      used.add(id);
      op.operationId = id;
    }
  }
  return generated;
}

/** `METHOD /path/{param}` of every operation of a document. */
export function operationsOf(doc: OpenAPIV3_1.Document): Set<string> {
  const out = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) for (const method of METHODS) if (item?.[method]) out.add(`${method.toUpperCase()} ${path}`);
  return out;
}

/** The document's form of a Hono route path: `/goods/:id{[0-9]+}` → `/goods/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');
