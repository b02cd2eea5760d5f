import pg from 'pg';

/**
 * A PostgreSQL database of this test worker's own beside TEST_DATABASE_URL's (created when
 * missing). Vitest runs test files in parallel workers, and every PostgreSQL test file drops and
 * reseeds its database: files sharing one database would cut into each other's runs. A worker
 * runs one file at a time, so a database per worker (VITEST_POOL_ID) isolates them; `suffix`
 * gives a file a database of its own regardless.
 */
export async function workerDatabase(url: string, suffix = `w${process.env.VITEST_POOL_ID ?? '0'}`): Promise<string> {
  const target = new URL(url);
  const name = `${target.pathname.slice(1) || 'postgres'}_${suffix}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      try {
        await client.query(`create database "${name}"`);
      } catch (err) {
        // another worker created it meanwhile
        if ((err as { code?: string }).code !== '42P04' && (err as { code?: string }).code !== '23505') throw err;
      }
    }
  } finally {
    await client.end();
  }
  target.pathname = `/${name}`;
  return target.toString();
}
