import type { Me } from '@profilehub/shared';
import { type LoaderFunctionArgs, redirect } from 'react-router';
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

function signInRedirectFor(url: URL): Response {
  return redirect(signInPathFor(url));
}

/**
 * Branding is needed by every screen, signed in or not; it never fails (see getWhiteLabel).
 * A new tab first borrows the session of an open one, so it is not asked to sign in again.
 */
export async function rootLoader(): Promise<null> {
  await Promise.all([loadWhiteLabel(), borrowToken()]);
  return null;
}

/**
 * The session check that runs first (spec §2): no token, no user, or an
 * unconfirmed user goes to Login with the original target kept.
 */
async function requireSession(request: Request): Promise<Me> {
  const url = new URL(request.url);
  // Loaders run side by side: a new tab may still be borrowing the session (rootLoader).
  if (!hasToken()) await borrowToken();
  if (!hasToken()) throw signInRedirectFor(url);
  let me: Me;
  try {
    me = await ensureMe();
  } catch {
    // A failed user load clears the token and goes to Login (spec §8).
    endSession();
    throw signInRedirectFor(url);
  }
  if (!me.confirmed) throw signInRedirectFor(url);
  return me;
}

/**
 * Entering the dashboard: the session check, the server's verdict on the
 * token (GET /jwts/verify), then the role rules of `dashboardRedirect`.
 */
export async function dashboardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  if (!hasToken()) await borrowToken();
  if (!hasToken()) throw signInRedirectFor(url);
  // The user and the server's verdict on the token load side by side; a network
  // failure of the check alone is not a reason to sign someone out.
  const [me, valid, { dashboardRedirect }] = await Promise.all([requireSession(request), verifyToken().catch(() => true), loadRules()]);
  if (!valid) {
    endSession();
    throw redirect('/sign-in');
  }
  const [, report = '', alias] = url.pathname.split('/');
  const target = dashboardRedirect({
    role: me.role,
    report,
    alias: alias ? decodeURIComponent(alias) : undefined,
    // The alias's company is checked by the server (a foreign profile answers 404);
    // later work can resolve it here for the redirect.
    aliasCompanyId: undefined,
    supervisedCompanyIds: me.supervisedCompanyIds,
  });
  if (target && target !== url.pathname) throw redirect(target);
  return null;
}

/**
 * /sign-in and /register: a signed-in visitor goes to the page a guard kept for them
 * (`?params=`), else to their home (spec §2 Routes).
 */
export async function redirectSignedInLoader(args?: Pick<LoaderFunctionArgs, 'request'>): Promise<null> {
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
  const kept = args ? safeReturnPath(new URL(args.request.url).searchParams.get('params')) : null;
  if (me.confirmed) throw redirect(kept ?? (await rules).signedInHome(me.role));
  return null;
}
