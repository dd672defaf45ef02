import type { ProfileEditorView } from '@profilehub/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockSignedIn } from '../../../test/dashboard.ts';
import { stubDocumentFonts, testEditorView } from '../../../test/editor.tsx';
import { errorBody, type MockCall } from '../../../test/fetch-mock.ts';
import { renderAt, testUser } from '../../../test/render.tsx';

stubDocumentFonts();

beforeEach(() => {
  localStorage.setItem('profile-editor:welcome-seen', '1');
  sessionStorage.setItem('manage-templates:legend-seen', '1');
});

/** Template 2 of Acme, "Acme Standard", whose permissions may be managed. */
const template: ProfileEditorView = testEditorView({
  profile: { id: 2, alias: null, isMaster: true, templateName: 'Acme Standard' },
  content: { templateLayout: 'desktop2', fullName: 'Template', jobTitle: 'Consultant' },
  permissions: { profileId: 2, profileName: 'Acme Standard' },
  flags: { templates: true, permissions: true },
  access: { canManage: true, canManagePermissions: true },
});

/** Jane's profile 7, a child of template 2. */
const child: ProfileEditorView = testEditorView({
  content: { fullName: 'Jane Doe' },
  profile: { masterProfileId: 2 },
  master: { id: 2, templateName: 'Acme Standard', stylingId: 1, publishedAt: null, textValues: {}, inheritedKeys: [], content: {} },
});

const superadmin = testUser({ role: 'superadmin', profile: null });
const editorCalls = (calls: MockCall[], id: number) => calls.filter((c) => c.method === 'GET' && c.path === `/api/profiles/${id}`);

describe('Manage template page (/manage-templates/{alias}, spec §2)', () => {
  it('opens the template named by the alias in the template editor, and switching to permissions says so in the address', async () => {
    const calls = mockSignedIn(superadmin, { 'GET /api/profiles/2': { body: template } });
    const app = renderAt('/manage-templates/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage template' })).toBeInTheDocument();
    expect(editorCalls(calls, 2)[0]?.query.get('populate')).toBe('self-service');
    expect(screen.queryByRole('button', { name: 'Apply permissions updates' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Permissions' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Templates Permissions' })).toBeInTheDocument();
    expect(app.at().search).toBe('?mode=permissions');
    expect(screen.getByRole('button', { name: 'Apply permissions updates' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Template' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage template' })).toBeInTheDocument();
    expect(app.at().search).toBe('');
  });

  it('?mode=permissions opens it in permissions mode, with a superadmin’s switch between the two sets', async () => {
    mockSignedIn(superadmin, { 'GET /api/profiles/2': { body: template } });
    renderAt('/manage-templates/2?mode=permissions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Templates Permissions' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Switch to master permissions' })).toBeInTheDocument();
  });

  it('the users list’s /manage-permissions/{child} opens the child’s template in permissions mode', async () => {
    const calls = mockSignedIn(superadmin, { 'GET /api/profiles/7': { body: child }, 'GET /api/profiles/2': { body: template } });
    const app = renderAt('/manage-permissions/7_jane-doe');
    expect(await screen.findByRole('heading', { level: 1, name: 'Templates Permissions' })).toBeInTheDocument();
    expect(app.at().pathname).toBe('/manage-templates/2');
    expect(new URLSearchParams(app.at().search).get('mode')).toBe('permissions');
    expect(editorCalls(calls, 7)).toHaveLength(1);
    expect(editorCalls(calls, 2)).toHaveLength(1);
  });

  it('a profile that uses no template says it has no template permissions', async () => {
    mockSignedIn(superadmin, { 'GET /api/profiles/7': { body: testEditorView({ content: { fullName: 'Jane Doe' } }) } });
    const app = renderAt('/manage-templates/7');
    expect(await screen.findByText('This profile does not use a template, so it has no template permissions.')).toBeInTheDocument();
    expect(app.at().pathname).toBe('/manage-templates/7');
  });

  it('an address that names no profile asks to choose a template, and loads none', async () => {
    const calls = mockSignedIn(superadmin);
    renderAt('/manage-templates/standard');
    expect(await screen.findByText('Choose a template from the templates list.')).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/profiles/'))).toBe(false);
  });

  it('a template that cannot be loaded says why', async () => {
    mockSignedIn(superadmin, { 'GET /api/profiles/2': errorBody(404, 'Profile not found', 'not_found') });
    renderAt('/manage-templates/2');
    expect(await screen.findByText('The template could not be loaded')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Profile not found')).toBeInTheDocument());
  });
});
