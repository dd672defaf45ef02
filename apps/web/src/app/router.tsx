import type { Report } from '@profilehub/shared';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { onUnauthorized } from '../lib/api.ts';
import { dashboardLoader, redirectSignedInLoader, rootLoader, signInPathFor } from './guards.ts';
import { FullPageLoader, RootLayout, RouteError } from './root-layout.tsx';

/** `/{product}-app-preview`: the preview page shown inside the editor's frame (spec §2). */
const APP_PREVIEW = /^\/[^/]+-app-preview\/?$/;

// Each page is its own chunk; only the shell and the pages a person opens are downloaded.
const pages: Record<Report, RouteObject['lazy']> = {
  home: async () => ({ Component: (await import('../features/home/HomePage.tsx')).HomePage }),
  statistics: async () => ({ Component: (await import('../features/statistics/StatisticsPage.tsx')).StatisticsPage }),
  users: async () => ({ Component: (await import('../features/users/UsersPage.tsx')).UsersPage }),
  templates: async () => ({ Component: (await import('../features/templates/TemplatesPage.tsx')).TemplatesPage }),
  approvals: async () => ({ Component: (await import('../features/approvals/ApprovalsPage.tsx')).ApprovalsPage }),
  'self-service': async () => ({ Component: (await import('../features/self-service/SelfServicePage.tsx')).SelfServicePage }),
  'manage-templates': async () => ({ Component: (await import('../features/manage-templates/ManageTemplatesPage.tsx')).ManageTemplatesPage }),
};

export const routes: RouteObject[] = [
  {
    id: 'root',
    loader: rootLoader,
    Component: RootLayout,
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RouteError,
    // Branding is loaded once; moving between pages must not wait for it again.
    shouldRevalidate: () => false,
    children: [
      { index: true, loader: () => redirect('/home') },
      {
        path: 'sign-in',
        loader: redirectSignedInLoader,
        lazy: async () => ({ Component: (await import('../features/auth/pages/SignInPage.tsx')).SignInPage }),
      },
      {
        path: 'register',
        loader: redirectSignedInLoader,
        lazy: async () => ({ Component: (await import('../features/auth/pages/RegisterPage.tsx')).RegisterPage }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({ Component: (await import('../features/auth/pages/PasswordPage.tsx')).PasswordPage }),
      },
      {
        path: 'authenticate/google',
        lazy: async () => ({ Component: (await import('../features/auth/pages/GoogleCallbackPage.tsx')).GoogleCallbackPage }),
      },
      {
        id: 'dashboard',
        loader: dashboardLoader,
        // The guard runs on every page change (spec §2: the token is checked at route change),
        // but not when only the hash changes (the settings modal).
        shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
        lazy: async () => ({ Component: (await import('./shell/DashboardLayout.tsx')).DashboardLayout }),
        // The keys of `pages` are exactly the shared REPORTS (the Record type checks it).
        children: (Object.keys(pages) as Report[]).map((report) => ({ path: `${report}/:alias?`, lazy: pages[report] })),
      },
      {
        // Spec §2 Preview link: /preview-link.html?stylingId=&profileId= (the saved profile in a theme).
        path: 'preview-link.html',
        lazy: async () => ({ Component: (await import('../features/preview/PreviewLinkPage.tsx')).PreviewLinkPage }),
      },
      {
        path: '*',
        loader: ({ request }) => {
          const url = new URL(request.url);
          return APP_PREVIEW.test(url.pathname) ? null : redirect('/home');
        },
        lazy: async () => ({ Component: (await import('../features/preview/AppPreviewPage.tsx')).AppPreviewPage }),
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // A 401 on an authenticated call outside a navigation: back to Login, keeping the page.
  // (During a navigation the guard loaders redirect on their own.)
  onUnauthorized(() => {
    if (!router.state.initialized || router.state.navigation.state !== 'idle') return;
    const current = new URL(window.location.href);
    if (current.pathname.startsWith('/sign-in')) return;
    void router.navigate(signInPathFor(current), { replace: true });
  });
  return router;
}
