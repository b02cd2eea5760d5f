import type { Context, Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { migrationsCurrent } from '../db/client';
import type { AppEnv, Services } from '../http/context';
import { storageOf } from '../storage/settings';

/** How long one readiness check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 3000;

type Check = 'ok' | 'failed' | 'pending';

const within = <T>(work: Promise<T>) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS).unref())]);

async function check(name: string, work: () => Promise<boolean>): Promise<Check> {
  try {
    return (await within(work())) ? 'ok' : 'pending';
  } catch (err) {
    console.error(`[souk] readiness: ${name} failed:`, err instanceof Error ? err.message : err);
    return 'failed';
  }
}

/** The readiness of this instance: database reachable, migrations current, storage reachable, not shutting down. */
export async function readiness(services: Services): Promise<{ ready: boolean; checks: Record<string, Check> }> {
  const [database, migrations, storage] = await Promise.all([
    check('database', async () => {
      await services.db.execute(sql`select 1`);
      return true;
    }),
    check('migrations', () => migrationsCurrent(services.db)),
    check('storage', async () => {
      await (await storageOf(services)).check();
      return true;
    }),
  ]);
  const checks: Record<string, Check> = { database, migrations, storage, shutdown: services.ops?.draining ? 'pending' : 'ok' };
  return { ready: Object.values(checks).every((v) => v === 'ok'), checks };
}

/**
 * For load balancers and orchestrators, which read the HTTP status (an exception to the
 * envelope's always-200; the body is still the envelope):
 * - GET /api/health: the process answers (liveness) — 200 while it runs, even while draining.
 * - GET /api/ready: it can serve (readiness) — 200, or 503 naming the failed check (details in the log).
 */
export function mountHealth(app: Hono<AppEnv>) {
  app.get('/api/health', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ code: 200, msg: 'ok', data: { status: 'up', uptime: Math.round(process.uptime()) } });
  });
  app.get('/api/ready', async (c: Context<AppEnv>) => {
    c.header('Cache-Control', 'no-store');
    const { ready, checks } = await readiness(c.get('services'));
    return ready
      ? c.json({ code: 200, msg: 'ready', data: { status: 'ready', checks } })
      : c.json({ code: 503, msg: 'not ready', data: { status: 'not ready', checks } }, 503);
  });
}
