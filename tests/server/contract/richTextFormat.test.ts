import { readFileSync } from 'node:fs';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, goods, stores } from '../../../server/db/schema';
import { EMPTY_EDITOR_DOC, RICH_TEXT_SEPARATOR, richTextOf, toStoredRichText } from '../../../server/modules/content/richText';
import { loginAdmin, loginOwner2Seller, loginOwnerSeller, openTestServer, type TestServer } from '../helpers';
import { setGoodsReview } from '../catalogue/fixtures';

/**
 * Issue 11 "one rich-text format for every field": goods content and after-sale text are stored
 * and served as `html##qingwuit##json` like articles, so a client that splits on the separator
 * reads the HTML first, whatever field it is.
 */
let s: TestServer;
let owner: string;
let goodsId: number;
beforeAll(async () => {
  s = await openTestServer();
  owner = await loginOwnerSeller(s);
  await setGoodsReview(s, false);
  const [row] = await s.db
    .select({ id: goods.id })
    .from(goods)
    .where(and(eq(goods.store_id, 1), eq(goods.goods_status, 1), eq(goods.goods_verify, 1), isNull(goods.deleted_at)))
    .limit(1);
  goodsId = row.id;
});
afterAll(() => s.close());

/** What a reference client does with a rich-text value. */
const split = (value: string) => {
  const parts = value.split(RICH_TEXT_SEPARATOR);
  return { html: parts[0], json: JSON.parse(parts[1]) as unknown, count: parts.length };
};

