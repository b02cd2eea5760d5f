import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { configs } from '../../../server/db/schema';
import type { GatewayProvider } from '../../../server/modules/payment/providers';
import type { TestServer } from '../helpers';
import { alipayGateway, rsaKeys, type StandIn } from '../payment/standins';

/**
 * An Alipay stand-in for the enclosing describe block, its public key on disk; `configure()` points
 * the shop's pay settings at it (restored after the block), so refunds go through the real adapter.
 */
export function alipayStandIn(server: () => TestServer) {
  const app = rsaKeys();
  const alipayKeys = rsaKeys();
  let dir = '';
  let saved = '';
  const handle = {
    gateway: undefined as unknown as StandIn,
    async configure() {
      const settings = { alipayscan: { app_id: '2021000000000001', app_secret_cert: app.privatePem, alipay_public_cert_path: join(dir, 'alipay_public.pem') } };
      await server().db.update(configs).set({ content: JSON.stringify(settings) }).where(eq(configs.name, 'pay'));
    },
  };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'souk-refund-alipay-'));
    writeFileSync(join(dir, 'alipay_public.pem'), alipayKeys.publicPem);
    handle.gateway = await alipayGateway(app.publicKey, alipayKeys);
    saved = (await server().db.select().from(configs).where(eq(configs.name, 'pay')))[0].content;
  });
  afterAll(async () => {
    await server().db.update(configs).set({ content: saved }).where(eq(configs.name, 'pay'));
    await handle.gateway?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return handle;
}

/**
 * A provider whose refund calls wait until `release()`, recording each refund number; `onStart` /
 * `onEnd` see each call begin and end. Answers `<prefix><refundNo>` as the provider's refund id.
 */
export function gatedProvider(prefix: string, hooks: { onStart?: (refundNo: string) => void; onEnd?: (refundNo: string) => void } = {}) {
  const calls: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const provider: GatewayProvider = {
    name: 'dev',
    method: 'wechat',
    testMode: true,
    createQr: async () => ({ codeUrl: '' }),
    verifyNotify: async () => null,
    refund: async ({ refundNo }) => {
      calls.push(refundNo);
      hooks.onStart?.(refundNo);
      await gate;
      hooks.onEnd?.(refundNo);
      return { refundId: `${prefix}${refundNo}` };
    },
    acknowledge: { status: 200, contentType: 'text/plain', body: 'ok' },
    reject: { status: 400, contentType: 'text/plain', body: 'no' },
  };
  return { provider, calls, release: () => release() };
}
