import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, areas } from '../../../server/db/schema';
import { MAX_ADDRESSES } from '../../../server/modules/shop/addresses';
import { loginAdmin, openTestServer, type TestServer } from '../helpers';
import { listField } from '../content/util';
import { makeUser } from './fixtures';

/** docs/orders-api.md "Addresses": the shopper's own delivery addresses. */
let s: TestServer;
let area: Record<string, number>;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
beforeAll(async () => {
  s = await openTestServer();
  const rows = await s.db
    .select({ id: areas.id, code: areas.code })
    .from(areas)
    .where(inArray(areas.code, ['11', '1101', '110105', '110108', '44', '4401', '440106']));
  area = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  alice = await makeUser(s);
  bob = await makeUser(s);
});
afterAll(() => s.close());

type Row = { id: number; is_default: boolean; area: number[]; area_info: string; receive_name: string };

const form = (over: Record<string, string | number> = {}, ids = [area['11'], area['1101'], area['110105']]) => {
  const body: Record<string, string | number> = {
    receive_name: '张三',
    receive_tel: '13912345678',
    address: '建国路 1 号',
    ...listField('area', ids),
  };
  for (const [k, v] of Object.entries(over)) {
    if (v === '__drop__') delete body[k];
    else body[k] = v;
  }
  return body;
};
const create = (token: string | null, body: Record<string, string | number>) => s.call<Row & { field?: string; max?: number }>('POST', '/api/user/addresses', { token, body, lang: 'en' });
const own = async (userId: number) =>
  s.db
    .select({ id: addresses.id, is_default: addresses.is_default, receive_name: addresses.receive_name })
    .from(addresses)
    .where(and(eq(addresses.user_id, userId), isNull(addresses.deleted_at)))
    .orderBy(addresses.id);

