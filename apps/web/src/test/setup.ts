import '@testing-library/jest-dom/vitest';
import { cleanNotifications, cleanNotificationsQueue } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setCachedUser } from '../lib/auth.ts';
import { loadNotifications } from '../lib/notify.ts';
import { queryClient } from '../lib/queries.ts';
import { resetWhiteLabel } from '../lib/white-label.ts';

// findBy and waitFor wait on state; their bound (1 s by default) only decides how late a
// failure is reported, and a busy machine needs seconds for what takes milliseconds when quiet.
configure({ asyncUtilTimeout: 10_000 });

// Toast code is loaded lazily in the app; load it once up front so tests see toasts promptly.
await loadNotifications();

// jsdom lacks the layout APIs Mantine reads.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
window.scrollTo = () => {};
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
// CodeMirror (the CSS editors) measures text ranges; jsdom's ranges have no layout.
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

afterEach(() => {
  cleanup();
  // The toast store is global: one test's toasts must not queue behind another's.
  cleanNotifications();
  cleanNotificationsQueue();
  setCachedUser(undefined);
  resetWhiteLabel();
  queryClient.clear();
  sessionStorage.clear();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
