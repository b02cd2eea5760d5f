import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods } from '../../../server/db/schema';
import { searchLexemes, searchQuery, searchSubwords, wordParts } from '../../../server/modules/catalogue/search';
import { loginOwnerSeller, openTestServer, type TestServer } from '../helpers';
import { form } from './fixtures';

/**
 * Keyword search inside latin words (camel case, letter/digit boundaries) and migration
 * 0004_search_subwords, which adds those parts to the tokens of goods written before.
 */

let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(() => s.close());

const MIGRATION = new URL('../../../server/db/migrations/0004_search_subwords.sql', import.meta.url);
const statements = () =>
  readFileSync(MIGRATION, 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);
const rows = <T>(answer: unknown) => (answer as { rows: T[] }).rows;

/** The lexemes as the tokenizer made them before parts existed (whole words and CJK bigrams). */
function oldLexemes(...texts: string[]): string[] {
  const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
  const out = new Set<string>();
  for (const run of texts.join(' ').normalize('NFKC').toLowerCase().match(new RegExp(`[${CJK}]+|(?:(?![${CJK}])[\\p{L}\\p{N}])+`, 'gu')) ?? []) {
    if (new RegExp(`^[${CJK}]`, 'u').test(run)) {
      const chars = [...run.slice(0, 200)];
      chars.forEach((ch, i) => {
        out.add(ch);
        if (i + 1 < chars.length) out.add(ch + chars[i + 1]);
      });
    } else if (run.length <= 40) out.add(run.slice(0, 200));
  }
  return [...out];
}

const CORPUS = [
  '声岚 AirBuds Pro 主动降噪蓝牙耳机',
  'iPhone15 手机壳',
  'iPhone 15 Pro Max',
  'USBCable 2m',
  'MacBookPro 14',
  '5G手机 X20Pro',
  'ＡｉｒＢｕｄｓ 全角',
  'XPhone MyX eBay iPad',
  'HTTPServer PS5 RTX4090 A8',
  'ÉcoBag Über-Cool',
  'PlayStation5Slim',
  'camelCaseWordsAreLongerThanFortyCharactersTogetherIndeed',
  '蓝牙耳机',
];

describe('tokens: parts of latin words', () => {
  it('splits camel case and letter/digit boundaries, a lone letter stays with its neighbour', () => {
    expect(wordParts('AirBuds')).toEqual(['Air', 'Buds']);
    expect(wordParts('iPhone15')).toEqual(['iPhone', '15']);
    expect(wordParts('iPhone')).toEqual([]);
    expect(wordParts('USBCable')).toEqual(['USB', 'Cable']);
    expect(wordParts('MacBookPro')).toEqual(['Mac', 'Book', 'Pro']);
    expect(wordParts('XPhone')).toEqual([]);
    expect(wordParts('MyX')).toEqual([]);
    expect(wordParts('5G')).toEqual(['5', 'G']);
    expect(wordParts('RTX4090')).toEqual(['RTX', '4090']);
    expect(wordParts('Pro')).toEqual([]);
    expect(wordParts('airbuds')).toEqual([]);
  });

  it('stores the whole word and its parts, lower-case', () => {
    const air = searchLexemes('声岚 AirBuds Pro 主动降噪蓝牙耳机', '', '声岚');
    expect(air).toEqual(expect.arrayContaining(['airbuds', 'air', 'buds', 'pro', '蓝牙', '耳机']));
    const phone = searchLexemes('iPhone15');
    expect(phone.sort()).toEqual(['15', 'iphone', 'iphone15']);
    expect(searchLexemes('ＡｉｒＢｕｄｓ')).toEqual(['airbuds', 'air', 'buds']);
    expect(searchSubwords('iPhone15 手机', 'AirBuds')).toEqual(['iphone', '15', 'air', 'buds']);
  });

  it('a keyword with parts matches the whole word or the parts as words', () => {
    expect(searchQuery('Buds')).toBe("'buds':*");
    expect(searchQuery('iphone15')).toBe("('iphone15':* | 'iphone' & '15':*)");
    // a one-character last part is a word of its own, not the start of every word beginning with it
    expect(searchQuery('5G')).toBe("('5g':* | '5' & 'g')");
    expect(searchQuery('Pro 5G')).toBe("'pro':* & ('5g':* | '5' & 'g')");
    expect(searchQuery('AirBuds 耳机')).toBe("('airbuds':* | 'air' & 'buds':*) & '耳机'");
  });
});

