import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { isEditorDoc } from './editorDoc';
import './messages';

/**
 * Rich text as the editor stores it: `html + RICH_TEXT_SEPARATOR + editor JSON` (DESIGN.md §5,
 * reference §2.6). On every write the HTML part goes through an allow-list; the JSON part is kept
 * only when it parses and every link or image URL in it passes the same rules (the editor
 * rebuilds its document from it), otherwise it is dropped and the editor falls back to the HTML.
 */
export const RICH_TEXT_SEPARATOR = '##qingwuit##';
/** Longest rich text accepted (characters, HTML and JSON together). */
export const RICH_TEXT_MAX = 200_000;

const LINK = /^(https?:\/\/|mailto:)/i;
const IMAGE = /^(https?:\/\/|\/uploads\/)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'h1', 'h2', 'h3', 'h4', 'strong', 'em', 'u', 's', 'a', 'img', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code',
    'br', 'hr', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link keeps its href only when it is http(s) or mailto.
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = {};
      const href = (attribs.href ?? '').trim();
      if (href && LINK.test(href)) out.href = href;
      if (attribs.rel) out.rel = attribs.rel;
      if (attribs.target === '_blank') {
        out.target = '_blank';
        // a new tab never gets a handle on this page (window.opener)
        const rel = new Set((out.rel ?? '').split(/\s+/).filter(Boolean));
        rel.add('noopener');
        rel.add('noreferrer');
        out.rel = [...rel].join(' ');
      }
      return { tagName, attribs: out };
    },
  },
  // An image without an http(s) or /uploads/ source is dropped entirely.
  exclusiveFilter: (frame) => frame.tag === 'img' && !IMAGE.test((frame.attribs.src ?? '').trim()),
};

/** The HTML through the allow-list: no script/style, no event handlers or style attributes, safe URLs only. */
export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

const URL_KEYS = new Set(['href', 'src']);

/** Does every `href`/`src` string in the editor document pass the URL rules? */
function safeDocument(value: unknown, key = '', depth = 0): boolean {
  if (depth > 64) return false;
  if (typeof value === 'string') {
    if (!URL_KEYS.has(key) || value.trim() === '') return true;
    return key === 'src' ? IMAGE.test(value.trim()) : LINK.test(value.trim());
  }
  if (Array.isArray(value)) return value.every((item) => safeDocument(item, key, depth + 1));
  if (value && typeof value === 'object') return Object.entries(value).every(([k, v]) => safeDocument(v, k, depth + 1));
  return true;
}

/** Sanitises a stored rich-text value (see the module comment). */
export function sanitizeRichText(value: string): string {
  const at = value.indexOf(RICH_TEXT_SEPARATOR);
  const html = sanitizeRichHtml(at < 0 ? value : value.slice(0, at));
  if (at < 0) return html;
  const json = value.slice(at + RICH_TEXT_SEPARATOR.length);
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed !== null && typeof parsed === 'object' && safeDocument(parsed)) return `${html}${RICH_TEXT_SEPARATOR}${json}`;
  } catch {
    // not JSON: dropped
  }
  return html;
}

/**
 * The editor JSON stored with HTML that came without a document of its own (a client that sends
 * plain HTML, rows from before the format held everywhere): an empty document, which the editors
 * read as "rebuild from the HTML part" (src/backoffice/fields/richText.ts parseStored).
 */
export const EMPTY_EDITOR_DOC = JSON.stringify({ type: 'doc', content: [] });

/** `html` in the one stored format: `html + RICH_TEXT_SEPARATOR + EMPTY_EDITOR_DOC` ('' stays ''). */
export const richTextOf = (html: string) => (html === '' ? '' : `${html}${RICH_TEXT_SEPARATOR}${EMPTY_EDITOR_DOC}`);

/**
 * A written value as stored: sanitised, and always `html + separator + editor JSON` so every
 * rich-text field (articles, goods content, after-sale text…) reads the same way: a client
 * splitting on the separator gets the HTML first (issue 11 "one rich-text format").
 */
export function toStoredRichText(value: string): string {
  const clean = sanitizeRichText(value);
  return clean.includes(RICH_TEXT_SEPARATOR) ? clean : richTextOf(clean);
}

/**
 * Is the editor JSON part of a stored value, when it parses to an object, malformed (see
 * editorDoc.ts)? Such a write is refused rather than stored (it would crash the editor).
 */
export function hasMalformedDoc(value: string): boolean {
  const at = value.indexOf(RICH_TEXT_SEPARATOR);
  if (at < 0) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value.slice(at + RICH_TEXT_SEPARATOR.length));
  } catch {
    return false; // not JSON: dropped by sanitizeRichText
  }
  return parsed !== null && typeof parsed === 'object' && !isEditorDoc(parsed);
}

/** A rich-text form field: at most RICH_TEXT_MAX characters, shape-checked, sanitised, in the stored format. */
export const formRichText = () =>
  z
    .string()
    .max(RICH_TEXT_MAX)
    .refine((v) => !hasMalformedDoc(v), { params: { messageKey: 'content.badEditorDoc', key: 'content.badEditorDoc' } })
    .transform(toStoredRichText);
