import { SIGNATURE_MESSAGES, type Signature as SignatureData, type SignatureLayout } from '@profilehub/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderEditorPart, stubDocumentFonts } from '../../../test/editor.tsx';
import { errorBody, type MockCall, mockFetch } from '../../../test/fetch-mock.ts';
import { Signature } from './Signature.tsx';

stubDocumentFonts();

/** GET /profiles/7/signature in `layout`. */
const signature = (layout: SignatureLayout, locked = false): SignatureData => ({
  layout,
  locked,
  layouts: [
    { value: 'classic', title: 'Classic' },
    { value: 'compact', title: 'Compact' },
    { value: 'card', title: 'With QR code' },
  ],
  html: `<table><tr><td>Jane Doe (${layout})</td></tr></table>`,
  text: `Jane Doe (${layout})\nhttps://acme.localhost/jane-doe?src=signature`,
  cardUrl: 'https://acme.localhost/jane-doe?src=signature',
});
const served = (call: MockCall) => ({ body: signature((call.query.get('layout') as SignatureLayout | null) ?? 'classic') });

beforeEach(() => sessionStorage.setItem('jwt', 'token'));

describe('Email signature (issue #30)', () => {
  it('previews the card’s signature and copies it; a browser without rich copy gets the plain text', async () => {
    mockFetch({ 'GET /api/profiles/7/signature': served });
    // jsdom has no ClipboardItem: the plain-text path, as in such a browser.
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderEditorPart(<Signature />, { emailSignatureLayout: 'classic' });
    const preview = await screen.findByTitle('Email signature preview');
    expect(preview.getAttribute('srcdoc')).toContain('Jane Doe (classic)');
    fireEvent.click(screen.getByRole('button', { name: 'Copy signature' }));
    expect(await screen.findByText('Signature copied as plain text.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('Jane Doe (classic)\nhttps://acme.localhost/jane-doe?src=signature');
  });

  it('choosing a layout shows it and keeps the choice on the profile', async () => {
    const calls = mockFetch({ 'GET /api/profiles/7/signature': served });
    const { store, saves } = renderEditorPart(<Signature />, { emailSignatureLayout: 'classic' });
    await screen.findByTitle('Email signature preview');
    await userEvent.click(screen.getByLabelText('Compact'));
    await waitFor(() => expect(screen.getByTitle('Email signature preview').getAttribute('srcdoc')).toContain('Jane Doe (compact)'));
    expect(calls.some((c) => c.path === '/api/profiles/7/signature' && c.query.get('layout') === 'compact')).toBe(true);
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)).toEqual({ emailSignatureLayout: 'compact' });
  });

  it('a layout the template locks is shown as the template’s and cannot be changed', async () => {
    const calls = mockFetch({ 'GET /api/profiles/7/signature': { body: signature('card', true) } });
    renderEditorPart(
      <Signature />,
      { emailSignatureLayout: 'classic' },
      {
        profile: { masterProfileId: 2 },
        master: { id: 2, templateName: 'Standard', stylingId: 1, publishedAt: null, textValues: {}, inheritedKeys: [], content: {} },
        permissions: { childPermissions: [{ key: 'emailSignatureLayout', show: true, edit: false, optional: true, sortable: true }] },
      },
    );
    expect(await screen.findByText('Your template sets the signature layout.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('With QR code')).toBeChecked());
    expect(screen.getByLabelText('Compact')).toBeDisabled();
    // The server decides a locked layout: the editor does not ask for its own.
    expect(calls.filter((c) => c.path === '/api/profiles/7/signature').every((c) => c.query.get('layout') === null)).toBe(true);
  });

  it('before the card is published says so instead of a preview, and offers nothing to copy', async () => {
    mockFetch({ 'GET /api/profiles/7/signature': errorBody(409, SIGNATURE_MESSAGES.notPublished, 'conflict') });
    renderEditorPart(<Signature />, {});
    expect(await screen.findByText(SIGNATURE_MESSAGES.notPublished)).toBeInTheDocument();
    expect(screen.getByText('No signature yet')).toBeInTheDocument();
    expect(screen.queryByTitle('Email signature preview')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy signature' })).toBeDisabled();
  });
});
