import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startServer, type RunningServer } from './harness';

/**
 * Several real server processes (server/main.ts, as `npm start` runs it) over one PostgreSQL
 * database, as a deployment behind a load balancer runs them: the scale-out tests reach an
 * instance each and check that what one instance did, another sees.
 *
 *   const cluster = await startInstances({ databaseUrl: process.env.TEST_DATABASE_URL! });
 *   const [a, b] = cluster.instances;
 *   … fetch(`${a.url}/api/…`) then fetch(`${b.url}/api/…`) …
 *   await cluster.stop();
 *
 * The database is a fresh one beside `databaseUrl` (`<name>_<suffix>`, dropped and created
 * again), so the instances migrate and seed it themselves, all starting at once as a deployment
 * does. Each instance has a DATA_DIR of its own (`instance.dataDir`: what it wrote to its disk)
 * and all share JWT_SECRET, so a token from one is good on the others.
 */
export interface Cluster {
  instances: RunningServer[];
  /** The database the instances share. */
  databaseUrl: string;
  /** Stops every instance (SIGTERM, then SIGKILL after 5 s) and drops the database. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** A PostgreSQL URL (TEST_DATABASE_URL); its server holds the cluster's database. */
  databaseUrl: string;
  /** How many instances (default 2). */
  count?: number;
  /** Variables for every instance (UPLOAD_DRIVER, S3_*, JOBS, …). */
  env?: Record<string, string>;
  /** Variables for instance `i` only, over `env`. */
  envOf?: (i: number) => Record<string, string>;
  /** The database name's suffix (default `cluster`): two suites running at once need two. */
  suffix?: string;
}

/** A fresh database `<base>_<suffix>` on the server of `url` (an older one of that name is dropped). */
export async function freshDatabase(url: string, suffix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const target = new URL(url);
  const name = `${target.pathname.slice(1) || 'postgres'}_${suffix}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  // statements about databases run on the server's maintenance database (the base may not exist)
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: maintenance.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists "${name}" with (force)`);
  await admin(`create database "${name}"`);
  target.pathname = `/${name}`;
  return { url: target.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

export async function startInstances(options: ClusterOptions): Promise<Cluster> {
  const database = await freshDatabase(options.databaseUrl, options.suffix ?? 'cluster');
  const shared = {
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    // the tests call as several clients from one address: each names its own (TRUST_PROXY)
    TRUST_PROXY: '1',
    ...options.env,
  };
  const count = options.count ?? 2;
  const names = 'abcdefghij';
  const started = await Promise.allSettled(
    Array.from({ length: count }, (_, i) => startServer({ ...shared, ...options.envOf?.(i) }, { needsDist: false, name: names[i] ?? String(i) })),
  );
  const instances = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stop = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await database.drop();
  };
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { instances, databaseUrl: database.url, stop };
}
