import type { Me } from '@profilehub/shared';
import { endSession, ensureMe, hasToken, safeReturnPath, verifyToken } from '../lib/auth.ts';
import { borrowToken } from '../lib/session.ts';
import { loadWhiteLabel } from '../lib/white-label.ts';

// The role rules come with the first guarded page, not with the sign-in page (./guard-rules.ts).
const loadRules = () => import('./guard-rules.ts');

/** `/sign-in?params=<the page they wanted>` so the target is restored after login (spec §2 Route guards). */
export function signInPathFor(url: URL): string {
  const target = url.pathname + url.search;
  return target && target !== '/' ? `/sign-in?params=${encodeURIComponent(target)}` : '/sign-in';
}

/**
 * Branding is needed by every screen, signed in or not; it never fails (see getWhiteLabel).
 * A new tab first borrows the session of an open one, so it is not asked to sign in again.
 */
export async function prepareApp(): Promise<void> {
  await Promise.all([loadWhiteLabel(), borrowToken()]);
}

/**
 * The session check that runs first (spec §2): no token, no user, or an unconfirmed
 * user goes to Login with the original target kept. The user, or the path to Login.
 */
async function sessionOrSignIn(url: URL): Promise<Me | string> {
  // Guards run beside `prepareApp`: a new tab may still be borrowing the session.
  if (!hasToken()) await borrowToken();
  if (!hasToken()) return signInPathFor(url);
  try {
    const me = await ensureMe();
    return me.confirmed ? me : signInPathFor(url);
  } catch {
    // A failed user load clears the token and goes to Login (spec §8).
    endSession();
    return signInPathFor(url);
  }
}

/**
 * Entering the dashboard: the session check, the server's verdict on the
 * token (GET /jwts/verify), then the role rules of `dashboardRedirect`.
 */
export async function dashboardGuard(url: URL): Promise<string | null> {
  if (!hasToken()) await borrowToken();
  if (!hasToken()) return signInPathFor(url);
  // The user and the server's verdict on the token load side by side; a network
  // failure of the check alone is not a reason to sign someone out.
  const [me, valid, rules] = await Promise.all([sessionOrSignIn(url), verifyToken().catch(() => true), loadRules()]);
  if (typeof me === 'string') return me;
  if (!valid) {
    endSession();
    return '/sign-in';
  }
  const [, report = '', alias] = url.pathname.split('/');
  const target = rules.dashboardRedirect({
    role: me.role,
    report,
    alias: alias ? decodeURIComponent(alias) : undefined,
    // The alias's company is checked by the server (a foreign profile answers 404);
    // later work can resolve it here for the redirect.
    aliasCompanyId: undefined,
    supervisedCompanyIds: me.supervisedCompanyIds,
  });
  return target && target !== url.pathname ? target : null;
}

/**
 * /sign-in and /register: a signed-in visitor goes to the page a guard kept for them
 * (`?params=`), else to their home (spec §2 Routes).
 */
export async function signedOutGuard(url: URL): Promise<string | null> {
  if (!hasToken()) await borrowToken();
  if (!hasToken()) return null;
  const rules = loadRules();
  // Only a failed user load ends the session (a failed chunk download reaches the error page).
  rules.catch(() => undefined);
  let me: Me;
  try {
    me = await ensureMe();
  } catch {
    endSession();
    return null;
  }
  if (!me.confirmed) return null;
  return safeReturnPath(url.searchParams.get('params')) ?? (await rules).signedInHome(me.role);
}
