import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { encodeForm, encodeQuery } from '../../src/api/form';

// Flat payloads skip qs (URLSearchParams instead); the server (qs.parse) must read exactly what
// qs itself would have produced.
const flat = { keywords: '蓝牙 耳机+&=?', page: 2, is_type: '', on: true, off: false, gone: undefined, nothing: null };

describe('request encodings', () => {
  it('a flat query reads back like qs with skipNulls', async () => {
    const encoded = await encodeQuery(flat);
    expect(qs.parse(encoded)).toEqual(qs.parse(qs.stringify(flat, { arrayFormat: 'brackets', skipNulls: true })));
    expect(qs.parse(encoded)).toEqual({ keywords: '蓝牙 耳机+&=?', page: '2', is_type: '', on: 'true', off: 'false' });
  });

  it('a flat form body reads back like qs, with an empty is_type as 0 and null as empty', async () => {
    const encoded = await encodeForm(flat);
    expect(qs.parse(encoded)).toEqual({ keywords: '蓝牙 耳机+&=?', page: '2', is_type: '0', on: 'true', off: 'false', nothing: '' });
  });

  it('nested payloads still use bracket nesting', async () => {
    expect(qs.parse(await encodeForm({ skuList: [{ spec_id: [1, 2], goods_price: '9.90' }] }))).toEqual({
      skuList: [{ spec_id: ['1', '2'], goods_price: '9.90' }],
    });
    expect(await encodeQuery({ id: [1, 2] })).toBe(qs.stringify({ id: [1, 2] }, { arrayFormat: 'brackets' }));
    expect(await encodeQuery({})).toBe('');
  });
});
