import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
/**
 * Keyword search over goods without a Chinese word segmenter: text is cut into lower-case
 * latin/digit words and, for runs of CJK characters, every single character and every pair of
 * neighbours (bigrams). Goods store those lexemes in `goods.search_tokens` (a GIN-indexed
 * tsvector built with `array_to_tsvector`, which bypasses the text-search parser and so works
 * in any database locale); a keyword becomes a tsquery that ANDs the keyword's bigrams (or its
 * single character) and prefix-matches its words. "蓝牙耳机" thus finds "无线蓝牙耳机 Pro" and
 * "iph" finds "iPhone".
 */
const CJK_CLASS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const CJK = new RegExp(`^[${CJK_CLASS}]`, 'u');
/** Runs of CJK characters, or of other letters and digits ("iPhone手机" is "iphone" + "手机"). */
const RUNS = new RegExp(`[${CJK_CLASS}]+|(?:(?![${CJK_CLASS}])[\\p{L}\\p{N}])+`, 'gu');
/** Longest lexeme kept (tsvector lexemes must stay under 2 KB; real words are far shorter). */
const MAX_WORD = 40;

function runs(text: string): string[] {
  return (text.normalize('NFKC').toLowerCase().match(RUNS) ?? []).map((run) => run.slice(0, 200));
}

/** The lexemes stored for a goods (pass name, subtitle, brand name…). */
export function searchLexemes(...texts: string[]): string[] {
  const out = new Set<string>();
  for (const run of runs(texts.join(' '))) {
    if (CJK.test(run)) {
      const chars = [...run];
      chars.forEach((ch, i) => {
        out.add(ch);
        if (i + 1 < chars.length) out.add(ch + chars[i + 1]);
      });
    } else if (run.length <= MAX_WORD) out.add(run);
  }
  return [...out];
}

const quote = (lexeme: string) => `'${lexeme.replace(/'/g, "''")}'`;

/** A tsquery for the keywords, or null when they hold no searchable character. */
export function searchQuery(keywords: string): string | null {
  const terms: string[] = [];
  for (const run of runs(keywords)) {
    if (CJK.test(run)) {
      const chars = [...run];
      if (chars.length === 1) terms.push(quote(chars[0]));
      for (let i = 0; i + 1 < chars.length; i++) terms.push(quote(chars[i] + chars[i + 1]));
    } else terms.push(`${quote(run.slice(0, MAX_WORD))}:*`);
  }
  const unique = [...new Set(terms)].slice(0, 32);
  return unique.length ? unique.join(' & ') : null;
}

/** A Postgres array literal of the lexemes (drizzle would spread a JS array into a value list). */
function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/** The value to write into `goods.search_tokens` for these texts (name, subtitle, brand name…). */
export function searchTokensSql(...texts: string[]): SQL {
  return sql`array_to_tsvector(${arrayLiteral(searchLexemes(...texts))}::text[])`;
}

/** A where-clause fragment matching the keywords, or undefined when they hold nothing searchable. */
export function keywordsMatch(column: SQL | AnyColumn, keywords: string): SQL | undefined {
  const query = searchQuery(keywords);
  return query ? sql`${column} @@ ${query}::tsquery` : undefined;
}
