import type { ApiKey, ApiKeyCreated, ApiKeyList } from '@profilehub/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { queryClient } from '../../../lib/queries.ts';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { success } from '../../../test/fixtures.ts';
import { ApiKeysCard } from './ApiKeysCard.tsx';

const KEY: ApiKey = {
  id: 3,
  companyId: 5,
  name: 'CRM sync',
  prefix: 'phk_a1B2c3D4',
  scopes: ['contacts:read'],
  createdBy: 1,
  createdByEmail: 'boss@acme.test',
  createdAt: '2026-01-01T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

describe('the API keys card', () => {
  it('lists keys, makes one with its scopes shown once, and revokes after a confirmation', async () => {
    queryClient.clear();
    sessionStorage.setItem('jwt', 'token');
    let keys: ApiKey[] = [KEY];
    const calls = mockFetch({
      'GET /api/companies/5/api-keys': () => ({ body: { keys } satisfies ApiKeyList }),
      'POST /api/companies/5/api-keys': () => {
        const made: ApiKey = { ...KEY, id: 4, name: 'HR tool', prefix: 'phk_zZ9_xY8w', scopes: ['profiles:read', 'users:invite'] };
        keys = [...keys, made];
        return { status: 201, body: { ...made, key: 'phk_zZ9_xY8w-secret-shown-once' } satisfies ApiKeyCreated };
      },
      'DELETE /api/companies/5/api-keys/3': () => {
        keys = keys.map((k) => (k.id === 3 ? { ...k, revokedAt: '2026-01-02T10:00:00.000Z' } : k));
        return success;
      },
    });
    render(
      <AppProviders env="test">
        <QueryClientProvider client={queryClient}>
          <ApiKeysCard id={5} />
        </QueryClientProvider>
      </AppProviders>,
    );
    expect(await screen.findByText('1 key')).toBeTruthy();
    expect(screen.getByText('phk_a1B2c3D4…')).toBeTruthy();
    expect(screen.getByText(/Made by boss@acme\.test/)).toBeTruthy();

    // A key needs a name and at least one scope.
    const make = screen.getByRole('button', { name: 'Make a key' }) as HTMLButtonElement;
    await userEvent.type(screen.getByLabelText('New key for'), 'HR tool');
    expect(make.disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: /Read profiles/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Invite users/ }));
    await userEvent.click(make);
    expect((await screen.findByTestId('api-key')).textContent).toBe('phk_zZ9_xY8w-secret-shown-once');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'HR tool', scopes: ['profiles:read', 'users:invite'] });
    expect(await screen.findByText('2 keys')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('api-key')).toBeNull();
    expect(screen.queryByText('phk_zZ9_xY8w-secret-shown-once')).toBeNull();

    // Revoking asks first; Cancel keeps the key.
    await userEvent.click(screen.getByRole('button', { name: 'Revoke CRM sync phk_a1B2c3D4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this key?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Revoke CRM sync phk_a1B2c3D4' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Revoke this key?' })).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('Revoked')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/companies/5/api-keys/3')).toBe(true);
  });
});
