import { type PermissionRecordResponse, type ProfileEditorView, TEMPLATE_REBUILD_TEXTS, type TemplateRebuild } from '@profilehub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderEditorScreen, stubDocumentFonts, testEditorView } from '../../../test/editor.tsx';
import { errorBody, type mockFetch } from '../../../test/fetch-mock.ts';
import { PERMISSIONS_RESET, PERMISSIONS_UPDATED } from './permissions-mode.tsx';
import { TEMPLATE_SAVED_ALL, TemplateEditor, type TemplateMode } from './TemplateEditor.tsx';

stubDocumentFonts();

beforeEach(() => {
  localStorage.setItem('profile-editor:welcome-seen', '1');
  sessionStorage.setItem('manage-templates:legend-seen', '1');
  sessionStorage.setItem('profile-editor:open-sections', JSON.stringify(['personal', 'buttons']));
  sessionStorage.setItem('jwt', 'token');
});

function templateView(
  o: { permissionId?: number | null; canManagePermissions?: boolean; childPermissions?: ProfileEditorView['permissions']['childPermissions'] } = {},
): ProfileEditorView {
  return testEditorView({
    profile: { id: 2, alias: null, isMaster: true, templateName: 'Acme Standard' },
    content: {
      templateLayout: 'desktop2',
      fullName: 'Template',
      jobTitle: 'Consultant',
      links: [
        { key: 'website', title: 'Website', url: 'https://acme.example', contactType: 'url', enabled: true },
        { key: 'link-ph', title: 'Your own link', contactType: 'placeholder', enabled: true },
      ],
    },
    permissions: {
      childPermissions: o.childPermissions ?? [],
      childPermissionId: o.permissionId ?? null,
      profileId: 2,
      profileName: 'Acme Standard',
    },
    flags: { approvals: true, templates: true, permissions: true, corporate: true, invite_users: true },
    access: { canManage: true, canManagePermissions: o.canManagePermissions ?? true },
  });
}

function Harness({ view, isSuperadmin, initialMode }: { view: ProfileEditorView; isSuperadmin: boolean; initialMode: TemplateMode }) {
  const [mode, setMode] = useState(initialMode);
  return <TemplateEditor view={view} isSuperadmin={isSuperadmin} mode={mode} onModeChange={setMode} />;
}

function renderTemplate(view: ProfileEditorView, o: { isSuperadmin?: boolean; mode?: TemplateMode; routes?: Parameters<typeof mockFetch>[0] } = {}) {
  return renderEditorScreen(<Harness view={view} isSuperadmin={o.isSuperadmin ?? false} initialMode={o.mode ?? 'permissions'} />, o.routes);
}

const toggle = (flag: 'Optional' | 'Show' | 'Edit', label: string) => screen.getByRole('button', { name: `${flag} permission of ${label}` });
type Entries = PermissionRecordResponse['data']['permissions'];
const record = (id: number, kind: 'child' | 'master', permissions: Entries) => ({
  body: { success: true, data: { id, profileId: 2, kind, title: 'Acme Standard - Permissions', permissions } } satisfies PermissionRecordResponse,
});

