import { afterEach, describe, expect, it, vi } from 'vitest';

/** src/api/inlined.ts reads the page's `<script id="souk-data">` once, so each test loads it afresh. */
async function withPage(json: string | null) {
  document.getElementById('souk-data')?.remove();
  if (json !== null) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'souk-data';
    script.textContent = json;
    document.head.append(script);
  }
  vi.resetModules();
  return import('../../src/api/inlined');
}

afterEach(() => document.getElementById('souk-data')?.remove());

describe('answers inlined in index.html', () => {
  it('gives each answer once, as a successful result, and asks the API afterwards', async () => {
    const { inlinedOr } = await withPage(JSON.stringify({ 'goods:5': { id: 5, goods_name: '茶' } }));
    const ask = vi.fn(async () => ({ kind: 'ok' as const, data: { id: 5, goods_name: 'fresh' }, msg: '' }));
    expect(await inlinedOr('goods:5', ask)).toEqual({ kind: 'ok', data: { id: 5, goods_name: '茶' }, msg: '' });
    expect(ask).not.toHaveBeenCalled();
    expect(await inlinedOr('goods:5', ask)).toEqual({ kind: 'ok', data: { id: 5, goods_name: 'fresh' }, msg: '' });
    expect(await inlinedOr('goods:6', ask)).toMatchObject({ kind: 'ok' });
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('keeps an empty list (a space with no adverts) as an answer', async () => {
    const { takeInlined } = await withPage(JSON.stringify({ 'adv:PC_首页幻灯片': [] }));
    expect(takeInlined('adv:PC_首页幻灯片')).toEqual([]);
    expect(takeInlined('adv:PC_首页幻灯片')).toBeUndefined();
  });

  it('ignores a missing, broken or non-object data element', async () => {
    for (const json of [null, '{not json', '[1,2]', 'null']) {
      const { takeInlined } = await withPage(json);
      expect(takeInlined('goods:5')).toBeUndefined();
    }
  });
});
