import { decodeParam } from '../shared/params';

/** Longest keyword the goods search takes (characters, after decoding and trimming). */
export const MAX_KEYWORDS = 60;

/** `/s/<base64(JSON {keywords: encodeURIComponent(text)})>` — keywords are URI-encoded so btoa sees Latin-1 only; the base64 is URI-encoded too (it may hold `/`). */
export function searchPath(text: string): string {
  return `/s/${encodeURIComponent(btoa(JSON.stringify({ keywords: encodeURIComponent(text.trim()) })))}`;
}

/**
 * The `keywords` of a search link as searched: URI-decoded (kept as written when that fails),
 * trimmed, cut to MAX_KEYWORDS characters (the API refuses longer ones), trimmed again;
 * `shortened` when the cut dropped something.
 */
export function searchKeywords(encoded: string): { text: string; shortened: boolean } {
  let text = encoded;
  try {
    text = decodeURIComponent(encoded);
  } catch {
    /* not URI-encoded: as written */
  }
  const chars = [...text.trim()];
  return { text: chars.slice(0, MAX_KEYWORDS).join('').trim(), shortened: chars.length > MAX_KEYWORDS };
}

/** The keywords of a `/s/…` path (what the search box shows), or ''. */
export function keywordsFromSearchPath(path: string): string {
  const match = /^\/s\/([^/?#]+)/.exec(path);
  const keywords = decodeParam<{ keywords?: unknown }>(match?.[1])?.keywords;
  return typeof keywords === 'string' ? searchKeywords(keywords).text : '';
}
