import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './harness';

// Every page linked no icon and browsers asked for /favicon.ico, which answered 404 (a console
// error on every page): the built app carries an SVG icon in the brand colour, linked from
// index.html, and /favicon.ico for those who ask for it anyway.
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('favicon', () => {
  it('pages link the icon, and both icon files answer', async () => {
    for (const path of ['/', '/goods/1', '/stores']) {
      const html = await (await fetch(server.url + path)).text();
      expect(html, path).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"');
      expect(html, path).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32"');
    }
    const svg = await fetch(`${server.url}/favicon.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(await svg.text()).toContain('#c81623');
    const ico = await fetch(`${server.url}/favicon.ico`);
    expect(ico.status).toBe(200);
    expect(ico.headers.get('content-type')).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
    const bytes = Buffer.from(await ico.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), 3 images
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4)]).toEqual([0, 1, 3]);
  });
});
