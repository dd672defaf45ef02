import type { EditorContent, FeatureFlags, ProfileChanges, ProfileEditorView, ProfileLink } from '@profilehub/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { EditorProvider } from '../features/self-service/hooks/editor-context.tsx';
import { EditorStore } from '../features/self-service/hooks/editor-store.ts';
import { queryClient } from '../lib/queries.ts';
import { testFlags } from './dashboard.ts';
import { mockFetch } from './fetch-mock.ts';
import { saveReply } from './fixtures.ts';

/** jsdom has no FontFaceSet; Mantine's autosizing textarea listens to it. Call at the top of a test file. */
export function stubDocumentFonts() {
  beforeAll(() => {
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() } });
  });
}

type ViewParts = {
  profile?: Partial<ProfileEditorView['profile']>;
  content: EditorContent;
  permissions?: Partial<ProfileEditorView['permissions']> & Record<string, unknown>;
  flags?: Partial<FeatureFlags>;
  master?: ProfileEditorView['master'];
  access?: Partial<ProfileEditorView['access']>;
  /** The division's consent before publishing (the divisions console); off by default. */
  consent?: ProfileEditorView['company']['consent'];
  /** The rest of the division, as overridden (its limits, say). */
  company?: Partial<ProfileEditorView['company']>;
};

/** GET /profiles/{id}?populate=self-service of profile 7 in Acme (id 3): `content` as given, the rest as overridden. */
export function testEditorView(o: ViewParts): ProfileEditorView {
  return {
    profile: {
      id: 7,
      alias: 'jane-doe',
      userId: 1,
      companyId: 3,
      isMaster: false,
      masterProfileId: null,
      publishedAt: null,
      templateName: null,
      version: 4,
      updatedAt: '2026-01-01T00:00:00.000Z',
      site: null,
      stylingId: 1,
      pendingApproval: false,
      pendingApprovalId: null,
      lastDecision: null,
      rolledBack: null,
      ...o.profile,
    },
    content: o.content,
    permissions: { childPermissions: [], masterPermissions: [], childPermissionId: null, masterPermissionId: null, ...o.permissions },
    company: {
      id: 3,
      name: 'Acme',
      title: 'Acme',
      subdomain: 'acme',
      customDomain: null,
      customDomainUrl: null,
      wallets: { apple: false, google: false },
      feature_flags: testFlags(o.flags),
      limits: { imageGallery: 5 },
      consent: o.consent ?? { enable: false, text: '' },
      profileDomain: 'acme.localhost',
      editRequestsTo: ['supervisor@acme.example'],
      whiteLabel: null,
      ...o.company,
    },
    master: o.master ?? null,
    access: { canManage: false, canEditStyling: false, canManagePermissions: false, needsApproval: false, ...o.access },
  } satisfies ProfileEditorView;
}

/**
 * The view parts of profile 7 as a child of template 2 ("Standard") whose child permissions are
 * `childPermissions`: what the template hides, locks or makes optional for it.
 */
export function childOfTemplate(childPermissions: ProfileEditorView['permissions']['childPermissions']): Omit<ViewParts, 'content'> {
  return {
    profile: { masterProfileId: 2 },
    master: { id: 2, templateName: 'Standard', stylingId: 1, publishedAt: null, textValues: {}, inheritedKeys: [], content: {} },
    permissions: { childPermissions },
  };
}

/** Renders an editor screen inside the app's providers and the query client; themes answer none unless `routes` say. */
export function renderEditorScreen(ui: ReactNode, routes: Parameters<typeof mockFetch>[0] = {}) {
  const calls = mockFetch({ 'GET /api/profile-stylings/default-themes': { body: { data: [] } }, ...routes });
  render(
    <AppProviders env="test">
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </AppProviders>,
  );
  return calls;
}

/**
 * Renders one part of the editor over profile 7 (standalone, so it owns its consent) with `content`;
 * its saves are recorded in `saves` instead of sent. `store.flush()` saves what is waiting at once.
 */
export function renderEditorPart(ui: ReactNode, content: EditorContent, view: Omit<ViewParts, 'content'> = {}) {
  const editorView = testEditorView({ ...view, content });
  const saves: ProfileChanges[] = [];
  const store = new EditorStore({
    profileId: 7,
    version: 4,
    content: editorView.content,
    ownsConsent: true,
    save: async (_id, version, changes) => {
      saves.push(changes);
      return saveReply(version + 1).body;
    },
  });
  render(
    <AppProviders env="test">
      <QueryClientProvider client={queryClient}>
        <EditorProvider store={store} view={editorView}>
          {ui}
        </EditorProvider>
      </QueryClientProvider>
    </AppProviders>,
  );
  return { store, saves };
}

/** A button the person added themselves, at acme.example/<key>. */
export const selfLink = (key: string, title: string): ProfileLink => ({
  key,
  title,
  url: `https://acme.example/${key}`,
  contactType: 'url',
  enabled: true,
  source: 'self',
});
