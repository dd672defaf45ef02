import type { ScimToken, ScimTokenCreated, ScimTokenList } from '@profilehub/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { queryClient } from '../../../lib/queries.ts';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { success } from '../../../test/fixtures.ts';
import { ScimCard } from './ScimCard.tsx';

const TOKEN: ScimToken = {
  id: 3,
  companyId: 5,
  name: 'Okta',
  hint: 'a1B2',
  createdBy: 1,
  createdAt: '2026-01-01T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

describe('the SCIM provisioning card', () => {
  it('shows the base URL and tokens, a new token once, and revokes', async () => {
    queryClient.clear();
    sessionStorage.setItem('jwt', 'token');
    let tokens: ScimToken[] = [TOKEN];
    const calls = mockFetch({
      'GET /api/companies/5/scim-tokens': () => ({ body: { tokens, baseUrl: 'https://hub.test/scim/v2' } satisfies ScimTokenList }),
      'POST /api/companies/5/scim-tokens': () => {
        const made = { ...TOKEN, id: 4, name: 'Entra ID', hint: 'zZ9_' };
        tokens = [...tokens, made];
        return { status: 201, body: { ...made, token: 'phscim_secret-shown-once-zZ9_' } satisfies ScimTokenCreated };
      },
      'DELETE /api/companies/5/scim-tokens/3': () => {
        tokens = tokens.map((t) => (t.id === 3 ? { ...t, revokedAt: '2026-01-02T10:00:00.000Z' } : t));
        return success;
      },
    });
    render(
      <AppProviders env="test">
        <QueryClientProvider client={queryClient}>
          <ScimCard id={5} />
        </QueryClientProvider>
      </AppProviders>,
    );
    expect(await screen.findByText('https://hub.test/scim/v2')).toBeTruthy();
    expect(screen.getByText('1 token')).toBeTruthy();
    expect(screen.getByText('…a1B2')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('New token for'), 'Entra ID');
    await userEvent.click(screen.getByRole('button', { name: 'Make a token' }));
    expect((await screen.findByTestId('scim-token')).textContent).toBe('phscim_secret-shown-once-zZ9_');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Entra ID' });
    expect(await screen.findByText('2 tokens')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('scim-token')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Revoke Okta …a1B2' }));
    expect(await screen.findByText('Revoked')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/companies/5/scim-tokens/3')).toBe(true);
  });
});
