/** `/s/<base64(JSON {keywords: encodeURIComponent(text)})>` — keywords are URI-encoded so btoa sees Latin-1 only; the base64 is URI-encoded too (it may hold `/`). */
export function searchPath(text: string): string {
  return `/s/${encodeURIComponent(btoa(JSON.stringify({ keywords: encodeURIComponent(text.trim()) })))}`;
}

export function keywordsFromSearchPath(path: string): string {
  const match = /^\/s\/([^/?#]+)/.exec(path);
  if (!match) return '';
  try {
    const parsed = JSON.parse(atob(decodeURIComponent(match[1]))) as { keywords?: string };
    // the box takes 60 characters, as the search (a longer link's page says it searched those)
    return parsed.keywords ? Array.from(decodeURIComponent(parsed.keywords).trim()).slice(0, 60).join('') : '';
  } catch {
    return '';
  }
}
