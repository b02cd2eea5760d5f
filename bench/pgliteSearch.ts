/**
 * Issue 11's "embedded database within 3×" for the uncached keyword search: the bench catalogue
 * (100,000 goods, bench/goodsData.ts) written into a fresh PGlite data directory, the server on
 * it with SEARCH_CACHE_MS=0, each of the 157 searches of the mix run twice, then autocannon at 50
 * connections rotating over them, three runs (each 3 s not counted + 10 s). Not yet part of
 * `npm run bench`: run it alone with `npx tsx bench/pgliteSearch.ts` (about a minute and a half).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../server/db/client';
import { seedIfEmpty } from '../server/db/seed';
import { startServer } from '../tests/e2e/harness';
import { generateGoods } from './goodsData';
import { goodsQueries } from './goodsSearch';
import { steadyLoad } from './load';
const dir = mkdtempSync(join(tmpdir(), 'souk-pglite-search-'));
const database = await openDatabase({ dataDir: dir });
await database.migrate();
await seedIfEmpty(database.db);
const t0 = Date.now();
const cat = await generateGoods(database.db, { log: () => {} });
console.log(`${cat.goods} goods written in ${Date.now() - t0} ms`);
await database.close();
const paths = goodsQueries(cat).map((q) => q.path);
const server = await startServer({ DATA_DIR: dir, SEARCH_CACHE_MS: '0' });
for (const p of paths) await (await fetch(server.url + p)).arrayBuffer();
for (const p of paths) await (await fetch(server.url + p)).arrayBuffer();
let i = 0;
for (let k = 0; k < 3; k++) {
  const r = await steadyLoad({ url: server.url, connections: 50, requests: [{ method: 'GET', setupRequest: (req: any) => ({ ...req, path: paths[i++ % paths.length] }) }] } as autocannon.Options);
  console.log(`PGlite, uncached search, 50 connections, run ${k + 1}: ${Math.round(r.requests.average)} req/s p50 ${r.latency.p50} p99 ${r.latency.p99} errors ${r.non2xx + r.errors}`);
}
await server.stop();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
