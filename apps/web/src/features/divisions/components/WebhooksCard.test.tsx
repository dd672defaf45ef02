import type { Webhook, WebhookDeliveryPage, WebhookList, WebhookWithSecret } from '@profilehub/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { queryClient } from '../../../lib/queries.ts';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { success } from '../../../test/fixtures.ts';
import { WebhooksCard } from './WebhooksCard.tsx';

const HOOK: Webhook = {
  id: 7,
  companyId: 5,
  url: 'https://crm.example.com/hooks/a',
  events: ['profile.published'],
  enabled: true,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};
const EVENTS = ['contact.created', 'profile.published', 'profile.unpublished', 'approval.requested', 'approval.decided', 'user.invited'];

describe('the webhooks card', () => {
  it('adds a webhook showing its secret once, sends a test event and shows the delivery log', async () => {
    queryClient.clear();
    sessionStorage.setItem('jwt', 'token');
    let webhooks: Webhook[] = [HOOK];
    const calls = mockFetch({
      'GET /api/companies/5/webhooks': () => ({ body: { webhooks, events: EVENTS } satisfies WebhookList }),
      'POST /api/companies/5/webhooks': () => {
        const made: Webhook = { ...HOOK, id: 8, url: 'https://b.example.com/in', events: ['contact.created'] };
        webhooks = [...webhooks, made];
        return { status: 201, body: { ...made, secret: 'whsec_c2VjcmV0LXNob3duLW9uY2U=' } satisfies WebhookWithSecret };
      },
      'POST /api/companies/5/webhooks/7/test': success,
      'GET /api/companies/5/webhooks/7/deliveries': {
        body: {
          deliveries: [
            {
              id: 1,
              eventType: 'webhook.test',
              messageId: 'msg_1',
              status: 'delivered',
              attempts: 4,
              lastStatusCode: 200,
              lastResponseMs: 42,
              lastError: null,
              createdAt: '2026-01-02T10:00:00.000Z',
              deliveredAt: '2026-01-02T10:00:01.000Z',
              nextAttemptAt: null,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 10,
        } satisfies WebhookDeliveryPage,
      },
    });
    render(
      <AppProviders env="test">
        <QueryClientProvider client={queryClient}>
          <WebhooksCard id={5} />
        </QueryClientProvider>
      </AppProviders>,
    );
    expect(await screen.findByText('https://crm.example.com/hooks/a')).toBeTruthy();
    expect(screen.getByText('1 webhook')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('New webhook URL'), 'https://b.example.com/in');
    await userEvent.click(screen.getByLabelText('contact.created'));
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe('whsec_c2VjcmV0LXNob3duLW9uY2U=');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ url: 'https://b.example.com/in', events: ['contact.created'] });
    expect(await screen.findByText('2 webhooks')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();

    await userEvent.click(screen.getAllByRole('button', { name: 'Send test event' })[0]!);
    expect(await screen.findByText('42 ms')).toBeTruthy();
    expect(screen.getByText('webhook.test')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/companies/5/webhooks/7/test')).toBe(true);
  });
});
