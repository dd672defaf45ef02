import { describe, expect, it } from 'vitest';
import { errorBody, mockFetch } from '../test/fetch-mock.ts';
import { sessionValid } from '../test/fixtures.ts';
import { testUser } from '../test/render.tsx';
import { dashboardGuard, signedOutGuard } from './guards.ts';

const runDashboard = (path: string) => dashboardGuard(new URL(path, 'http://localhost'));

describe('dashboard guard', () => {
  it('sends a visitor without a token to Login, keeping the target', async () => {
    const calls = mockFetch({});
    expect(await runDashboard('/users?companyId=3')).toBe(`/sign-in?params=${encodeURIComponent('/users?companyId=3')}`);
    expect(calls).toHaveLength(0);
  });

  it('sends an unconfirmed user to Login', async () => {
    sessionStorage.setItem('jwt', 'token');
    mockFetch({ 'GET /api/companies/users/me': { body: testUser({ confirmed: false }) }, 'GET /api/jwts/verify': sessionValid() });
    expect(await runDashboard('/home')).toBe('/sign-in?params=%2Fhome');
  });

  it('clears a token the server no longer accepts', async () => {
    sessionStorage.setItem('jwt', 'token');
    mockFetch({ 'GET /api/companies/users/me': { body: testUser() }, 'GET /api/jwts/verify': errorBody(401, 'Unauthorized') });
    expect(await runDashboard('/home')).toBe('/sign-in');
    expect(sessionStorage.getItem('jwt')).toBeNull();
  });

  it('clears the token when the user cannot be loaded', async () => {
    sessionStorage.setItem('jwt', 'token');
    mockFetch({ 'GET /api/companies/users/me': errorBody(401, 'Unauthorized'), 'GET /api/jwts/verify': sessionValid() });
    expect(await runDashboard('/statistics')).toBe('/sign-in?params=%2Fstatistics');
    expect(sessionStorage.getItem('jwt')).toBeNull();
  });

  it('applies the role rules once the session is valid', async () => {
    sessionStorage.setItem('jwt', 'token');
    const calls = mockFetch({ 'GET /api/companies/users/me': { body: testUser({ role: 'user' }) }, 'GET /api/jwts/verify': sessionValid() });
    expect(await runDashboard('/templates')).toBe('/self-service');
    expect(await runDashboard('/statistics')).toBeNull();
    expect(calls.find((c) => c.path === '/api/jwts/verify')?.headers.authorization).toBe('Bearer token');
  });

  it('sends a supervisor opening /self-service without an alias home', async () => {
    sessionStorage.setItem('jwt', 'token');
    mockFetch({ 'GET /api/companies/users/me': { body: testUser({ role: 'supervisor' }) }, 'GET /api/jwts/verify': sessionValid() });
    expect(await runDashboard('/self-service')).toBe('/home');
    expect(await runDashboard('/self-service/12_3')).toBeNull();
  });
});

describe('sign-in and register guard', () => {
  const run = (path = '/sign-in') => signedOutGuard(new URL(path, 'http://localhost'));

  it('lets visitors without a session in', async () => {
    mockFetch({});
    expect(await run()).toBeNull();
  });

  it('sends a signed-in user to their home', async () => {
    sessionStorage.setItem('jwt', 'token');
    mockFetch({ 'GET /api/companies/users/me': { body: testUser({ role: 'user' }) } });
    expect(await run()).toBe('/self-service');
  });

  it('sends a signed-in user to the page a guard kept for them, never off the hub', async () => {
    sessionStorage.setItem('jwt', 'token');
    mockFetch({ 'GET /api/companies/users/me': { body: testUser({ role: 'user' }) } });
    expect(await run(`/sign-in?params=${encodeURIComponent('/statistics?range=7')}`)).toBe('/statistics?range=7');
    for (const crafted of ['//evil.example/x', 'https://evil.example', '/sign-in?params=%2Fhome'])
      expect(await run(`/sign-in?params=${encodeURIComponent(crafted)}`), crafted).toBe('/self-service');
  });

  it('keeps an unconfirmed user on the page', async () => {
    sessionStorage.setItem('jwt', 'token');
    mockFetch({ 'GET /api/companies/users/me': { body: testUser({ role: 'supervisor', confirmed: false }) } });
    expect(await run()).toBeNull();
  });
});
