import type { AliasTestResponse, EditorContent, ProfileEditorView, SetAliasResponse } from '@profilehub/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderEditorScreen, stubDocumentFonts, testEditorView } from '../../../test/editor.tsx';
import type { mockFetch } from '../../../test/fetch-mock.ts';
import { approvalReply, publishReply } from '../../../test/fixtures.ts';
import { ProfileEditor } from '../ProfileEditor.tsx';
import { PUBLISH_TEXTS } from './PublishFlow.tsx';

stubDocumentFonts();

const complete = {
  templateLayout: 'mobile1',
  stylingId: 1,
  firstName: 'Jane',
  lastName: 'Doe',
  jobTitle: 'Head of Sales',
  profilePhoto: { url: '/uploads/a.png' },
  banners: [{ id: 'cover', slider: [{ id: 's1', url: '/uploads/b.png' }] }],
  mainActionButton: { key: 'main-action-button', title: 'Book', url: 'https://acme.example/book', icon: 'calendar' },
} satisfies EditorContent;

function view(o: { canManage: boolean; needsApproval: boolean; pendingApprovalId: number | null; alias?: string | null }): ProfileEditorView {
  return testEditorView({
    profile: {
      alias: o.alias === undefined ? 'jane-doe' : o.alias,
      version: 1,
      pendingApproval: o.pendingApprovalId !== null,
      pendingApprovalId: o.pendingApprovalId,
    },
    content: complete,
    flags: { approvals: true },
    access: { canManage: o.canManage, needsApproval: o.needsApproval },
  });
}

function renderEditor(v: ProfileEditorView, routes: Parameters<typeof mockFetch>[0]) {
  localStorage.setItem('profile-editor:welcome-seen', '1');
  sessionStorage.setItem('jwt', 'token');
  return renderEditorScreen(<ProfileEditor view={v} title="Edit profile" />, routes);
}

const published = publishReply();

