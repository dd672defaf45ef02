import { type EditorContent, PERMISSION_TOOLTIPS, PROFILE_MESSAGES, type ProfileEditorView, type StaleProfileBody } from '@profilehub/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { setCachedUser } from '../../lib/auth.ts';
import { renderEditorScreen, stubDocumentFonts, testEditorView } from '../../test/editor.tsx';
import { errorBody, type mockFetch } from '../../test/fetch-mock.ts';
import { saveReply } from '../../test/fixtures.ts';
import { testUser } from '../../test/render.tsx';
import { EditorProvider } from './hooks/editor-context.tsx';
import { EditorStore } from './hooks/editor-store.ts';
import { FIRST_SAVE_MESSAGE, ProfileEditor } from './ProfileEditor.tsx';
import { ContactForm } from './sections/ContactForm.tsx';
import { GalleryItemModal } from './sections/Galleries.tsx';

stubDocumentFonts();

function editorView(
  o: { content?: EditorContent; childPermissions?: ProfileEditorView['permissions']['childPermissions']; child?: boolean } = {},
): ProfileEditorView {
  return testEditorView({
    profile: { masterProfileId: o.child ? 2 : null },
    content: {
      templateLayout: 'desktop2',
      fullName: 'Jane Doe',
      jobTitle: 'Head of Sales',
      emailAddress: 'jane@acme.example',
      whatsappNumber: '+27 82 555 0101',
      links: [{ key: 'website', title: 'Website', url: 'https://acme.example', contactType: 'url', enabled: true }],
      contactForm: {
        enabled: false,
        name: { required: true, enabled: true },
        emailAddress: { required: true, enabled: true },
        mobile: { required: false, enabled: true },
        message: { required: true, enabled: true },
      },
      ...o.content,
    },
    permissions: { childPermissions: o.childPermissions ?? [] },
    master: o.child
      ? { id: 2, templateName: 'Standard', stylingId: 1, publishedAt: null, textValues: { whatsappNumber: '+27 21 555 0199' }, inheritedKeys: [], content: {} }
      : null,
  });
}

function renderEditor(view: ProfileEditorView, routes: Parameters<typeof mockFetch>[0] = {}, o: { welcomeSeen?: boolean } = {}) {
  if (o.welcomeSeen === false) localStorage.removeItem('profile-editor:welcome-seen');
  else localStorage.setItem('profile-editor:welcome-seen', '1');
  sessionStorage.setItem('jwt', 'token');
  return renderEditorScreen(<ProfileEditor view={view} title="Edit profile" />, routes);
}

describe('Profile editor: a child’s empty field', () => {
  it('says at once that the template’s value shows on the page while the field is empty', async () => {
    renderEditor(editorView({ child: true }));
    const field = screen.getByRole('textbox', { name: 'WhatsApp number' });
    expect(screen.queryByText(/template’s value/)).not.toBeInTheDocument();
    await userEvent.clear(field);
    expect(screen.getByText('Left empty, your page shows the template’s value: +27 21 555 0199')).toBeInTheDocument();
    expect(field).toHaveAttribute('placeholder', '+27 21 555 0199');
    await userEvent.type(field, '+1');
    expect(screen.queryByText(/template’s value/)).not.toBeInTheDocument();
  });
});

describe('Profile editor: the supervisor’s last decision, to the owner', () => {
  beforeEach(() => setCachedUser(testUser({ profile: { id: 7, alias: null } })));
  afterEach(() => setCachedUser(undefined));
  const withDecision = (lastDecision: ProfileEditorView['profile']['lastDecision'], pendingApprovalId: number | null = null) => {
    const view = editorView();
    return { ...view, profile: { ...view.profile, lastDecision, pendingApprovalId, pendingApproval: pendingApprovalId !== null } };
  };

  it('shows a decline with the supervisor’s message until it is dismissed', async () => {
    renderEditor(withDecision({ approved: false, message: 'Please use a professional photo.', respondedAt: '2026-11-20T10:00:00.000Z' }));
    const banner = screen.getByRole('status', { name: 'Your last changes were not approved' });
    expect(within(banner).getByText('Your last changes were not approved')).toBeInTheDocument();
    expect(within(banner).getByText('Please use a professional photo.')).toBeInTheDocument();
    expect(within(banner).getByText(/Your public page stays as it was/)).toBeInTheDocument();
    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Your last changes were not approved')).not.toBeInTheDocument();
  });

  it('shows an approval', () => {
    renderEditor(withDecision({ approved: true, message: null, respondedAt: '2026-11-20T10:00:00.000Z' }));
    expect(screen.getByText('Your last changes were approved')).toBeInTheDocument();
  });

  it('shows nothing while a request is pending', () => {
    renderEditor(withDecision({ approved: false, message: 'Old news', respondedAt: '2026-11-20T10:00:00.000Z' }, 12));
    expect(screen.queryByText('Old news')).not.toBeInTheDocument();
  });
});

