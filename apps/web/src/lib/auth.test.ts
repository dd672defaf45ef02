import type { TrainingVideo } from '@profilehub/shared';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock.ts';
import { testUser } from '../test/render.tsx';
import { endSession, ensureMe, fetchMe, getCachedUser, startSession, subscribeUser } from './auth.ts';
import { ME_QUERY_KEY, queryClient } from './queries.ts';

describe('the cached user', () => {
  it('loads once for callers at the same time and then answers from the cache', async () => {
    sessionStorage.setItem('jwt', 'token');
    const calls = mockFetch({ 'GET /api/companies/users/me': { body: testUser() } });
    const [a, b] = await Promise.all([ensureMe(), ensureMe()]);
    expect(a).toBe(b);
    expect(await ensureMe()).toBe(a);
    expect(calls.filter((c) => c.path === '/api/companies/users/me')).toHaveLength(1);
  });

  it('does not bring back a person who signed out while their user was loading', async () => {
    sessionStorage.setItem('jwt', 'token');
    let answer: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const fetched = testUser();
    mockFetch({ 'GET /api/companies/users/me': { body: fetched } });
    const answers = globalThis.fetch;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await gate;
      return answers(...args);
    });
    const loading = fetchMe();
    endSession();
    answer?.();
    expect(await loading).toEqual(fetched);
    expect(getCachedUser()).toBeUndefined();
  });

  it("keeps the dashboard's ['me'] query in step, and clears it on sign-out", () => {
    const changes: unknown[] = [];
    const unsubscribe = subscribeUser(() => changes.push(getCachedUser()));
    const user = testUser({ id: 5 });
    startSession({ jwt: 'the-jwt', user });
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBe(user);
    queryClient.setQueryData(['training-video', 3], { success: true, url: null } satisfies TrainingVideo);
    endSession();
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeUndefined();
    expect(queryClient.getQueryData(['training-video', 3])).toBeUndefined();
    expect(sessionStorage.getItem('jwt')).toBeNull();
    expect(changes).toEqual([user, undefined]);
    unsubscribe();
  });
});
