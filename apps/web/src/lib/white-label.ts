import { supportHref as defaultSupportHref, hubName, type WhiteLabel, type WhiteLabelResponse } from '@profilehub/shared';
import { useSyncExternalStore } from 'react';
import { apiRequest } from './api.ts';
import { useCachedUser } from './auth.ts';

const fallback = (): WhiteLabelResponse => ({ whiteLabel: null, supportHref: defaultSupportHref([]), googleSignIn: false, closed: null });

/** GET /api/white-label (public): the white-label of this host, used before anyone signs in. */
async function getWhiteLabel(): Promise<WhiteLabelResponse> {
  try {
    const res = await apiRequest<Partial<WhiteLabelResponse> | null>('/api/white-label', { auth: false });
    const base = fallback();
    return {
      whiteLabel: res?.whiteLabel ?? null,
      supportHref: res?.supportHref || base.supportHref,
      googleSignIn: res?.googleSignIn === true,
      closed: res?.closed ?? null,
    };
  } catch {
    // Branding must never block signing in: fall back to the product's own look.
    return fallback();
  }
}

// The host's branding is loaded once per page load (it never changes while the tab is open).
let host: WhiteLabelResponse | undefined;
let loading: Promise<WhiteLabelResponse> | null = null;
const listeners = new Set<() => void>();

/** The host's branding, fetched on the first call (the root route's loader); never fails. */
export function loadWhiteLabel(): Promise<WhiteLabelResponse> {
  if (host) return Promise.resolve(host);
  loading ??= getWhiteLabel().then((res) => {
    host = res;
    for (const listener of listeners) listener();
    return res;
  });
  return loading;
}

/** Forgets the host's branding (tests start each case from scratch). */
export function resetWhiteLabel(): void {
  host = undefined;
  loading = null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getHost = () => host;

export type Branding = {
  whiteLabel: WhiteLabel | null;
  /** 'Profilehub' or the white-label title, for 'Sign in to {company} hub'. */
  name: string;
  supportHref: string;
  /** Show the 'Sign in with Google' buttons. */
  googleSignIn: boolean;
  /** The closed message of an archived division's hub, or null. */
  closed: string | null;
};

/**
 * The host decides the branding before sign-in; once signed in, the user's
 * first company's white-label (and support link) wins.
 */
export function useBranding(): Branding {
  const hostBranding = useSyncExternalStore(subscribe, getHost, getHost);
  const me = useCachedUser();
  const whiteLabel = me?.company?.whiteLabel ?? hostBranding?.whiteLabel ?? null;
  return {
    whiteLabel,
    name: hubName(whiteLabel),
    supportHref: me ? defaultSupportHref(me.companies) : (hostBranding?.supportHref ?? defaultSupportHref([])),
    googleSignIn: hostBranding?.googleSignIn ?? false,
    closed: hostBranding?.closed ?? null,
  };
}
