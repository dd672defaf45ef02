import { REPORTS } from '@profilehub/shared';
import { dashboardGuard, prepareApp, signedOutGuard } from './guards.ts';
import { type AppRoute, AppRoutes } from './route-runtime.tsx';

/** `/{product}-app-preview`: the preview page shown inside the editor's frame (spec §2). */
const APP_PREVIEW = /^\/[^/]+-app-preview\/?$/;

// Each page is its own chunk, found through the page table (./pages.ts), itself a chunk
// that the sign-in page never downloads.
const table = () => import('./pages.ts');

const routes: AppRoute[] = [
  { index: true, guard: () => '/home' },
  { path: 'sign-in', guard: signedOutGuard, page: async () => (await import('../features/auth/pages/SignInPage.tsx')).SignInPage },
  { path: 'register', guard: signedOutGuard, page: async () => (await table()).accountComponents.register() },
  { path: 'reset-password', page: async () => (await table()).accountComponents.resetPassword() },
  // First run of an empty install: the link the server prints (/setup#token=…).
  { path: 'setup', page: async () => (await table()).accountComponents.setup() },
  { path: 'authenticate/google', page: async () => (await table()).accountComponents.googleCallback() },
  { path: 'authenticate/sso', page: async () => (await table()).accountComponents.ssoCallback() },
  {
    // The guard runs on every page change (spec §2: the token is checked at route change),
    // but not when only the query or hash changes (filters, the settings modal).
    guard: dashboardGuard,
    page: async () => (await table()).otherComponents.dashboard(),
    children: REPORTS.map((report) => ({ path: `${report}/:alias?`, page: async () => (await table()).pageComponents[report]() })),
  },
  // Spec §2: the users list's /manage-permissions/{profile} (see pages.ts).
  { path: 'manage-permissions/:alias?', guard: async (url, params) => (await table()).managePermissionsPath(url, params) },
  // Spec §2 Preview link: /preview-link.html?stylingId=&profileId= (the saved profile in a theme).
  { path: 'preview-link.html', page: async () => (await table()).otherComponents.previewLink() },
  {
    path: '*',
    guard: (url) => (APP_PREVIEW.test(url.pathname) ? null : '/home'),
    page: async () => (await table()).otherComponents.appPreview(),
  },
];

/** Every screen of the app; branding and a session borrowed from another tab come first. */
export function AppRouter() {
  return <AppRoutes routes={routes} prepare={prepareApp} />;
}
