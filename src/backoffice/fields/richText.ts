/**
 * Stored rich text (spec §3 "Rich-text values"): `html + '##qingwuit##' + JSON.stringify(doc)`.
 * Loading restores the document from the JSON part, or from the HTML when there is no separator
 * or the JSON is unreadable (the reference then showed an empty editor).
 */
export const RICH_TEXT_SEPARATOR = '##qingwuit##';

export interface StoredRichText {
  html: string;
  /** The editor document (ProseMirror JSON), or null: use `html`. */
  doc: Record<string, unknown> | null;
}

export function parseStored(value: unknown): StoredRichText {
  const text = typeof value === 'string' ? value : '';
  const at = text.indexOf(RICH_TEXT_SEPARATOR);
  if (at < 0) return { html: text, doc: null };
  const html = text.slice(0, at);
  try {
    const doc = JSON.parse(text.slice(at + RICH_TEXT_SEPARATOR.length)) as unknown;
    if (doc && typeof doc === 'object' && !Array.isArray(doc) && (doc as { type?: unknown }).type === 'doc') return { html, doc: doc as Record<string, unknown> };
  } catch {
    // fall back to the HTML part
  }
  return { html, doc: null };
}

export const storeRichText = (html: string, doc: unknown) => `${html}${RICH_TEXT_SEPARATOR}${JSON.stringify(doc)}`;

/** The HTML part only (view dialogs, cells). */
export const richTextHtml = (value: unknown) => parseStored(value).html;
