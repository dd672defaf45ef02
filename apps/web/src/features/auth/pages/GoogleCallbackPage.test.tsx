import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, mockFetch } from '../../../test/fetch-mock.ts';
import { authReply, sessionValid, whiteLabelReply } from '../../../test/fixtures.ts';
import { renderAt, testUser } from '../../../test/render.tsx';

const whiteLabel = { 'GET /api/white-label': whiteLabelReply({ googleSignIn: true }) };

describe('Google callback page', () => {
  it('trades the id token for a session once and goes home', async () => {
    const calls = mockFetch({
      ...whiteLabel,
      'GET /api/auth/google/callback': authReply(testUser({ role: 'user' }), 'google-jwt'),
      'GET /api/companies/users/me': { body: testUser({ role: 'user' }) },
      'GET /api/jwts/verify': sessionValid(),
    });
    const { at } = renderAt('/authenticate/google?id_token=the-id-token');
    await waitFor(() => expect(at().pathname).toBe('/self-service'));
    expect(sessionStorage.getItem('jwt')).toBe('google-jwt');
    const spent = calls.filter((c) => c.path === '/api/auth/google/callback');
    expect(spent).toHaveLength(1);
    expect(spent[0]?.query.get('id_token')).toBe('the-id-token');
  });

  it("trades the hub's one-time ticket (the browser leg) in a POST body", async () => {
    const calls = mockFetch({
      ...whiteLabel,
      'POST /api/auth/google/ticket': authReply(testUser({ role: 'user' }), 'ticket-jwt'),
      'GET /api/companies/users/me': { body: testUser({ role: 'user' }) },
      'GET /api/jwts/verify': sessionValid(),
    });
    const { at } = renderAt('/authenticate/google?ticket=the-ticket');
    await waitFor(() => expect(at().pathname).toBe('/self-service'));
    expect(sessionStorage.getItem('jwt')).toBe('ticket-jwt');
    const spent = calls.filter((c) => c.path === '/api/auth/google/ticket');
    expect(spent).toHaveLength(1);
    expect(spent[0]?.body).toEqual({ ticket: 'the-ticket' });
    expect(calls.some((c) => c.path === '/api/auth/google/callback')).toBe(false);
  });

  it('says the account could not be linked when the browser leg could not link it', async () => {
    mockFetch(whiteLabel);
    renderAt('/authenticate/google?error=google_link_failed');
    expect(await screen.findByRole('alert')).toHaveTextContent('Account can not be linked to existing profile');
  });

  it('shows the server message when the token is refused', async () => {
    mockFetch({ ...whiteLabel, 'GET /api/auth/google/callback': errorBody(401, 'Google sign-in failed') });
    renderAt('/authenticate/google?id_token=bad');
    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign-in failed');
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/sign-in');
    expect(sessionStorage.getItem('jwt')).toBeNull();
  });

  it('explains a refusal by the provider', async () => {
    const calls = mockFetch(whiteLabel);
    renderAt('/authenticate/google?error=google_failed');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please sign in using your email and password');
    expect(calls.some((c) => c.path === '/api/auth/google/callback')).toBe(false);
  });
});