describe('Publish flow, approvals path (spec §4 step 4)', () => {
  it('a user asks for approval and is told it is submitted', async () => {
    const calls = renderEditor(view({ canManage: false, needsApproval: true, pendingApprovalId: null }), { 'POST /api/approvals': approvalReply(11) });
    await userEvent.click(screen.getByRole('button', { name: 'Submit for approval' }));
    expect(await screen.findByText(PUBLISH_TEXTS.submitted)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/approvals')?.body).toMatchObject({ targetProfile: 7, profileId: 7, company: 3 });
    expect(calls.some((c) => c.path.endsWith('/publish'))).toBe(false);
    expect(await screen.findByRole('button', { name: 'Re-submit for approval' })).toBeInTheDocument();
  });

  it('a user with a pending request re-requests it after the publish warning', async () => {
    const calls = renderEditor(view({ canManage: false, needsApproval: true, pendingApprovalId: 11 }), { 'PUT /api/approvals/single/11': approvalReply(11) });
    await userEvent.click(screen.getByRole('button', { name: 'Re-submit for approval' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send latest changes' }));
    expect(await screen.findByText(PUBLISH_TEXTS.submitted)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/approvals/single/11')?.body).toMatchObject({ approved: null });
  });

  it('a supervisor approves the pending request directly (no rebuild), then builds; the dialog closes when the build is done', async () => {
    let publishCalled = false;
    const calls = renderEditor(view({ canManage: true, needsApproval: false, pendingApprovalId: 11 }), {
      'PUT /api/approvals/respond/11': approvalReply(11, { approved: true, respondedAt: '2026-01-02T09:00:00.000Z' }),
      'PUT /api/profiles/7/publish': () => {
        publishCalled = true;
        return published;
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Profile Published')).toBeInTheDocument();
    const respond = calls.findIndex((c) => c.path === '/api/approvals/respond/11');
    const build = calls.findIndex((c) => c.path === '/api/profiles/7/publish');
    expect(calls[respond]?.body).toEqual({ approved: true, message: null, rebuild: false });
    expect(respond).toBeLessThan(build);
    expect(publishCalled).toBe(true);
    await waitFor(() => expect(screen.queryByText(PUBLISH_TEXTS.firstBuild)).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: /^http:\/\/acme\.localhost(:\d+)?\/jane-doe$/ })).toBeInTheDocument();
  });

  it('without an alias the My Profile Link modal comes first; Continue waits for the check', async () => {
    renderEditor(view({ canManage: true, needsApproval: false, pendingApprovalId: null, alias: null }), {
      'POST /api/profiles/7/alias/test': { body: { success: true, message: 'jane-doe' } satisfies AliasTestResponse },
      'PUT /api/profiles/7/alias': { body: { success: true, alias: 'jane-doe' } satisfies SetAliasResponse },
      'PUT /api/profiles/7/publish': published,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const input = await screen.findByRole('textbox', { name: 'Profile link' });
    await userEvent.type(input, 'Jane Doe');
    expect(screen.getByRole('button', { name: 'Please wait...' })).toBeDisabled();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Profile Published')).toBeInTheDocument();
  });
});

describe('Publish flow, consent step', () => {
  it('shows the consent text as sanitised rich text: no meta refresh, style beacon, overlay or form reaches the hub', async () => {
    const hostile = [
      '<p><strong>I agree</strong> to the <a href="https://acme.example/terms">terms</a>.</p>',
      '<meta http-equiv="refresh" content="0;url=https://evil.example">',
      '<style>body{background:url(https://evil.example/beacon)}</style>',
      '<div style="position:fixed;inset:0;z-index:9999">overlay</div>',
      '<form action="https://evil.example"><input name="password"></form>',
      '<img src=x onerror="window.__pwned=1">',
    ].join('');
    const v = view({ canManage: true, needsApproval: false, pendingApprovalId: null });
    v.content = { ...v.content, enableConsent: true, consentText: hostile };
    renderEditor(v, {});
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disclaimer' });
    expect(dialog.querySelector('strong')?.textContent).toBe('I agree');
    expect(dialog.querySelector('a')?.getAttribute('href')).toBe('https://acme.example/terms');
    for (const tag of ['meta', 'style', 'form', 'input']) expect(dialog.querySelector(tag), tag).toBeNull();
    expect(dialog.innerHTML).not.toContain('onerror');
    expect(dialog.innerHTML).not.toContain('position:fixed');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
  it('asks with the division’s consent text when its division asks for consent, before the template’s own; I Agree publishes', async () => {
    let publishCalls = 0;
    const v = view({ canManage: true, needsApproval: false, pendingApprovalId: null });
    v.company = { ...v.company, consent: { enable: true, text: '<p>I confirm my card is <strong>correct</strong>.</p>' } };
    v.content = { ...v.content, enableConsent: true, consentText: '<p>The template’s terms.</p>' };
    renderEditor(v, {
      'PUT /api/profiles/7/publish': () => {
        publishCalls += 1;
        return published;
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disclaimer' });
    expect(dialog.textContent).toContain('I confirm my card is correct.');
    expect(dialog.textContent).not.toContain('The template’s terms.');
    // Cancel publishes nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Disclaimer' })).not.toBeInTheDocument());
    expect(publishCalls).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByRole('dialog', { name: 'Disclaimer' });
    await userEvent.click(screen.getByRole('button', { name: 'I Agree' }));
    expect(await screen.findByText('Profile Published')).toBeInTheDocument();
    expect(publishCalls).toBe(1);
  });

  it('publishes without a Disclaimer when neither the division nor the template asks for consent', async () => {
    const v = view({ canManage: true, needsApproval: false, pendingApprovalId: null });
    v.company = { ...v.company, consent: { enable: false, text: '<p>Kept for later.</p>' } };
    renderEditor(v, { 'PUT /api/profiles/7/publish': published });
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Profile Published')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Disclaimer' })).not.toBeInTheDocument();
  });
});
