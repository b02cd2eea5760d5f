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

/**
 * Gzip bytes of every script the back office loads from its login page through the login to the
 * dashboard drawn (charts included), until the network is idle (issue 26 budget: 180 KB).
 */
export async function scriptsOfBackofficeLogin(server: RunningServer, area: 'Admin' | 'Seller', username: string, password = '123456') {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
    const page = await context.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      try { scripts.set(new URL(res.url()).pathname, gz(await res.body())); } catch { /* navigation raced */ }
    });
    await page.goto(`/${area}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Account').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL(`**/${area}/dashboard`);
    await page.locator('.ct-chart svg').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    return [...scripts.values()].reduce((a, b) => a + b, 0);
  } finally {
    await browser.close();
  }
}