describe('addresses', () => {
  it('needs a shopper login', async () => {
    expect((await s.call('GET', '/api/user/addresses')).code).toBe(401);
    expect((await create(null, form())).code).toBe(401);
    expect((await create(await loginAdmin(s), form())).code).toBe(401);
    expect((await s.call('DELETE', '/api/user/addresses/1')).code).toBe(401);
    expect((await s.call('GET', '/api/user/addresses/default/1')).code).toBe(401);
  });

  it('creates the first address as the default, with area_info built from the area tree', async () => {
    const res = await create(alice.token, form({ is_default: 0 }));
    expect(res.code).toBe(200);
    expect(res.data).toEqual({
      id: expect.any(Number),
      receive_name: '张三',
      receive_tel: '13912345678',
      area_info: '北京市 北京市 朝阳区',
      address: '建国路 1 号',
      province_id: area['11'],
      city_id: area['1101'],
      region_id: area['110105'],
      area: [area['11'], area['1101'], area['110105']],
      is_default: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
  });

  it('takes the three ids as fields, and a landline number', async () => {
    const body = form({ receive_name: '李四', receive_tel: '010-88886666', province_id: area['44'], city_id: area['4401'], region_id: area['440106'] }, []);
    const res = await create(alice.token, body);
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ receive_name: '李四', area_info: '广东省 广州市 天河区', is_default: false, area: [area['44'], area['4401'], area['440106']] });
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = await own(alice.id);
    const cases: [Record<string, string | number>, string][] = [
      [form({ receive_name: '__drop__' }), 'receive_name'],
      [form({ receive_name: '   ' }), 'receive_name'],
      [form({ receive_name: 'x'.repeat(31) }), 'receive_name'],
      [form({ receive_tel: '12345' }), 'receive_tel'],
      [form({ receive_tel: '139123456789' }), 'receive_tel'],
      [form({ receive_tel: 'phone' }), 'receive_tel'],
      [form({ address: '' }), 'address'],
      [form({ address: '路'.repeat(121) }), 'address'],
      [form({ is_default: 'yes' }), 'is_default'],
      [form({}, []), 'area'],
      [form({}, [area['11']]), 'area'],
      [form({}, [area['11'], area['4401'], area['440106']]), 'area'],
      [form({}, [area['44'], area['4401'], area['110105']]), 'area'],
      [form({}, [area['11'], area['1101']]), 'area'],
      [form({}, [999999, 999998, 999997]), 'area'],
      [form({ area: 'abc' }, []), 'area'],
    ];
    for (const [body, field] of cases) {
      const res = await create(alice.token, body);
      expect({ field, code: res.code, got: res.data?.field }).toEqual({ field, code: 422, got: field });
      expect(res.msg).not.toMatch(/Too (big|small)|expected/);
    }
    expect(await own(alice.id)).toEqual(before);
  });

  it('lists own rows, default first then newest, paged or whole', async () => {
    const paged = await s.call<{ data: Row[]; total: number; per_page: number }>('GET', '/api/user/addresses', { token: alice.token, body: { per_page: 1 } });
    expect(paged.code).toBe(200);
    expect(paged.data).toMatchObject({ total: 2, per_page: 1, current_page: 1, last_page: 2 });
    expect(paged.data.data.map((r) => r.receive_name)).toEqual(['张三']);
    const all = await s.call<Row[]>('GET', '/api/user/addresses', { token: alice.token, body: { isAll: 1 } });
    expect(all.data.map((r) => [r.receive_name, r.is_default])).toEqual([
      ['张三', true],
      ['李四', false],
    ]);
    expect((await s.call('GET', '/api/user/addresses', { token: bob.token, body: { isAll: 1 } })).data).toEqual([]);
    expect((await s.call('GET', '/api/user/addresses', { token: alice.token, body: { per_page: 0 } })).data.field).toBe('per_page');
  });

  it('shows and updates an own row; is_default 1 moves the default, 0 on the default keeps it', async () => {
    const [first, second] = await own(alice.id);
    expect((await s.call<Row>('GET', `/api/user/addresses/${second.id}`, { token: alice.token })).data).toMatchObject({ id: second.id, receive_name: '李四' });
    const res = await s.call<Row>('PUT', `/api/user/addresses/${second.id}`, {
      token: alice.token,
      body: form({ receive_name: '李四改', is_default: 1 }, [area['11'], area['1101'], area['110108']]),
    });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ id: second.id, receive_name: '李四改', area_info: '北京市 北京市 海淀区', is_default: true });
    expect(await own(alice.id)).toEqual([
      { id: first.id, is_default: 0, receive_name: '张三' },
      { id: second.id, is_default: 1, receive_name: '李四改' },
    ]);
    const keep = await s.call<Row>('PUT', `/api/user/addresses/${second.id}`, { token: alice.token, body: form({ receive_name: '李四', is_default: 0 }) });
    expect(keep.data.is_default).toBe(true);
    const bad = await s.call('PUT', `/api/user/addresses/${second.id}`, { token: alice.token, body: form({ receive_tel: '1' }) });
    expect(bad.data.field).toBe('receive_tel');
    expect((await own(alice.id))[1].receive_name).toBe('李四');
    expect((await s.call('PUT', '/api/user/addresses/abc', { token: alice.token, body: form() })).data.field).toBe('id');
  });

  it('sets the default with GET or PUT, one default at a time', async () => {
    const [first, second] = await own(alice.id);
    const res = await s.call<Row>('GET', `/api/user/addresses/default/${first.id}`, { token: alice.token });
    expect(res.data).toMatchObject({ id: first.id, is_default: true });
    expect((await own(alice.id)).map((r) => r.is_default)).toEqual([1, 0]);
    expect((await s.call<Row>('PUT', `/api/user/addresses/default/${second.id}`, { token: alice.token })).data.is_default).toBe(true);
    expect((await s.call<Row>('PUT', `/api/user/addresses/default/${second.id}`, { token: alice.token })).data.is_default).toBe(true);
    expect((await own(alice.id)).map((r) => r.is_default)).toEqual([0, 1]);
    expect((await s.call('GET', '/api/user/addresses/default/x', { token: alice.token })).code).toBe(422);
  });

  it("never shows, changes, defaults or deletes another user's address (404, nothing changed)", async () => {
    const before = await own(alice.id);
    const id = before[0].id;
    expect((await s.call('GET', `/api/user/addresses/${id}`, { token: bob.token })).code).toBe(404);
    expect((await s.call('PUT', `/api/user/addresses/${id}`, { token: bob.token, body: form({ receive_name: '盗' }) })).code).toBe(404);
    expect((await s.call('GET', `/api/user/addresses/default/${id}`, { token: bob.token })).code).toBe(404);
    expect((await s.call('DELETE', `/api/user/addresses/${id}`, { token: bob.token })).code).toBe(404);
    expect(await own(alice.id)).toEqual(before);
  });

  it('deletes own rows; the default passes to the newest remaining one', async () => {
    const third = (await create(alice.token, form({ receive_name: '王五' }))).data;
    const [first, second] = await own(alice.id);
    expect(second.is_default).toBe(1);
    const res = await s.call('DELETE', `/api/user/addresses/${second.id},${bob.id + 100000}`, { token: alice.token });
    expect(res).toMatchObject({ code: 200, data: 1 });
    expect(await own(alice.id)).toEqual([
      { id: first.id, is_default: 0, receive_name: '张三' },
      { id: third.id, is_default: 1, receive_name: '王五' },
    ]);
    expect((await s.call('DELETE', `/api/user/addresses/${second.id}`, { token: alice.token })).code).toBe(404);
    expect((await s.call('DELETE', '/api/user/addresses/a,b', { token: alice.token })).code).toBe(422);
    await s.call('DELETE', `/api/user/addresses/${first.id},${third.id}`, { token: alice.token });
    expect(await own(alice.id)).toEqual([]);
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses per user`, async () => {
    const carol = await makeUser(s);
    for (let i = 0; i < MAX_ADDRESSES; i++) expect((await create(carol.token, form({ receive_name: `收件人${i}` }))).code).toBe(200);
    const over = await create(carol.token, form());
    expect(over).toMatchObject({ code: 422, data: { field: 'address', max: MAX_ADDRESSES } });
    expect(over.msg).toContain(String(MAX_ADDRESSES));
    const rows = await own(carol.id);
    expect(rows).toHaveLength(MAX_ADDRESSES);
    expect(rows.filter((r) => r.is_default === 1)).toHaveLength(1);
  });

  it('refuses staff sub-accounts', async () => {
    const staff = await makeUser(s, { belongId: alice.id });
    const res = await create(staff.token, form());
    expect(res.code).toBe(403);
    expect(await own(staff.id)).toEqual([]);
  });
});
