import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/client';
import { money_logs, stores, users } from '../../../server/db/schema';
import { applyLedger } from '../../../server/modules/money/ledger';
import { findLedgerMismatches } from '../../../server/modules/money/ledgerCheck';
import { openSnapshotDatabase } from '../dbSnapshots';
import { openTestServer, type TestServer } from '../helpers';

let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(async () => {
  await s.close();
});

describe('ledger check: balance = Σ money logs for every account', () => {
  it('holds on the seeded demo data', async () => {
    expect(await findLedgerMismatches(s.db)).toEqual([]);
  });

  it('holds after ledger movements of every kind', async () => {
    await s.db.transaction(async (tx) => {
      await applyLedger(tx, { owner: 'user', id: 4, type: 0, cents: 12345, name: '余额充值' });
      await applyLedger(tx, { owner: 'user', id: 4, type: 0, cents: -345, name: '订单支付' });
      await applyLedger(tx, { owner: 'user', id: 4, type: 2, cents: 700, name: '系统处理' });
      await applyLedger(tx, { owner: 'store', id: 1, type: 1, cents: 99, name: '资金提现' });
    });
    expect(await findLedgerMismatches(s.db)).toEqual([]);
  });

  it('lists each balance changed outside the ledger, and logs of an account that does not exist', async () => {
    await s.db.update(users).set({ money: '0.01' }).where(eq(users.id, 4));
    await s.db.update(stores).set({ store_frozen_money: '7.00' }).where(eq(stores.id, 2));
    await s.db.insert(money_logs).values({ user_id: 987654, name: '系统处理', money: '3.00', is_type: 2 });
    const found = await findLedgerMismatches(s.db);
    expect(found).toEqual([
      { owner: 'store', id: 2, type: 1, balance: '7.00', logged: '0.00' },
      { owner: 'user', id: 4, type: 0, balance: '0.01', logged: expect.stringMatching(/^\d+\.\d{2}$/) },
      { owner: 'user', id: 987654, type: 2, balance: '', logged: '3.00' },
    ]);
  });

  it('npm run ledger:check exits 0 on a sound ledger and 1 listing the mismatches otherwise', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'souk-ledger-'));
    try {
      const database = await openSnapshotDatabase('seeded', dir);
      await database.close();
      const run = () =>
        promisify(execFile)('npx', ['tsx', 'scripts/ledger-check.ts'], { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' } }).then(
          (r) => ({ code: 0, out: r.stdout + r.stderr }),
          (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
        );
      const sound = await run();
      expect(sound).toMatchObject({ code: 0 });
      expect(sound.out).toContain('every balance equals the sum of its money logs');
      const broken = await openDatabase({ dataDir: dir });
      await broken.db.update(users).set({ money: '1.23' }).where(eq(users.id, 4));
      await broken.close();
      const bad = await run();
      expect(bad.code).toBe(1);
      expect(bad.out).toContain('user 4 balance: balance 1.23, logs');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
