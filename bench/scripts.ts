import { gzipSync } from 'node:zlib';
import { launchBrowser, type RunningServer } from '../tests/e2e/harness';

const gz = (buf: Buffer | string) => gzipSync(buf).length;

/** Gzip bytes of every script a page loads until the network is idle. */
export async function scriptsLoaded(server: RunningServer, path: string, storage: Record<string, string> = {}) {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: server.url });
    await context.addInitScript((items) => {
      for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
    }, storage);
    const page = await context.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      try { scripts.set(new URL(res.url()).pathname, gz(await res.body())); } catch { /* navigation raced */ }
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    return [...scripts.values()].reduce((a, b) => a + b, 0);
  } finally {
    await browser.close();
  }
}
