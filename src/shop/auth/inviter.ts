/** Distribution inviter: `?inviter_id=` wins, else sessionStorage `inviterId`; saved back for later pages. */
export function resolveInviter(search: string): string | undefined {
  const fromQuery = new URLSearchParams(search).get('inviter_id') ?? undefined;
  let value = fromQuery;
  try {
    value = fromQuery || sessionStorage.getItem('inviterId') || undefined;
    if (value) sessionStorage.setItem('inviterId', value);
  } catch {
    /* sessionStorage unavailable */
  }
  return value && /^\d+$/.test(value) ? value : undefined;
}
