import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, areas } from '../../../server/db/schema';
import { MAX_ADDRESSES } from '../../../server/modules/shop/addresses';
import type { TestServer } from '../helpers';
import { listField } from '../content/util';
import { makeUser } from './fixtures';
import { PG_URL, openPgServer } from '../pgServer';

/** Addresses under concurrency, on a real PostgreSQL (TEST_DATABASE_URL): the cap and the one default hold. */

describe.skipIf(!PG_URL)('addresses on PostgreSQL (concurrency)', () => {
  let s: TestServer;
  let ids: number[];
  beforeAll(async () => {
    s = await openPgServer();
    const rows = await s.db.select({ id: areas.id, code: areas.code }).from(areas).where(inArray(areas.code, ['11', '1101', '110105']));
    const byCode = Object.fromEntries(rows.map((r) => [r.code, r.id]));
    ids = [byCode['11'], byCode['1101'], byCode['110105']];
  });
  afterAll(() => s?.close());

  const body = (name: string, isDefault: number) => ({ receive_name: name, receive_tel: '13912345678', address: '建国路 1 号', is_default: isDefault, ...listField('area', ids) });
  const live = (userId: number) =>
    s.db
      .select({ id: addresses.id, is_default: addresses.is_default })
      .from(addresses)
      .where(and(eq(addresses.user_id, userId), isNull(addresses.deleted_at)));

  it(`30 concurrent creates, each asking to be the default: ${MAX_ADDRESSES} rows, one default`, async () => {
    const user = await makeUser(s);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => s.call('POST', '/api/user/addresses', { token: user.token, body: body(`并发${i}`, 1) })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(MAX_ADDRESSES);
    expect(answers.filter((a) => a.code === 422).every((a) => a.data.field === 'address')).toBe(true);
    expect(answers.filter((a) => a.code !== 200 && a.code !== 422)).toEqual([]);
    const rows = await live(user.id);
    expect(rows).toHaveLength(MAX_ADDRESSES);
    expect(rows.filter((r) => r.is_default === 1)).toHaveLength(1);
  });

  it('concurrent default switches and deletes leave exactly one default', async () => {
    const user = await makeUser(s);
    for (let i = 0; i < 6; i++) await s.call('POST', '/api/user/addresses', { token: user.token, body: body(`地址${i}`, 0) });
    const rows = await live(user.id);
    const answers = await Promise.all([
      ...rows.map((r) => s.call('PUT', `/api/user/addresses/default/${r.id}`, { token: user.token })),
      ...rows.map((r) => s.call('GET', `/api/user/addresses/default/${r.id}`, { token: user.token })),
      s.call('DELETE', `/api/user/addresses/${rows[0].id},${rows[1].id}`, { token: user.token }),
    ]);
    expect(answers.every((a) => a.code === 200 || a.code === 404)).toBe(true);
    const after = await live(user.id);
    expect(after).toHaveLength(4);
    expect(after.filter((r) => r.is_default === 1)).toHaveLength(1);
  });
});
