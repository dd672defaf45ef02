import type { EditorContent, FeatureFlags, ProfileEditorView } from '@profilehub/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { queryClient } from '../lib/queries.ts';
import { testFlags } from './dashboard.ts';
import { mockFetch } from './fetch-mock.ts';

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
    },
    master: o.master ?? null,
    access: { canManage: false, canEditStyling: false, canManagePermissions: false, needsApproval: false, ...o.access },
  } satisfies ProfileEditorView;
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
