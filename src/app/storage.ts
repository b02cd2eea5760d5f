import { AREAS, type AreaIndex } from '../../machines/areas';
import type { SessionUser } from '../../machines/session';

/** localStorage access for the per-area token and user (spec §3 "Session per area"). */
function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function readStoredSession(area: AreaIndex): { token: string | null; user: SessionUser | null } {
  const token = safeGet(AREAS[area].tokenKey) || null;
  const raw = safeGet(AREAS[area].userKey);
  let user: SessionUser | null = null;
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      user = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as SessionUser) : null;
    } catch {
      user = null;
    }
  }
  return { token, user };
}

export function storeToken(area: AreaIndex, token: string) {
  localStorage.setItem(AREAS[area].tokenKey, token);
}

export function storeUser(area: AreaIndex, user: SessionUser) {
  localStorage.setItem(AREAS[area].userKey, JSON.stringify(user));
}

export function clearStoredSession(area: AreaIndex) {
  localStorage.removeItem(AREAS[area].tokenKey);
  localStorage.removeItem(AREAS[area].userKey);
}
