import type { ProfileEditorView } from '@profilehub/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setCachedUser } from '../../../lib/auth.ts';
import { renderEditorScreen, stubDocumentFonts, testEditorView } from '../../../test/editor.tsx';
import { testUser } from '../../../test/render.tsx';
import { ProfileEditor } from '../ProfileEditor.tsx';

stubDocumentFonts();

type Record = ProfileEditorView['profile'];

function renderWith(profile: Partial<Record>) {
  localStorage.setItem('profile-editor:welcome-seen', '1');
  sessionStorage.setItem('jwt', 'token');
  const view = testEditorView({ profile, content: { templateLayout: 'desktop2', fullName: 'Jane Doe' } });
  renderEditorScreen(<ProfileEditor view={view} title="Edit profile" />);
}

describe('Profile editor: a rollback of the owner’s changes', () => {
  // The owner is signed in: the banner is addressed to her (someone else reads it neutrally).
  beforeEach(() => setCachedUser(testUser({ profile: { id: 7, alias: null } })));
  afterEach(() => setCachedUser(undefined));

  it('says her last changes were rolled back, by whom and when — not that they were approved', () => {
    const rolledBack = { at: '2026-11-25T09:30:00.000Z', by: 'Sam Supervisor' } satisfies Record['rolledBack'];
    renderWith({ publishedAt: '2026-11-25T09:30:00.000Z', lastDecision: null, rolledBack });
    const banner = screen.getByRole('status', { name: 'Your last changes were rolled back' });
    expect(within(banner).getByText(/Sam Supervisor rolled your profile back on/)).toBeInTheDocument();
    expect(within(banner).getByText(new RegExp(new Date(rolledBack.at).getFullYear().toString()))).toBeInTheDocument();
    expect(screen.queryByText('Your last changes were approved')).not.toBeInTheDocument();
  });

  it('without a known name it still says the profile was rolled back', () => {
    renderWith({ rolledBack: { at: '2026-11-25T09:30:00.000Z', by: null } satisfies Record['rolledBack'] });
    expect(screen.getByText(/^Your profile was rolled back on/)).toBeInTheDocument();
  });

  it('shows nothing about it while a new request is pending', () => {
    renderWith({ rolledBack: { at: '2026-11-25T09:30:00.000Z', by: 'Sam Supervisor' }, pendingApproval: true, pendingApprovalId: 12 });
    expect(screen.queryByText('Your last changes were rolled back')).not.toBeInTheDocument();
  });
});
