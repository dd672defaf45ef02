/**
 * The session token lives in sessionStorage (spec §4: "Login success stores the
 * token in session storage"), so closing the last tab signs the person out. A new
 * tab of the same browser borrows it from an open one (same origin only, over a
 * BroadcastChannel), and signing out in one tab signs out every tab.
 */
const TOKEN_KEY = 'jwt';
const CHANNEL = 'profilehub-session';
/** Left in localStorage while some tab holds a session, so a new tab only waits for an answer when one may come. */
const SHARED_FLAG = 'profilehub-session-open';
type TabMessage = { type: 'ask' } | { type: 'token'; token: string } | { type: 'end' };

let channel: BroadcastChannel | null | undefined;
const endedListeners = new Set<() => void>();

/** The channel to the hub's other tabs, answering their questions; null where browsers have none. */
function tabs(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  channel?.addEventListener('message', (event: MessageEvent<TabMessage>) => {
    const token = getToken();
    if (event.data.type === 'ask' && token) channel?.postMessage({ type: 'token', token } satisfies TabMessage);
    if (event.data.type === 'end' && token) {
      removeToken();
      for (const listener of endedListeners) listener();
    }
  });
  return channel;
}

/**
 * A tab opened without a token asks the hub's open tabs for theirs and keeps the first
 * answer; resolves with the token, or null when no tab answers within `waitMs`. It only
 * asks while some tab said it holds a session, so the wait is long enough for a tab
 * whose page is busy rendering (120 ms was not, on a loaded machine); when nobody
 * answers, the flag is cleared and the next tab does not wait at all.
 */
export function borrowToken(waitMs = 1000): Promise<string | null> {
  const own = getToken();
  const ch = tabs();
  if (own || !ch || !readLocalFlag(SHARED_FLAG)) return Promise.resolve(own);
  // Every loader of the first page asks; one question goes out.
  borrowing ??= ask(ch, waitMs).finally(() => {
    borrowing = null;
  });
  return borrowing;
}

let borrowing: Promise<string | null> | null = null;

function ask(ch: BroadcastChannel, waitMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    const done = (token: string | null) => {
      clearTimeout(timer);
      ch.removeEventListener('message', onMessage);
      resolve(token);
    };
    const onMessage = (event: MessageEvent<TabMessage>) => {
      if (event.data.type !== 'token' || getToken()) return;
      sessionStorage.setItem(TOKEN_KEY, event.data.token);
      done(event.data.token);
    };
    const timer = setTimeout(() => {
      // Nobody answered: the tabs that held a session are gone.
      writeLocalFlag(SHARED_FLAG, false);
      done(null);
    }, waitMs);
    ch.addEventListener('message', onMessage);
    ch.postMessage({ type: 'ask' } satisfies TabMessage);
  });
}

/** Called when another tab signed out (this tab's token is already gone then). */
export function onSignedOutElsewhere(listener: () => void): () => void {
  tabs();
  endedListeners.add(listener);
  return () => {
    endedListeners.delete(listener);
  };
}

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
  tabs();
  sessionStorage.setItem(TOKEN_KEY, token);
  writeLocalFlag(SHARED_FLAG, true);
}

function removeToken(): void {
  try {
    sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage can be unavailable (private mode); nothing to clear then.
  }
}

/** Forgets the token here and in every other tab of the hub. */
export function clearToken(): void {
  removeToken();
  writeLocalFlag(SHARED_FLAG, false);
  tabs()?.postMessage({ type: 'end' } satisfies TabMessage);
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
