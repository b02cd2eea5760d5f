import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestServer, type TestServer } from '../helpers';

/**
 * Node accepts one connection per turn of its event loop. When the embedded database ran on the
 * server's own thread, statements that resolved through promises alone ran back to back in one
 * turn: under a flood of searches, visitors who connected together were let in one per flood
 * round (the 50th waited 5.7 s in the bench). The database now has a thread of its own
 * (server/db/embedded), and its answers arrive as events, each a turn of the loop.
 */
describe('visitors arriving during a search flood are let in', () => {
  let s: TestServer;
  let server: ReturnType<typeof serve>;
  let port: number;
  beforeAll(async () => {
    s = await openTestServer({ searchCacheMs: 0 });
    server = serve({ fetch: s.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await s?.close();
  });

  const search = (agent: http.Agent | false) =>
    new Promise<void>((resolve, reject) => {
      const params = Buffer.from(JSON.stringify({ keywords: '手机', sort_type: 'goods_price', sort_order: 'asc' })).toString('base64');
      http
        .get({ host: '127.0.0.1', port, agent, path: `/api/goods?params=${encodeURIComponent(params)}` }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
        })
        .on('error', reject);
    });

  it('serves 20 new connections within a few flood rounds, not one connection per round', async () => {
    // 30 shoppers searching without pause over kept-alive connections
    const agent = new http.Agent({ keepAlive: true, maxSockets: 30 });
    let floodAnswers = 0;
    let stop = false;
    const flood = Array.from({ length: 30 }, async () => {
      while (!stop) {
        await search(agent);
        floodAnswers++;
      }
    });
    while (floodAnswers < 60) await new Promise((resolve) => setTimeout(resolve, 5));
    // 20 visitors connect at once, each on a connection of its own
    const before = floodAnswers;
    const answeredAfter: number[] = [];
    await Promise.all(Array.from({ length: 20 }, () => search(false).then(() => answeredAfter.push(floodAnswers - before))));
    stop = true;
    await Promise.all(flood);
    agent.destroy();
    // A visitor waits for the ~30 searches ahead of it in line. Letting the newcomers in one per
    // flood round, the last one waited for some 20 rounds of 30 answers (~600).
    expect(Math.max(...answeredAfter)).toBeLessThan(150);
  }, 60_000);
});
