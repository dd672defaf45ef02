import { SSO_MESSAGES } from '@profilehub/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, mockFetch } from '../../../test/fetch-mock.ts';
import { authReply, sessionValid, whiteLabelReply } from '../../../test/fixtures.ts';
import { renderAt, testUser } from '../../../test/render.tsx';

const whiteLabel = { 'GET /api/white-label': whiteLabelReply() };

describe('SSO callback page', () => {
  it("trades the hub's one-time ticket for a session, once, in a POST body", async () => {
    const calls = mockFetch({
      ...whiteLabel,
      'POST /api/auth/sso/ticket': authReply(testUser({ role: 'user' }), 'sso-jwt'),
      'GET /api/companies/users/me': { body: testUser({ role: 'user' }) },
      'GET /api/jwts/verify': sessionValid(),
    });
    const { at } = renderAt('/authenticate/sso?ticket=the-ticket');
    await waitFor(() => expect(at().pathname).toBe('/self-service'));
    expect(sessionStorage.getItem('jwt')).toBe('sso-jwt');
    const spent = calls.filter((c) => c.path === '/api/auth/sso/ticket');
    expect(spent).toHaveLength(1);
    expect(spent[0]?.body).toEqual({ ticket: 'the-ticket' });
  });

  it('says what went wrong: a refused sign-in, no SSO for the email, a spent ticket', async () => {
    mockFetch(whiteLabel);
    const first = renderAt('/authenticate/sso?error=sso_failed');
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_MESSAGES.signInFailed);
    first.unmount();
    const second = renderAt('/authenticate/sso?error=sso_not_available');
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_MESSAGES.notAvailable);
    second.unmount();
    mockFetch({ ...whiteLabel, 'POST /api/auth/sso/ticket': errorBody(401, SSO_MESSAGES.signInFailed) });
    renderAt('/authenticate/sso?ticket=spent');
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_MESSAGES.signInFailed);
  });
});
