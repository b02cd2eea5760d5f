import { TrackingRefusal } from './types';

/**
 * POSTs a form to a provider and reads its JSON answer; a timeout, a network failure, an HTTP
 * error or a body that is not JSON is an `unreachable` refusal.
 */
export async function postForm(url: string, form: Record<string, string>, timeoutMs: number): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new TrackingRefusal('unreachable', timeout ? 'timeout' : 'network', err instanceof Error ? err.message : String(err));
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new TrackingRefusal('unreachable', `http ${response.status}`, text.slice(0, 200));
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    /* below */
  }
  throw new TrackingRefusal('unreachable', 'bad answer', text.slice(0, 200));
}
