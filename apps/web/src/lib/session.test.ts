import { afterEach, describe, expect, it } from 'vitest';
import { borrowToken, clearToken, getToken, setToken } from './session.ts';

/** Another tab of the hub, holding `token`, on the same channel. */
function otherTab(token: string | null) {
  const ch = new BroadcastChannel('profilehub-session');
  const heard: string[] = [];
  ch.addEventListener('message', (event: MessageEvent<{ type: string }>) => {
    heard.push(event.data.type);
    if (event.data.type === 'ask' && token) ch.postMessage({ type: 'token', token });
  });
  return { heard, close: () => ch.close() };
}

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
/** What setToken leaves behind in a tab that signed in. */
const someTabSignedIn = () => localStorage.setItem('profilehub-session-open', '1');

describe('a session shared by the tabs of one browser', () => {
  it('a new tab borrows the token of an open one instead of asking for sign-in again', async () => {
    const tab = otherTab('open-tab-jwt');
    try {
      expect(getToken()).toBeNull();
      someTabSignedIn();
      expect(await borrowToken(2000)).toBe('open-tab-jwt');
      expect(getToken()).toBe('open-tab-jwt');
    } finally {
      tab.close();
    }
  });

  it('the first page’s loaders, asking at once, share one question and one answer', async () => {
    const tab = otherTab('open-tab-jwt');
    try {
      someTabSignedIn();
      expect(await Promise.all([borrowToken(2000), borrowToken(2000), borrowToken(2000)])).toEqual(['open-tab-jwt', 'open-tab-jwt', 'open-tab-jwt']);
      expect(tab.heard.filter((t) => t === 'ask')).toHaveLength(1);
    } finally {
      tab.close();
    }
  });

  it('with no other tab open, nothing is borrowed, and the next tab does not wait', async () => {
    const tab = otherTab(null);
    try {
      someTabSignedIn();
      expect(await borrowToken(50)).toBeNull();
      expect(getToken()).toBeNull();
      expect(localStorage.getItem('profilehub-session-open')).toBeNull();
      tab.heard.length = 0;
      expect(await borrowToken(50)).toBeNull();
      expect(tab.heard).toEqual([]);
    } finally {
      tab.close();
    }
  });

  it('signing out tells the other tabs', async () => {
    const tab = otherTab(null);
    try {
      setToken('mine');
      clearToken();
      expect(getToken()).toBeNull();
      await expect.poll(() => tab.heard).toContain('end');
    } finally {
      tab.close();
    }
  });
});
