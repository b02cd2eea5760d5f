import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The server process's id (benchmarks read its CPU time). */
  pid: number;
  /** Everything the server printed so far (SMS codes of the dev provider among it). */
  log(): string;
  /** Resolves with the process's exit code (null: ended by a signal it did not handle). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
    srv.on('error', rej);
  });
}

export interface StartOptions {
  /** false: the API alone is enough (no built SPA needed); default true. */
  needsDist?: boolean;
  /** A name in the DATA_DIR's folder name and in errors (`a`, `b` of a cluster). */
  name?: string;
}

/** Fills the empty DATA_DIR `dataDir` with the e2e run's migrated template (dataDirTemplate.ts); not under `npm run bench`. */
async function copyDataDirTemplate(dataDir: string): Promise<void> {
  if (!process.env.VITEST) return;
  const { inject } = await import('vitest');
  const template = inject('e2eDataDirTemplate');
  if (template && existsSync(join(template, 'pglite'))) cpSync(join(template, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
}

/**
 * Starts the real server (built SPA + API) on a fresh embedded database (a copy of the run's
 * migrated one, dataDirTemplate.ts), as `npm start` would;
 * `env` adds or overrides variables (DATABASE_URL for PostgreSQL, UPLOAD_DRIVER, …).
 */
/** Characters of a server's output kept from its start and from its end (harness `log()`). */
const OUTPUT_KEPT = 512 * 1024;

export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const dist = resolve('dist/index.html');
  if (options.needsDist !== false && !existsSync(dist)) throw new Error('dist/ is missing: run `npm run build` before the e2e tests');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `souk-e2e-${options.name ? `${options.name}-` : ''}`));
  if (!env.DATABASE_URL) await copyDataDirTemplate(dataDir);
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // the server logs a line per request: under a bench's load an ever-growing string slowed the
  // process that also generates the load, so only the first and the latest output are kept
  const keep = (d: Buffer) => {
    output += d;
    if (output.length > 4 * OUTPUT_KEPT) output = `${output.slice(0, OUTPUT_KEPT)}\n[… output cut …]\n${output.slice(-OUTPUT_KEPT)}`;
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
  await new Promise<void>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`server ${options.name ?? ''} did not start:\n${output}`)), 120_000);
    const check = () => {
      if (output.includes('listening on')) {
        clearTimeout(timer);
        res();
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => rej(new Error(`server ${options.name ?? ''} exited with ${code}:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    pid: child.pid!,
    log: () => output,
    exited,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A fresh browser profile per scenario, in the given language (zh-cn is the product default). */
export async function newPage(
  browser: Browser,
  baseURL: string,
  locale: 'zh-CN' | 'en-US' = 'zh-CN',
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale, viewport });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('[page error]', err.message));
  waitForHydration(page);
  return { context, page };
}

/**
 * The home and goods pages arrive rendered by the server and become interactive when the
 * browser has hydrated them (their root then loses `data-ssr`): loads and reloads wait for it,
 * as a person waits for the page to respond.
 */
function waitForHydration(page: Page) {
  const hydrated = () => page.waitForFunction(() => !document.querySelector('#root[data-ssr]'), null, { timeout: 20_000 });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
}

/** The latest code the dev SMS provider printed for a phone. */
export function smsCodeFromLog(log: string, phone: string): string {
  const lines = log.split('\n').filter((l) => l.includes('[sms:dev]') && l.includes(phone));
  const match = /\b(\d{4,6})\b(?!.*\b\d{4,6}\b)/.exec(lines.at(-1)?.replace(phone, '') ?? '');
  if (!match) throw new Error(`no SMS code for ${phone} in the server log`);
  return match[1];
}
