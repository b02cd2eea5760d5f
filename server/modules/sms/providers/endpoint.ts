/** An endpoint override (`http://127.0.0.1:9000`, `https://proxy.example/`, or a bare host) as the SDKs take it. */
export function splitEndpoint(raw: string | undefined): { protocol: 'http' | 'https'; host: string } | null {
  const value = raw?.trim();
  if (!value) return null;
  if (!/^https?:\/\//i.test(value)) return { protocol: 'https', host: value.replace(/\/+$/, '') };
  const url = new URL(value);
  return { protocol: url.protocol === 'http:' ? 'http' : 'https', host: url.host };
}
