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
  it('gives each answer until the page forgets it', async () => {
    const { inlinedAnswer, forgetInlined } = await withPage(JSON.stringify({ 'goods:5': { id: 5, goods_name: '茶' } }));
    expect(inlinedAnswer('goods:5')).toEqual({ id: 5, goods_name: '茶' });
    expect(inlinedAnswer('goods:5')).toEqual({ id: 5, goods_name: '茶' });
    forgetInlined('goods:5');
    expect(inlinedAnswer('goods:5')).toBeUndefined();
    expect(inlinedAnswer('goods:6')).toBeUndefined();
  });

  it('keeps an empty list (a space with no adverts) as an answer', async () => {
    const { inlinedAnswer } = await withPage(JSON.stringify({ 'adv:PC_首页幻灯片': [] }));
    expect(inlinedAnswer('adv:PC_首页幻灯片')).toEqual([]);
  });

  it('ignores a missing, broken or non-object data element', async () => {
    for (const json of [null, '{not json', '[1,2]', 'null']) {
      const { inlinedAnswer } = await withPage(json);
      expect(inlinedAnswer('goods:5')).toBeUndefined();
    }
  });
});
