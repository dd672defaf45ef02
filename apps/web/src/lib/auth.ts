import type { AuthResponse, Me, SuccessResponse, VerifyTokenResponse } from '@profilehub/shared';
import { useSyncExternalStore } from 'react';
import { ApiError, apiRequest } from './api.ts';
import { clearToken, getToken, onSignedOutElsewhere, setToken } from './session.ts';

/**
 * The signed-in person, in a tiny cache of its own: route guards fill it, the
 * sign-in screens write it, every screen reads it. It needs no query library,
 * so the account screens stay small; inside the dashboard, TanStack Query's
 * `['me']` entry is seeded from it and writes back to it (lib/queries.ts).
 */
let user: Me | undefined;
let userUpdatedAt = 0;
let loading: Promise<Me> | null = null;
// Bumped whenever the cached person is replaced or forgotten, so an answer that
// was already on its way cannot bring back the person who just signed out.
let generation = 0;
const listeners = new Set<() => void>();
// Signed out in another tab: forget the person here too (the next guarded page goes to Login).
onSignedOutElsewhere(() => setCachedUser(undefined));

function emit(): void {
  for (const listener of listeners) listener();
}

function getMe(): Promise<Me> {
  return apiRequest<Me>('/api/companies/users/me');
}

/** The cached user, if any; never fetches. */
export function getCachedUser(): Me | undefined {
  return user;
}

/** When the cached user was stored (ms since the epoch; 0 when there is none). */
export function cachedUserUpdatedAt(): number {
  return userUpdatedAt;
}

/** Replaces (or, with undefined, forgets) the cached user. */
export function setCachedUser(me: Me | undefined): void {
  generation += 1;
  loading = null;
  user = me;
  userUpdatedAt = me ? Date.now() : 0;
  emit();
}

export function subscribeUser(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** GET /companies/users/me into the cache; callers at the same time share one request. */
export function fetchMe(): Promise<Me> {
  if (loading) return loading;
  const started = generation;
  const request = getMe().then(
    (me) => {
      if (generation === started) {
        loading = null;
        user = me;
        userUpdatedAt = Date.now();
        emit();
      }
      return me;
    },
    (error: unknown) => {
      if (generation === started) loading = null;
      throw error;
    },
  );
  loading = request;
  return request;
}

/** The cached user, or the user fetched now (route guards). */
export function ensureMe(): Promise<Me> {
  return user ? Promise.resolve(user) : fetchMe();
}

/** The user if one is cached; never fetches (for screens outside the guard). */
export function useCachedUser(): Me | undefined {
  return useSyncExternalStore(subscribeUser, getCachedUser, getCachedUser);
}

/** Stores a fresh session from any sign-in answer (password, code link, reset, Google). */
export function startSession(auth: AuthResponse): void {
  setToken(auth.jwt);
  setCachedUser(auth.user);
}

/** Forgets the token and the person who was signed in (and, through the listeners, everything cached for them). */
export function endSession(): void {
  clearToken();
  setCachedUser(undefined);
}

export function hasToken(): boolean {
  return Boolean(getToken());
}

/** GET /api/jwts/verify: false when the server no longer accepts the token. */
export async function verifyToken(): Promise<boolean> {
  try {
    const res = await apiRequest<VerifyTokenResponse>('/api/jwts/verify');
    return res.valid === true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return false;
    throw error;
  }
}

/** GET /api/auth/logout revokes the session server-side; locally we sign out whatever it answers. */
export async function logout(): Promise<void> {
  try {
    await apiRequest<SuccessResponse>('/api/auth/logout', { auth: true });
  } catch {
    // An expired session is already logged out server-side.
  }
}

/**
 * The target a guard kept in `params`, if it is a path inside the hub.
 * Anything else (another origin, `//host`, a sign-in page) is dropped so a
 * crafted link cannot send a person elsewhere after they sign in.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (/^\/(sign-in|register|reset-password|authenticate)(\/|\?|$)/.test(raw)) return null;
  return raw;
}
