/**
 * Stored rich text (spec §3 "Rich-text values"): `html + '##qingwuit##' + JSON.stringify(doc)`.
 * Loading restores the document from the JSON part, or from the HTML when there is no separator,
 * the JSON is unreadable (the reference then showed an empty editor) or it is an empty document
 * beside non-empty HTML.
 */
export const RICH_TEXT_SEPARATOR = '##qingwuit##';

export interface StoredRichText {
  html: string;
  /** The editor document (ProseMirror JSON), or null: use `html`. */
  doc: Record<string, unknown> | null;
}

/**
 * Does the document hold only what the editor can rebuild: nodes and marks with a string `type`,
 * arrays where arrays belong, and string `href`/`src`? (The server refuses anything else on
 * write; rows stored before that fall back to their HTML instead of crashing the editor.)
 */
function wellFormed(node: unknown, depth = 0): boolean {
  if (depth > 64 || !node || typeof node !== 'object' || Array.isArray(node)) return false;
  const { type, attrs, content, marks } = node as Record<string, unknown>;
  if (typeof type !== 'string') return false;
  if (attrs !== undefined) {
    if (!attrs || typeof attrs !== 'object' || Array.isArray(attrs)) return false;
    for (const key of ['href', 'src']) if (key in attrs && typeof (attrs as Record<string, unknown>)[key] !== 'string') return false;
  }
  if (marks !== undefined && !(Array.isArray(marks) && marks.every((mark) => wellFormed(mark, depth + 1)))) return false;
  return content === undefined || (Array.isArray(content) && content.every((child) => wellFormed(child, depth + 1)));
}

export function parseStored(value: unknown): StoredRichText {
  const text = typeof value === 'string' ? value : '';
  const at = text.indexOf(RICH_TEXT_SEPARATOR);
  if (at < 0) return { html: text, doc: null };
  const html = text.slice(0, at);
  try {
    const doc = JSON.parse(text.slice(at + RICH_TEXT_SEPARATOR.length)) as unknown;
    // An empty document beside HTML is the server's "no document of its own" (plain HTML from a
    // client or an older row, server/modules/content/richText.ts richTextOf): rebuild from the HTML.
    const empty = Array.isArray((doc as { content?: unknown })?.content) && (doc as { content: unknown[] }).content.length === 0;
    if (wellFormed(doc) && (doc as { type?: unknown }).type === 'doc' && !(empty && html.trim() !== '')) return { html, doc: doc as Record<string, unknown> };
  } catch {
    // fall back to the HTML part
  }
  return { html, doc: null };
}

export const storeRichText = (html: string, doc: unknown) => `${html}${RICH_TEXT_SEPARATOR}${JSON.stringify(doc)}`;

/** The HTML part only (view dialogs, cells). */
export const richTextHtml = (value: unknown) => parseStored(value).html;