describe('keyword search in the shop', () => {
  const find = async (keywords: string) => {
    const res = await s.call('GET', `/api/goods?params=${encodeURIComponent(Buffer.from(JSON.stringify({ keywords: encodeURIComponent(keywords) })).toString('base64'))}`);
    expect(res.code, res.msg).toBe(200);
    return (res.data.data as { goods_name: string }[]).map((g) => g.goods_name);
  };

  it('"Buds" finds "AirBuds Pro"; "iphone15" finds goods named "iPhone 15" and "iPhone15"', async () => {
    expect(await find('Buds')).toContain('声岚 AirBuds Pro 主动降噪蓝牙耳机');
    expect(await find('airbuds')).toContain('声岚 AirBuds Pro 主动降噪蓝牙耳机');
    expect(await find('Air')).toContain('声岚 AirBuds Pro 主动降噪蓝牙耳机');

    const owner = await loginOwnerSeller(s);
    const [leaf] = rows<{ id: number }>(
      await s.db.execute(sql`select c3.id from goods_classes c3 join goods_classes c2 on c2.id = c3.pid join goods_classes c1 on c1.id = c2.pid and c1.pid = 0 where c3.deleted_at is null limit 1`),
    );
    await s.db.execute(sql`delete from store_classes where store_id = 1`);
    for (const name of ['SearchTest iPhone15 保护壳', 'SearchTest iPhone 15 钢化膜']) {
      const res = await s.call('POST', '/api/Seller/goods', {
        token: owner,
        body: form({ goods_name: name, class_id: leaf.id, goods_images: ['/uploads/goods/x.jpg'], goods_price: '9.90', goods_stock: 5, goods_status: 1 }),
      });
      expect(res.code, res.msg).toBe(200);
    }
    const phones = await find('iphone15');
    expect(phones).toEqual(expect.arrayContaining(['SearchTest iPhone15 保护壳', 'SearchTest iPhone 15 钢化膜']));
    expect(await find('15 保护')).toContain('SearchTest iPhone15 保护壳');
    // A lone letter is no word: "phone" is not a part of iPhone.
    expect(await find('SearchTest phone')).toEqual([]);
  });
});

describe('migration 0004_search_subwords', () => {
  it('its SQL function gives the same parts as the server for the seeded names and tricky words', async () => {
    const [create] = statements();
    await s.db.execute(sql.raw(create));
    try {
      const names = rows<{ text: string }>(
        await s.db.execute(sql`select g.goods_name || ' ' || g.goods_subname || ' ' || coalesce(b.name, '') as text from goods g left join goods_brands b on b.id = g.brand_id`),
      ).map((r) => r.text);
      for (const text of [...CORPUS, ...names]) {
        const [row] = rows<{ parts: string[] }>(await s.db.execute(sql`select souk_search_subwords(${text}) as parts`));
        expect([...row.parts].sort(), text).toEqual(searchSubwords(text).sort());
      }
    } finally {
      await s.db.execute(sql`drop function if exists souk_search_subwords(text)`);
    }
  });

  it('backfills goods written before: their tokens become what the server writes now', async () => {
    // Goods with tokens as the old tokenizer wrote them (whole words only).
    for (const [i, name] of CORPUS.entries()) {
      await s.db.insert(goods).values({ store_id: 1, class_id: 0, goods_name: name, goods_subname: i % 2 ? 'SubTitle2' : '', goods_images: '/uploads/goods/x.jpg', goods_master_image: '/uploads/goods/x.jpg' });
    }
    const all = rows<{ id: number; goods_name: string; goods_subname: string; brand: string }>(
      await s.db.execute(
        sql`select g.id, g.goods_name, g.goods_subname, coalesce(b.name, '') as brand from goods g left join goods_brands b on b.id = g.brand_id and g.brand_id > 0 and b.deleted_at is null`,
      ),
    );
    for (const g of all) {
      const old = oldLexemes(g.goods_name, g.goods_subname, g.brand);
      await s.db.execute(sql`update goods set search_tokens = array_to_tsvector(${`{${old.map((w) => `"${w}"`).join(',')}}`}::text[]) where id = ${g.id}`);
    }
    const air = all.find((g) => g.goods_name.includes('AirBuds Pro'))!;
    expect(rows<{ hit: boolean }>(await s.db.execute(sql`select search_tokens @@ ${searchQuery('Buds')}::tsquery as hit from goods where id = ${air.id}`))[0].hit).toBe(false);

    const stamps = async () => rows<{ id: number; updated_at: string }>(await s.db.execute(sql`select id, updated_at::text from goods order by id`));
    const stampsBefore = await stamps();
    for (const statement of statements()) await s.db.execute(sql.raw(statement));
    expect(await stamps()).toEqual(stampsBefore);

    const after = new Map(
      rows<{ id: number; lexemes: string[] }>(await s.db.execute(sql`select id, tsvector_to_array(search_tokens) as lexemes from goods`)).map((r) => [r.id, r.lexemes]),
    );
    for (const g of all) {
      expect([...after.get(g.id)!].sort(), g.goods_name).toEqual(searchLexemes(g.goods_name, g.goods_subname, g.brand).sort());
    }
    expect(rows<{ hit: boolean }>(await s.db.execute(sql`select search_tokens @@ ${searchQuery('Buds')}::tsquery as hit from goods where id = ${air.id}`))[0].hit).toBe(true);
    // The helper function is gone again.
    expect(rows(await s.db.execute(sql`select 1 from pg_proc where proname = 'souk_search_subwords'`))).toEqual([]);
    await s.db.delete(goods).where(eq(goods.class_id, 0));
  });
});