describe('toStoredRichText', () => {
  it('plain HTML gets the separator and an empty editor document; a value with a document keeps it; empty stays empty', () => {
    expect(toStoredRichText('<p>a</p>')).toBe(`<p>a</p>${RICH_TEXT_SEPARATOR}${EMPTY_EDITOR_DOC}`);
    const doc = JSON.stringify({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(toStoredRichText(`<p>a</p>${RICH_TEXT_SEPARATOR}${doc}`)).toBe(`<p>a</p>${RICH_TEXT_SEPARATOR}${doc}`);
    expect(toStoredRichText('')).toBe('');
    // unreadable JSON is dropped and replaced, the HTML sanitised
    expect(toStoredRichText(`<p onclick="x()">a</p>${RICH_TEXT_SEPARATOR}{nope`)).toBe(richTextOf('<p>a</p>'));
  });
});

describe('goods content', () => {
  it('a seller writing plain HTML: stored and served as html##qingwuit##json; the shop page reads the HTML part', async () => {
    const put = await s.call<{ goods_content: string }>('PUT', `/api/Seller/goods/${goodsId}`, { token: owner, body: { goods_content: '<p>正文<script>x</script></p>' } });
    expect(put.code, put.msg).toBe(200);
    const [row] = await s.db.select({ content: goods.goods_content }).from(goods).where(eq(goods.id, goodsId));
    expect(row.content).toBe(`<p>正文</p>${RICH_TEXT_SEPARATOR}${EMPTY_EDITOR_DOC}`);
    const shop = await s.call<{ goods_content: string; store_info: { after_sale_service: string } }>('GET', `/api/goods/${goodsId}`);
    expect(shop.code).toBe(200);
    expect(split(shop.data.goods_content)).toEqual({ html: '<p>正文</p>', json: { type: 'doc', content: [] }, count: 2 });
  });

  it('seeded goods content and after-sale text are in the same format as seeded articles', async () => {
    const [g] = await s.db.select({ c: goods.goods_content, m: goods.goods_content_mobile }).from(goods).where(eq(goods.store_id, 2)).limit(1);

    expect(split(g.c).count).toBe(2);
    expect(split(g.m).count).toBe(2);
    const [st] = await s.db.select({ a: stores.after_sale_service }).from(stores).where(eq(stores.id, 1));
    expect(split(st.a).html).toMatch(/^<p>/);
    const [article] = await s.db.select({ c: articles.content }).from(articles).where(sql`${articles.content} <> ''`).limit(1);
    expect(split(article.c).count).toBe(2);
  });

  it('bad input and the wrong store write nothing', async () => {
    const [before] = await s.db.select({ content: goods.goods_content }).from(goods).where(eq(goods.id, goodsId));
    const bad = await s.call('PUT', `/api/Seller/goods/${goodsId}`, { token: owner, body: { goods_content: `<p>x</p>${RICH_TEXT_SEPARATOR}{"type":"doc","content":[{"type":"image","attrs":{"src":5}}]}` }, lang: 'en' });
    expect(bad.code).toBe(422);
    const stranger = await s.call('PUT', `/api/Seller/goods/${goodsId}`, { token: await loginOwner2Seller(s), body: { goods_content: '<p>mine</p>' } });
    expect([403, 404]).toContain(stranger.code);
    const [after] = await s.db.select({ content: goods.goods_content }).from(goods).where(eq(goods.id, goodsId));
    expect(after.content).toBe(before.content);
  });
});

describe('after-sale text', () => {
  it('the seller’s plain HTML is stored in the format; the store page and the goods page serve it so', async () => {
    const put = await s.call('PUT', '/api/Seller/stores/0', { token: owner, body: { after_sale_service: '<p>七天无理由</p>' } });
    expect(put.code, put.msg).toBe(200);
    const [row] = await s.db.select({ a: stores.after_sale_service }).from(stores).where(eq(stores.id, 1));
    expect(row.a).toBe(richTextOf('<p>七天无理由</p>'));
    const store = await s.call<{ after_sale_service: string }>('GET', '/api/store/1');
    expect(split(store.data.after_sale_service).html).toBe('<p>七天无理由</p>');
    const page = await s.call<{ store_info: { after_sale_service: string } }>('GET', `/api/goods/${goodsId}`);
    expect(split(page.data.store_info.after_sale_service).html).toBe('<p>七天无理由</p>');
  });

  it('the operator writing a store’s after-sale text gets the same format', async () => {
    const admin = await loginAdmin(s);
    const put = await s.call('PUT', '/api/Admin/stores/2', { token: admin, body: { after_sale_service: '<p>平台代填</p>' } });
    expect(put.code, put.msg).toBe(200);
    const [row] = await s.db.select({ a: stores.after_sale_service }).from(stores).where(eq(stores.id, 2));
    expect(row.a).toBe(richTextOf('<p>平台代填</p>'));
  });
});

describe('migration 0023_polish_rich_text', () => {
  const MIGRATION = new URL('../../../server/db/migrations/0023_polish_rich_text.sql', import.meta.url);
  const run = async () => {
    for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint').map((x) => x.trim()).filter(Boolean)) await s.db.execute(sql.raw(statement));
  };

  it('gives plain-HTML rows the separator once, and leaves formatted and empty rows alone', async () => {
    const doc = JSON.stringify({ type: 'doc', content: [{ type: 'paragraph' }] });
    await s.db.update(goods).set({ goods_content: '<p>旧</p>', goods_content_mobile: '' }).where(eq(goods.id, goodsId));
    await s.db.update(stores).set({ after_sale_service: `<p>新</p>${RICH_TEXT_SEPARATOR}${doc}` }).where(eq(stores.id, 1));
    await s.db.update(stores).set({ after_sale_service: '<p>旧售后</p>' }).where(eq(stores.id, 2));
    await run();
    await run();
    const [g] = await s.db.select({ c: goods.goods_content, m: goods.goods_content_mobile }).from(goods).where(eq(goods.id, goodsId));
    expect(g).toEqual({ c: richTextOf('<p>旧</p>'), m: '' });
    const rows = await s.db.select({ id: stores.id, a: stores.after_sale_service }).from(stores).where(sql`${stores.id} in (1, 2)`).orderBy(stores.id);
    expect(rows).toEqual([
      { id: 1, a: `<p>新</p>${RICH_TEXT_SEPARATOR}${doc}` },
      { id: 2, a: richTextOf('<p>旧售后</p>') },
    ]);
  });
});
