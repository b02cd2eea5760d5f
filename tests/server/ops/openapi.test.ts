import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenAPIV3_1 } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import type { Config } from '../../../server/config';
import { openApiPath, operationsOf } from '../../../server/openapi/document';

/**
 * The OpenAPI document against the route table: every API route of the app is an operation of
 * the document (a route added without a document entry fails here), each with its path
 * parameters, the envelope answer and, for the methods that take one, a request body; the input
 * schemas the routes validate with are there. The route table needs no database.
 */
let app: ReturnType<typeof createApp>;
let doc: OpenAPIV3_1.Document;

const OWN = new Set(['/api/openapi.json', '/api/docs', '/api/docs/scalar.js']);

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'souk-openapi-'));
  const config = { port: 0, host: '127.0.0.1', dataDir: dir, jwtSecret: 'x'.repeat(40), uploadsDir: join(dir, 'uploads'), distDir: join(dir, 'no-dist'), timeZone: 'Asia/Shanghai', trustProxy: 0, searchCacheMs: 0, searchConcurrency: 1 } as Config;
  // no database: the document is built from the route table alone (the live hub is never reached)
  app = createApp({ database: undefined as never, db: undefined as never, config, live: {} as never });
  const res = await app.request('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as OpenAPIV3_1.Document;
});

/** `METHOD /api/…` of every API route the app answers (middleware, `ALL`, excluded). */
function apiRoutes(): Set<string> {
  const out = new Set<string>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/') || OWN.has(route.path) || route.path.includes('*')) continue;
    out.add(`${route.method} ${openApiPath(route.path)}`);
  }
  return out;
}

const operations = () =>
  Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    (['get', 'post', 'put', 'patch', 'delete'] as const).flatMap((method) => (item?.[method] ? [{ path, method, op: item[method] as OpenAPIV3_1.OperationObject }] : [])),
  );

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document listing every API route of the route table', () => {
    expect(doc.openapi).toBe('3.1.0');
    const routes = apiRoutes();
    const documented = operationsOf(doc);
    expect(routes.size).toBeGreaterThan(400);
    expect([...routes].filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((r) => !routes.has(r))).toEqual([]);
  });

  it('gives every operation its path parameters, the envelope answer, a unique id, and a body where the method takes one', () => {
    const ids = new Set<string>();
    for (const { path, method, op } of operations()) {
      expect(op.responses?.['200'], `${method} ${path}`).toEqual({ $ref: '#/components/responses/Envelope' });
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
        expect((op.parameters as OpenAPIV3_1.ParameterObject[] | undefined)?.some((p) => p.in === 'path' && p.name === name), `${method} ${path} {${name}}`).toBe(true);
      }
      if (method === 'post' || method === 'put' || method === 'patch') expect(op.requestBody, `${method} ${path}`).toBeTruthy();
      expect(ids.has(op.operationId!)).toBe(false);
      ids.add(op.operationId!);
    }
    expect(doc.components?.schemas?.Envelope).toMatchObject({ required: ['code', 'msg', 'data'] });
  });

  it('carries the zod schemas the routes validate with, and the area token', () => {
    const op = (method: 'get' | 'post' | 'put', path: string) => doc.paths![path]![method] as OpenAPIV3_1.OperationObject;
    const body = (o: OpenAPIV3_1.OperationObject, media = 'application/x-www-form-urlencoded') =>
      ((o.requestBody as OpenAPIV3_1.RequestBodyObject).content[media].schema as OpenAPIV3_1.SchemaObject);
    // a route with its own schema
    expect(body(op('post', '/api/login'))).toMatchObject({ properties: { username: { type: 'string', maxLength: 30 }, password: { type: 'string' } }, required: ['username', 'password'] });
    // a resource of the CRUD factory: its form, its list filters, its area's token
    const brands = op('post', '/api/Admin/goods_brands');
    expect(Object.keys(body(brands).properties ?? {})).toContain('name');
    expect(brands.security).toEqual([{ adminToken: [] }]);
    const list = op('get', '/api/Admin/goods_brands');
    expect((list.parameters as OpenAPIV3_1.ParameterObject[]).map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'per_page', 'isAll', 'name']));
    // uploads are multipart with a file
    expect(body(op('post', '/api/Seller/uploads'), 'multipart/form-data').properties?.file).toEqual({ type: 'string', format: 'binary' });
    expect(op('post', '/api/Seller/uploads').security).toEqual([{ sellerToken: [] }]);
    expect(op('put', '/api/store').security).toEqual([{ userToken: [] }]);
  });
});

describe('GET /api/docs', () => {
  it('renders the API reference page with its script served here, under a CSP that admits it', async () => {
    const res = await app.request('/api/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<script src="/api/docs/scalar.js"></script>');
    expect(html).toContain('"url": "/api/openapi.json"');
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[^']+'/);
    const script = await app.request('/api/docs/scalar.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });
});