describe('Profile editor: validation (spec §5)', () => {
  it('shows the job title limit under the field and holds the autosave back', async () => {
    const calls = renderEditor(editorView());
    const field = screen.getByRole('textbox', { name: 'Job title / subheading' });
    await userEvent.clear(field);
    await userEvent.paste('x'.repeat(151));
    expect(await screen.findByText(PROFILE_MESSAGES.jobTitleTooLong)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: `Job title: ${PROFILE_MESSAGES.jobTitleTooLong}` })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 2200));
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('holds a new link button back until it has an address, then saves it', async () => {
    const calls = renderEditor(editorView(), { 'PATCH /api/profiles/7': saveReply(5) });
    await userEvent.click(screen.getByRole('button', { name: 'Buttons' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a button' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Link button' }));
    expect(await screen.findByText(PROFILE_MESSAGES.linkRequired)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: `Button 2 URL: ${PROFILE_MESSAGES.linkRequired}` })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 2200));
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: 'Button 2 URL' }), 'https://acme.example/book');
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(screen.queryByText(PROFILE_MESSAGES.linkRequired)).not.toBeInTheDocument();
  });

  it('refuses a button link that is not https', async () => {
    renderEditor(editorView());
    await userEvent.click(screen.getByRole('button', { name: 'Buttons' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Website' }));
    const url = await screen.findByRole('textbox', { name: 'Button 1 URL' });
    await userEvent.clear(url);
    await userEvent.type(url, 'http://acme.example');
    expect(await screen.findByText(PROFILE_MESSAGES.linkHttps)).toBeInTheDocument();
  });

  it('keeps a gallery item’s expiry in the future', async () => {
    const store = new EditorStore({ profileId: 7, version: 1, content: {} });
    render(
      <AppProviders env="test">
        <EditorProvider store={store} view={editorView()}>
          <GalleryItemModal item={{ key: 'img-1', type: 'promotion', url: '/uploads/a.png' }} onCancel={() => {}} onSave={() => {}} />
        </EditorProvider>
      </AppProviders>,
    );
    const expiry = await screen.findByLabelText('Expire date');
    fireEvent.change(expiry, { target: { value: '2020-01-01T10:00' } });
    expect(await screen.findByText(PROFILE_MESSAGES.expiryInPast)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save image' })).toBeDisabled();
    store.dispose();
  });

  it('lets the contact form be enabled only with both "Send to email" and "Thank you message"', async () => {
    const store = new EditorStore({ profileId: 7, version: 1, content: editorView().content });
    render(
      <AppProviders env="test">
        <EditorProvider store={store} view={editorView()}>
          <ContactForm />
        </EditorProvider>
      </AppProviders>,
    );
    expect(screen.getByText('"Send to email" and "Thank you message" required!')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Show the contact form on my profile' })).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Send to email' }), 'leads@acme.example');
    await userEvent.type(screen.getByRole('textbox', { name: 'Thank you message' }), 'Thanks!');
    expect(screen.getByRole('switch', { name: 'Show the contact form on my profile' })).toBeEnabled();
    expect(screen.queryByText('"Send to email" and "Thank you message" required!')).not.toBeInTheDocument();
    // Its autosave must not outlive the test.
    store.dispose();
  });
});

