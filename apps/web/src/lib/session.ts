/**
 * The session token lives in sessionStorage (spec §4: "Login success stores the
 * token in session storage"), so closing the tab signs the person out.
 */
const TOKEN_KEY = 'jwt';

/** Set by Settings → Change Password; the Password page then offers a way back (spec §2). */
export const CHANGE_PASSWORD_FLAG = 'changePassword';

export function getToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  try {
    sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage can be unavailable (private mode); nothing to clear then.
  }
}

export function readLocalFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

export function writeLocalFlag(key: string, on: boolean): void {
  try {
    if (on) localStorage.setItem(key, '1');
    else localStorage.removeItem(key);
  } catch {
    // A missing flag only hides an optional link.
  }
}
