import type { Report } from '@profilehub/shared';
import type { ComponentType } from 'react';
import type { Params } from 'react-router';

/**
 * The dashboard's pages, each its own chunk. This table is a chunk of its own too:
 * the list of files each page preloads grows with every feature, and kept in the
 * entry it would be part of what the sign-in page downloads.
 */
export const pageComponents: Record<Report, () => Promise<ComponentType>> = {
  home: async () => (await import('../features/home/HomePage.tsx')).HomePage,
  statistics: async () => (await import('../features/statistics/StatisticsPage.tsx')).StatisticsPage,
  users: async () => (await import('../features/users/UsersPage.tsx')).UsersPage,
  templates: async () => (await import('../features/templates/TemplatesPage.tsx')).TemplatesPage,
  approvals: async () => (await import('../features/approvals/ApprovalsPage.tsx')).ApprovalsPage,
  'self-service': async () => (await import('../features/self-service/SelfServicePage.tsx')).SelfServicePage,
  'manage-templates': async () => (await import('../features/self-service/templates/ManageTemplatesPage.tsx')).ManageTemplatesPage,
  divisions: async () => (await import('../features/divisions/DivisionsPage.tsx')).DivisionsPage,
  audit: async () => (await import('../features/audit/AuditPage.tsx')).AuditPage,
  contacts: async () => (await import('../features/contacts/ContactsPage.tsx')).ContactsPage,
  integrations: async () => (await import('../features/divisions/IntegrationsPage.tsx')).IntegrationsPage,
};

/** The dashboard's shell and the two preview pages: found through this table for the same reason. */
export const otherComponents = {
  dashboard: async () => (await import('./shell/DashboardLayout.tsx')).DashboardLayout,
  previewLink: async () => (await import('../features/preview/PreviewLinkPage.tsx')).PreviewLinkPage,
  appPreview: async () => (await import('../features/preview/AppPreviewPage.tsx')).AppPreviewPage,
} satisfies Record<string, () => Promise<ComponentType>>;

/** The account screens other than sign-in (which the entry loads directly, being the first page most people see). */
export const accountComponents = {
  register: async () => (await import('../features/auth/pages/RegisterPage.tsx')).RegisterPage,
  resetPassword: async () => (await import('../features/auth/pages/PasswordPage.tsx')).PasswordPage,
  googleCallback: async () => (await import('../features/auth/pages/GoogleCallbackPage.tsx')).GoogleCallbackPage,
  ssoCallback: async () => (await import('../features/auth/pages/SsoCallbackPage.tsx')).SsoCallbackPage,
  setup: async () => (await import('../features/auth/pages/SetupPage.tsx')).SetupPage,
} satisfies Record<string, () => Promise<ComponentType>>;

/**
 * /manage-permissions/{profile} (spec §2 users list row; the spec does not show its mapping):
 * the profile's template in permissions mode. The template page opens a child's template itself.
 */
export function managePermissionsPath(url: URL, params: Params): string {
  const search = new URLSearchParams(url.search);
  search.set('mode', 'permissions');
  return params.alias ? `/manage-templates/${encodeURIComponent(params.alias)}?${search}` : '/templates';
}