describe('Profile editor: a child’s permissions (spec §6)', () => {
  const child = () =>
    editorView({
      child: true,
      // The master hides the job title: the child's view does not carry it.
      content: { jobTitle: undefined },
      childPermissions: [
        { key: 'jobTitle', show: false, edit: true, optional: true, sortable: true },
        { key: 'emailAddress', show: true, edit: false, optional: false, sortable: true },
        { key: 'whatsappNumber', show: true, edit: true, optional: true, sortable: true },
        { key: 'website', show: true, edit: false, optional: false, sortable: true },
      ],
    });

  it('does not show hidden items', () => {
    renderEditor(child());
    expect(screen.queryByRole('textbox', { name: 'Job title / subheading' })).not.toBeInTheDocument();
  });

  it('greys locked items out, read-only, with the spec’s tooltip', async () => {
    renderEditor(child());
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeDisabled();
    expect(screen.getByLabelText(`Email address: Email address ${PERMISSION_TOOLTIPS.edit.off}`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Buttons' }));
    expect(await screen.findByRole('switch', { name: 'Show Website' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete Website' })).not.toBeInTheDocument();
  });

  it('marks required items with an asterisk and optional ones without, with the optional tooltip', () => {
    renderEditor(child());
    const required = screen.getByRole('textbox', { name: 'Main contact number' });
    expect(required).toBeRequired();
    const optional = screen.getByRole('textbox', { name: 'WhatsApp number' });
    expect(optional).not.toBeRequired();
    expect(screen.getByLabelText(`WhatsApp number: ${PERMISSION_TOOLTIPS.optional.on}`)).toBeInTheDocument();
  });
});

describe('Profile editor: autosave (spec §4)', () => {
  it('saves only the changed field 2 s after the last change and shows the first save’s message once', async () => {
    const calls = renderEditor(editorView(), {
      'PATCH /api/profiles/7': (call) => saveReply((call.body as { version: number }).version + 1),
    });
    const field = screen.getByRole('textbox', { name: 'Job title / subheading' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Director');
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ version: 4, changes: { jobTitle: 'Director' } });
    expect(await screen.findByText(FIRST_SAVE_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
  });

  it('on a stale save keeps what was typed and offers the newer version', async () => {
    renderEditor(editorView(), {
      'PATCH /api/profiles/7': {
        status: 409,
        body: {
          ...errorBody(409, 'This profile was changed in another window or by someone else.').body,
          currentVersion: 5,
          content: { ...editorView().content, fullName: 'Jane D.' },
        } satisfies StaleProfileBody,
      },
    });
    const field = screen.getByRole('textbox', { name: 'Job title / subheading' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Mine');
    const dialog = await screen.findByRole('dialog', { name: 'This profile was changed elsewhere' });
    expect(field).toHaveValue('Mine');
    expect(within(dialog).getByRole('button', { name: 'Keep my changes' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use the newer version' }));
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveValue('Jane D.');
    expect(screen.getByRole('textbox', { name: 'Job title / subheading' })).toHaveValue('Head of Sales');
  });
});

describe('Profile editor: the Welcome modal (spec §2)', () => {
  const me = (profileId: number) => testUser({ profile: { id: profileId, alias: null } });
  afterEach(() => setCachedUser(undefined));

  it('greets a person opening their own card once', async () => {
    setCachedUser(me(7));
    renderEditor(editorView(), {}, { welcomeSeen: false });
    const welcome = await screen.findByRole('dialog', { name: /^Welcome to/ });
    await userEvent.click(within(welcome).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Welcome to/ })).not.toBeInTheDocument());
    expect(localStorage.getItem('profile-editor:welcome-seen')).toBe('1');
  });

  it('stays away when an administrator edits someone else’s card or a template', async () => {
    setCachedUser(me(99));
    renderEditor(editorView(), {}, { welcomeSeen: false });
    expect(await screen.findByRole('textbox', { name: 'Full name' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /^Welcome to/ })).not.toBeInTheDocument();
  });
});

describe('Profile editor: an incomplete item does not hold the rest back (#25 row 2)', () => {
  it('saves the job title while a new link button without its address waits, and names the button in the status', async () => {
    const view = editorView({
      content: {
        links: [
          { key: 'website', title: 'Website', url: 'https://acme.example', contactType: 'url', enabled: true },
          { key: 'new-link', title: 'Portfolio', contactType: 'url', enabled: true, source: 'self' },
        ],
      },
    });
    const calls = renderEditor(view, {
      'PATCH /api/profiles/7': (call) => saveReply((call.body as { version: number }).version + 1),
    });
    const field = screen.getByRole('textbox', { name: 'Job title / subheading' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Director');
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ version: 4, changes: { jobTitle: 'Director' } });
    expect(await screen.findByRole('button', { name: `Button 2 URL: ${PROFILE_MESSAGES.linkRequired}` })).toBeInTheDocument();
  });
});

describe('Profile editor: someone else’s profile (#25 row 4)', () => {
  const me = (profileId: number) => testUser({ profile: { id: profileId, alias: null } });
  afterEach(() => setCachedUser(undefined));
  const declined = (): ProfileEditorView => {
    const view = editorView();
    return {
      ...view,
      profile: { ...view.profile, lastDecision: { approved: false, message: 'No discounts on the card, please.', respondedAt: '2026-11-20T10:00:00.000Z' } },
    };
  };

  it('says whose profile it is and shows the decline neutrally to a supervisor, not addressed to the owner', async () => {
    setCachedUser(me(99));
    renderEditor(declined());
    expect(await screen.findByRole('heading', { name: "Editing Jane Doe's profile" })).toBeInTheDocument();
    expect(screen.getByText("Jane Doe's last changes were declined")).toBeInTheDocument();
    expect(screen.getByText('Message sent to Jane Doe:', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText('Your last changes were not approved')).not.toBeInTheDocument();
  });

  it('shows the owner the decline addressed to them', async () => {
    setCachedUser(me(7));
    renderEditor(declined());
    expect(await screen.findByText('Your last changes were not approved')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit profile' })).toBeInTheDocument();
  });
});
