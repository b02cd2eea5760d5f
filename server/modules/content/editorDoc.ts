/**
 * The shape of the editor document stored after the rich-text separator (ProseMirror JSON as
 * TipTap writes it): `{type: 'doc', content: [node…]}`, each node `{type, attrs?, content?,
 * marks?, text?}`, attrs holding plain values only and `href`/`src` always strings. Anything else
 * would be stored and later crash the editor that rebuilds its document from it, so a write
 * carrying it is refused (422 naming the field).
 */
const NODE_KEYS = new Set(['type', 'attrs', 'content', 'marks', 'text']);
const MARK_KEYS = new Set(['type', 'attrs']);
const TYPE = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const MAX_DEPTH = 48;
const MAX_NODES = 20_000;

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function attrsOk(attrs: unknown): boolean {
  if (attrs === undefined) return true;
  if (!isPlainObject(attrs)) return false;
  for (const [key, value] of Object.entries(attrs)) {
    if ((key === 'href' || key === 'src') && typeof value !== 'string') return false;
    if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) return false;
  }
  return true;
}

function markOk(mark: unknown): boolean {
  return isPlainObject(mark) && Object.keys(mark).every((k) => MARK_KEYS.has(k)) && typeof mark.type === 'string' && TYPE.test(mark.type) && attrsOk(mark.attrs);
}

/** Is `doc` a well-formed editor document? */
export function isEditorDoc(doc: unknown): boolean {
  if (!isPlainObject(doc) || doc.type !== 'doc') return false;
  let nodes = 0;
  const nodeOk = (node: unknown, depth: number): boolean => {
    if (depth > MAX_DEPTH || ++nodes > MAX_NODES) return false;
    if (!isPlainObject(node) || !Object.keys(node).every((k) => NODE_KEYS.has(k))) return false;
    if (typeof node.type !== 'string' || !TYPE.test(node.type)) return false;
    if (node.type === 'text' ? typeof node.text !== 'string' : node.text !== undefined) return false;
    if (!attrsOk(node.attrs)) return false;
    if (node.marks !== undefined && !(Array.isArray(node.marks) && node.marks.every(markOk))) return false;
    if (node.content !== undefined && !(Array.isArray(node.content) && node.content.every((child) => nodeOk(child, depth + 1)))) return false;
    return true;
  };
  return nodeOk(doc, 0);
}
