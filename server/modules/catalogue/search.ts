import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
/**
 * Keyword search over goods without a Chinese word segmenter: text is cut into lower-case
 * latin/digit words and, for runs of CJK characters, every single character and every pair of
 * neighbours (bigrams). A latin word also yields its parts at camel-case and letter/digit
 * boundaries ("AirBuds" → airbuds, air, buds; "iPhone15" → iphone15, iphone, 15; a lone letter
 * stays with its neighbour, so "iPhone" is one word), so a shopper's "Buds" finds "AirBuds Pro".
 * Goods store those lexemes in `goods.search_tokens` (a GIN-indexed tsvector built with
 * `array_to_tsvector`, which bypasses the text-search parser and so works in any database
 * locale); a keyword becomes a tsquery that ANDs the keyword's bigrams (or its single character)
 * and prefix-matches its words ("iph" finds "iPhone"; "iphone15" also finds "iPhone 15").
 * Migration 0004_search_subwords adds the parts to rows written before they existed, with
 * `souk_search_subwords` mirroring `subwordLexemes` in SQL.
 */
const CJK_CLASS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const CJK = new RegExp(`^[${CJK_CLASS}]`, 'u');
/** Runs of CJK characters, or of other letters and digits ("iPhone手机" is "iphone" + "手机"). */
const RUNS = new RegExp(`[${CJK_CLASS}]+|(?:(?![${CJK_CLASS}])[\\p{L}\\p{N}])+`, 'gu');
/** Longest lexeme kept (tsvector lexemes must stay under 2 KB; real words are far shorter). */
const MAX_WORD = 40;

const UPPER = /^\p{Lu}$/u;
const LOWER = /^\p{Ll}$/u;
const DIGIT = /^\p{N}/u;

/** Runs of the text in its own case (NFKC), at most 200 characters each. */
function caseRuns(text: string): string[] {
  return (text.normalize('NFKC').match(RUNS) ?? []).map((run) => run.slice(0, 200));
}

function runs(text: string): string[] {
  return caseRuns(text).map((run) => run.toLowerCase());
}

/**
 * The parts of a latin/digit run (in its own case) at camel-case and letter/digit boundaries:
 * "AirBuds" → Air, Buds; "USBCable" → USB, Cable; "iPhone15" → iPhone, 15. A single letter is no
 * word of its own: it joins the letters after it, else those before it ("iPhone", "XPhone", "MyX"
 * stay whole), never digits ("5G" → 5, G). [] when the run is one part.
 */
export function wordParts(run: string): string[] {
  const chars = [...run];
  const parts: string[] = [];
  let current = '';
  chars.forEach((c, i) => {
    const prev = chars[i - 1];
    const next = chars[i + 1];
    const cut =
      i > 0 &&
      (DIGIT.test(c) !== DIGIT.test(prev) ||
        (UPPER.test(c) && (LOWER.test(prev) || (UPPER.test(prev) && next !== undefined && LOWER.test(next)))));
    if (cut) {
      parts.push(current);
      current = '';
    }
    current += c;
  });
  parts.push(current);
  const letters = (part: string | undefined) => part !== undefined && !DIGIT.test(part);
  for (let i = 0; i < parts.length && parts.length > 1; ) {
    if ([...parts[i]].length === 1 && letters(parts[i])) {
      if (letters(parts[i + 1])) {
        parts.splice(i, 2, parts[i] + parts[i + 1]);
        continue;
      }
      if (letters(parts[i - 1])) {
        parts.splice(i - 1, 2, parts[i - 1] + parts[i]);
        continue;
      }
    }
    i++;
  }
  return parts.length > 1 ? parts : [];
}

/** The lower-case lexemes of a run's parts (see `wordParts`), each a whole searchable word. */
function subwordLexemes(run: string): string[] {
  return wordParts(run).flatMap((part) => runs(part.toLowerCase())).filter((word) => word.length <= MAX_WORD);
}

/** The part lexemes of every latin run of the texts (what migration 0004 added to older rows). */
export function searchSubwords(...texts: string[]): string[] {
  const out = new Set<string>();
  for (const run of caseRuns(texts.join(' '))) if (!CJK.test(run)) for (const part of subwordLexemes(run)) out.add(part);
  return [...out];
}

/** The lexemes stored for a goods (pass name, subtitle, brand name…). */
export function searchLexemes(...texts: string[]): string[] {
  const out = new Set<string>();
  for (const run of caseRuns(texts.join(' '))) {
    if (CJK.test(run)) {
      const chars = [...run];
      chars.forEach((ch, i) => {
        out.add(ch);
        if (i + 1 < chars.length) out.add(ch + chars[i + 1]);
      });
      continue;
    }
    for (const word of runs(run.toLowerCase())) if (word.length <= MAX_WORD) out.add(word);
    for (const part of subwordLexemes(run)) out.add(part);
  }
  return [...out];
}

const quote = (lexeme: string) => `'${lexeme.replace(/'/g, "''")}'`;

/** A tsquery for the keywords, or null when they hold no searchable character. */
export function searchQuery(keywords: string): string | null {
  const terms: string[] = [];
  for (const run of caseRuns(keywords)) {
    if (CJK.test(run)) {
      const chars = [...run];
      if (chars.length === 1) terms.push(quote(chars[0]));
      for (let i = 0; i + 1 < chars.length; i++) terms.push(quote(chars[i] + chars[i + 1]));
      continue;
    }
    const words = runs(run.toLowerCase()).map((word) => `${quote(word.slice(0, MAX_WORD))}:*`);
    const parts = subwordLexemes(run);
    // A keyword made of parts also finds them as separate words: "iphone15" finds "iPhone 15".
    // The last part is a prefix ("iphone15" finds "iPhone 150") unless it is one character: "5g"
    // finds "5 G" but not "5 Gaming", and no lexicon-wide scan of every word that starts with "g".
    if (words.length === 1 && parts.length > 1) {
      const last = parts.length - 1;
      const prefix = (part: string) => ([...part].length > 1 ? `${quote(part)}:*` : quote(part));
      terms.push(`(${words[0]} | ${parts.map((part, i) => (i === last ? prefix(part) : quote(part))).join(' & ')})`);
    } else terms.push(...words);
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
