import { type CompanyConsoleRow, type CompanyPreviewResult, type DomainState, type ErrorBody, PROFILE_MESSAGES } from '@profilehub/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { queryClient } from '../../../lib/queries.ts';
import { type MockCall, mockFetch } from '../../../test/fetch-mock.ts';
import { DivisionSettings } from './DivisionSettings.tsx';

// Mantine's autosizing textareas (custom CSS, legal text) listen for fonts loading; jsdom has no FontFaceSet.
// Mantine's combobox scrolls its selected option into view; jsdom has no scrollIntoView.
Element.prototype.scrollIntoView ??= () => {};
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const ROW: CompanyConsoleRow = {
  id: 5,
  name: 'Acme',
  title: 'Acme',
  description: '',
  subdomain: 'acme',
  customDomain: null,
  customDomainUrl: null,
  masterProfiles: [{ id: 50 }],
  limits: { imageGallery: 5 },
  feature_flags: { approvals: false, templates: false, permissions: false, rte: false, corporate: false, invite_users: false, style_editing: false },
  customSupportLink: null,
  paymentStructure: 'corporate',
  publicationState: 'live',
  whiteLabel: { title: 'Acme', brand_color: '#c2410c' },
  trainingVideoUrl: null,
  mailFromName: null,
  mailFromAddress: null,
  consent: { enable: false, text: '' },
  offboardingOutcome: 'gone',
  contactRetentionMonths: null,
  exchangeFollowUp: false,
  updatedAt: '2026-11-26T10:00:00.000Z',
  members: 3,
  profiles: 2,
  archivedAt: null,
};

type Body = { whiteLabel?: { brand_color?: string } | null };

function renderSettings(patchReply: (call: MockCall) => { status?: number; body?: unknown } = () => ({ body: ROW }), row: CompanyConsoleRow = ROW) {
  queryClient.clear();
  sessionStorage.setItem('jwt', 'token');
  const calls = mockFetch({
    'GET /api/companies/console/5': { body: row },
    'GET /api/companies/5/domain': {
      body: { status: 'none', domain: null, target: 'hub.test', checkUrl: null, token: null, verifiedAt: null } satisfies DomainState,
    },
    'POST /api/companies/5/preview': (call) => {
      const colour = (call.body as Body).whiteLabel?.brand_color ?? 'none';
      return {
        body: { signIn: `<p>sign-in ${colour}</p>`, page: `<p>page ${colour}</p>`, contrast: { ratio: 5.2, readable: true } } satisfies CompanyPreviewResult,
      };
    },
    'PATCH /api/companies/5': patchReply,
  });
  render(
    <AppProviders env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <DivisionSettings id={5} />
        </MemoryRouter>
      </QueryClientProvider>
    </AppProviders>,
  );
  return calls;
}

const frame = (title: string) => screen.getByTitle(title) as HTMLIFrameElement;

describe('DivisionSettings (issue 26)', () => {
  it('previews an unsaved brand colour in both frames, sandboxed, before anything is saved', async () => {
    const calls = renderSettings();
    await waitFor(() => expect(frame('Public page preview').srcdoc).toBe('<p>page #c2410c</p>'));
    expect(frame('Sign-in page preview').getAttribute('sandbox')).toBe('');
    fireEvent.change(screen.getByLabelText('Brand colour'), { target: { value: '#0f766e' } });
    await waitFor(() => expect(frame('Public page preview').srcdoc).toBe('<p>page #0f766e</p>'));
    expect(frame('Sign-in page preview').srcdoc).toBe('<p>sign-in #0f766e</p>');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('shows the schema’s message under a sender address that is no email, without sending', async () => {
    const calls = renderSettings();
    const address = await screen.findByLabelText('Sender address');
    await userEvent.type(address, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('sets what a deactivated person’s page does by default (issue #28)', async () => {
    const calls = renderSettings();
    const outcome = (await screen.findAllByLabelText(/Their public page by default/))[0]!;
    expect(outcome).toHaveValue('No longer with the company');
    await userEvent.click(outcome);
    await userEvent.click(await screen.findByRole('option', { name: 'Redirect to a successor' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ updatedAt: ROW.updatedAt, offboardingOutcome: 'successor' });
  });

  it('turns on the follow-up mail of a contact exchange (issue #29)', async () => {
    const calls = renderSettings();
    const toggle = await screen.findByRole('switch', { name: /Send the owner.s card to people who exchange details/ });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ updatedAt: ROW.updatedAt, exchangeFollowUp: true });
  });

  it('shows the server’s refusal under the field it names', async () => {
    const message = 'Send from an address at hub.test: the division’s verified domain or the hub’s own mail domain.';
    const calls = renderSettings(() => ({
      status: 400,
      body: { statusCode: 400, code: 'bad_request', message, errors: [{ path: 'mailFromAddress', message }] } satisfies ErrorBody,
    }));
    await userEvent.type(await screen.findByLabelText('Sender address'), 'ceo@bank.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ updatedAt: ROW.updatedAt, mailFromAddress: 'ceo@bank.example' });
  });

  it('consent before publishing: on without a text shows what to do under the text, without sending; with a text sends it as rich text', async () => {
    const calls = renderSettings();
    expect(screen.queryByLabelText('Consent text')).toBeNull();
    await userEvent.click(await screen.findByRole('switch', { name: /Consent before publishing/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const text = screen.getByLabelText('Consent text');
    expect(await screen.findByText(PROFILE_MESSAGES.consentTextRequired)).toBeTruthy();
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await userEvent.type(text, 'I confirm my card is <correct>.{Enter}{Enter}Second & last.');
    expect(screen.queryByText(PROFILE_MESSAGES.consentTextRequired)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      updatedAt: ROW.updatedAt,
      consent: { enable: true, text: '<p>I confirm my card is &lt;correct&gt;.</p><p>Second &amp; last.</p>' },
    });
  });

  it('shows a stored consent text as plain paragraphs, and counts it unchanged until it is edited', async () => {
    renderSettings(undefined, { ...ROW, consent: { enable: true, text: '<p>One &amp; two.</p><p>Line<br>break</p>' } });
    const text = (await screen.findByLabelText('Consent text')) as HTMLTextAreaElement;
    expect(text.value).toBe('One & two.\n\nLine\nbreak');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await userEvent.type(text, '!');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });
});
