/** Turning whatever an actor rejected with into something a machine can keep in context. */

/** The message of an error-like value: Error, `{msg}`, `{message}` or a string; '' otherwise. */
export function errorMessage(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    const { msg, message } = error as { msg?: unknown; message?: unknown };
    if (typeof msg === 'string' && msg) return msg;
    if (typeof message === 'string') return message;
  }
  return '';
}

/** True when a rejection says the server throttled us (envelope code 429 or kind 'throttled'). */
export function isThrottled(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, kind, status } = error as { code?: unknown; kind?: unknown; status?: unknown };
  return code === 429 || kind === 'throttled' || status === 429;
}