describe('Template editor: permissions mode (spec §4 Permissions editing)', () => {
  it('flips optional, show and edit of one item independently, with the spec’s tooltips', async () => {
    renderTemplate(templateView());
    const job = 'Job title / subheading';
    expect(toggle('Show', job)).toHaveAttribute('aria-pressed', 'true');
    expect(toggle('Edit', job)).toHaveAttribute('aria-pressed', 'true');
    // No entry yet: the item reads as a child sees it (required).
    expect(toggle('Optional', job)).toHaveAttribute('aria-pressed', 'false');
    expect(toggle('Optional', job)).toHaveAccessibleDescription('Field / Section is required');

    await userEvent.click(toggle('Show', job));
    expect(toggle('Show', job)).toHaveAttribute('aria-pressed', 'false');
    expect(toggle('Show', job)).toHaveAccessibleDescription(`${job} is not visible to profile users`);
    expect(toggle('Edit', job)).toHaveAttribute('aria-pressed', 'true');
    expect(toggle('Optional', job)).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(toggle('Edit', job));
    expect(toggle('Edit', job)).toHaveAttribute('aria-pressed', 'false');
    expect(toggle('Edit', job)).toHaveAccessibleDescription(`${job} cannot be edited by profile users`);
    expect(toggle('Show', job)).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(toggle('Optional', job));
    expect(toggle('Optional', job)).toHaveAccessibleDescription('Field / Section is optional');
    await userEvent.click(toggle('Show', job));
    expect(toggle('Show', job)).toHaveAccessibleDescription(`${job} is visible to profile users`);
    expect(toggle('Edit', job)).toHaveAttribute('aria-pressed', 'false');
    expect(toggle('Optional', job)).toHaveAttribute('aria-pressed', 'true');
    // Another item is untouched.
    expect(toggle('Show', 'Full name')).toHaveAttribute('aria-pressed', 'true');
  });

  it('creates the record named "{profile name} - Permissions" the first time, then updates it by the returned id', async () => {
    const calls = renderTemplate(templateView(), {
      routes: {
        'POST /api/permissions': (call) => record(31, 'child', (call.body as { data: { permissions: Entries } }).data.permissions),
        'PUT /api/permissions/31': (call) => record(31, 'child', (call.body as { data: { permissions: Entries } }).data.permissions),
      },
    });
    await userEvent.click(toggle('Edit', 'Job title / subheading'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply permissions updates' }));
    expect(await screen.findByText(PERMISSIONS_UPDATED)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/permissions');
    expect(post?.body).toEqual({
      data: {
        profileId: 2,
        kind: 'child',
        title: 'Acme Standard - Permissions',
        permissions: [{ key: 'jobTitle', show: true, edit: false, optional: false, sortable: true }],
      },
    });

    await userEvent.click(toggle('Show', 'Full name'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply permissions updates' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/permissions')).toHaveLength(1);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      data: {
        permissions: [
          { key: 'jobTitle', show: true, edit: false, optional: false, sortable: true },
          { key: 'fullName', show: false, edit: true, optional: false, sortable: true },
        ],
      },
    });
  });

  it('shows "Saving..." and disables the buttons while applying; a refusal shows the server’s message', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = renderTemplate(templateView({ permissionId: 8 }), {
      routes: { 'PUT /api/permissions/8': errorBody(403, 'Permissions editing is not enabled for this division.') },
    });
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') await gate;
      return answer(input, init);
    });
    await userEvent.click(toggle('Edit', 'Full name'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply permissions updates' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset permissions' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save template' })).toBeDisabled();
    release();
    expect(await screen.findByText('Permissions editing is not enabled for this division.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/permissions/8')).toBe(true);
    expect(screen.getByRole('button', { name: 'Apply permissions updates' })).toBeEnabled();
  });

  it('reset clears the list through the record and says "Permissions Reset!"', async () => {
    const calls = renderTemplate(
      templateView({ permissionId: 8, childPermissions: [{ key: 'jobTitle', show: false, edit: true, optional: true, sortable: true }] }),
      {
        routes: { 'DELETE /api/permissions/8/entries': record(8, 'child', []) },
      },
    );
    expect(toggle('Show', 'Job title / subheading')).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Reset permissions' }));
    expect(await screen.findByText(PERMISSIONS_RESET)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/permissions/8/entries')).toBe(true);
    expect(toggle('Show', 'Job title / subheading')).toHaveAttribute('aria-pressed', 'true');
  });

  it('does not offer the master / child switch to a supervisor', async () => {
    renderTemplate(templateView());
    expect(screen.queryByRole('button', { name: /Switch to/ })).not.toBeInTheDocument();
  });

  it('lets a superadmin switch to the master permissions and back', async () => {
    const calls = renderTemplate(templateView(), {
      isSuperadmin: true,
      routes: { 'POST /api/permissions': (call) => record(40, 'master', (call.body as { data: { permissions: Entries } }).data.permissions) },
    });
    expect(screen.getByText('Child permissions')).toBeInTheDocument();
    await userEvent.click(toggle('Edit', 'Full name'));
    await userEvent.click(screen.getByRole('button', { name: 'Switch to master permissions' }));
    expect(screen.getByText('Master permissions')).toBeInTheDocument();
    // The master set is its own list.
    expect(toggle('Edit', 'Full name')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle('Show', 'Full name'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply permissions updates' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ data: { kind: 'master', permissions: [{ key: 'fullName', show: false }] } });
    await userEvent.click(screen.getByRole('button', { name: 'Switch to child permissions' }));
    expect(toggle('Edit', 'Full name')).toHaveAttribute('aria-pressed', 'false');
    expect(toggle('Show', 'Full name')).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('Template editor: toggles on every part', () => {
  it('draws the toggles next to fields, object members, whole parts and items', async () => {
    sessionStorage.setItem('profile-editor:open-sections', JSON.stringify(['personal', 'buttons', 'cta', 'contactForm', 'social', 'footer']));
    renderTemplate(templateView());
    for (const label of [
      'Full name',
      'Title font size',
      'Profile picture',
      'Buttons',
      'Website',
      'Call to action',
      'Call to action title',
      'Contact form',
      'Send to email',
      'Social media',
      'Footer disclaimer',
    ]) {
      expect(await screen.findByRole('group', { name: `Permissions of ${label}` })).toBeInTheDocument();
    }
  });
});

describe('Template editor: default mode and placeholders (spec §6)', () => {
  it('shows placeholders and toggles only in permissions mode', async () => {
    renderTemplate(templateView(), { mode: 'template' });
    expect(screen.queryByRole('button', { name: /permission of/ })).not.toBeInTheDocument();
    expect(await screen.findByText('Website')).toBeInTheDocument();
    expect(screen.queryByText('Your own link')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a button' }));
    expect(await screen.findByRole('menuitem', { name: 'Link button' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Placeholder' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('radio', { name: 'Permissions' }));
    expect(await screen.findByText('Your own link')).toBeInTheDocument();
    expect(toggle('Show', 'Your own link')).toBeInTheDocument();
    // One placeholder is there already: no second one.
    await userEvent.click(screen.getByRole('button', { name: 'Add a button' }));
    expect(await screen.findByRole('menuitem', { name: 'Link button' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Placeholder' })).not.toBeInTheDocument();
  });

  it('offers the Placeholder button in permissions mode when the template has none', async () => {
    const view = templateView();
    view.content.links = view.content.links?.filter((l) => l.contactType !== 'placeholder');
    renderTemplate(view);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a button' }));
    expect(await screen.findByRole('menuitem', { name: 'Placeholder' })).toBeInTheDocument();
  });

  it('stays in the default mode without the permissions flag', () => {
    renderTemplate(templateView({ canManagePermissions: false }), { mode: 'permissions' });
    expect(screen.queryByRole('button', { name: /permission of/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply permissions updates' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Permissions' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Manage template' })).toBeInTheDocument();
  });
});

describe('Template editor: save (spec §2)', () => {
  it('asks "Ready to update your template ?" and, on the second choice, follows the rebuild of every published child in a progress view', async () => {
    const rebuild = { id: 7, templateId: 2, total: 3, failed: 0 };
    const calls = renderTemplate(templateView(), {
      mode: 'template',
      routes: {
        'POST /api/profiles/rebuild-children/2': {
          status: 202,
          body: { ...rebuild, state: 'queued', total: 0, done: 0, rebuilt: 0 } satisfies TemplateRebuild,
        },
        'GET /api/profiles/rebuilds/7': { body: { ...rebuild, state: 'done', done: 3, rebuilt: 3 } satisfies TemplateRebuild },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ready to update your template ?' });
    expect(within(dialog).getByRole('button', { name: 'Update template' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update template and all published profiles' }));
    const progress = await screen.findByRole('dialog', { name: TEMPLATE_REBUILD_TEXTS.title });
    expect(await within(progress).findByText(TEMPLATE_SAVED_ALL, undefined, { timeout: 5_000 })).toBeInTheDocument();
    expect(within(progress).getByText('3 of 3 profiles updated')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/profiles/rebuild-children/2')).toBe(true);
    await userEvent.click(within(progress).getByText(TEMPLATE_REBUILD_TEXTS.close));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TEMPLATE_REBUILD_TEXTS.title })).not.toBeInTheDocument());
  });

  it('"Update template" saves without touching the children', async () => {
    const calls = renderTemplate(templateView(), { mode: 'template' });
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ready to update your template ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update template' }));
    expect(await screen.findByText('Your changes has been saved!')).toBeInTheDocument();
    expect(calls.some((c) => c.path.includes('rebuild-children'))).toBe(false);
  });
});
