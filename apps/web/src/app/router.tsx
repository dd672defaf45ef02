import { REPORTS, type Report } from '@profilehub/shared';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { onUnauthorized } from '../lib/api.ts';
import { dashboardLoader, redirectSignedInLoader, rootLoader, signInPathFor } from './guards.ts';
import { FullPageLoader, RootLayout, RouteError } from './root-layout.tsx';

/** `/{product}-app-preview`: the preview page shown inside the editor's frame (spec §2). */
const APP_PREVIEW = /^\/[^/]+-app-preview\/?$/;

// Each page is its own chunk, found through the page table (./pages.ts), itself a chunk
// that the sign-in page never downloads.
const pages = Object.fromEntries(
  REPORTS.map((report) => [report, async () => ({ Component: await (await import('./pages.ts')).pageComponents[report]() })]),
) as Record<Report, RouteObject['lazy']>;

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
        lazy: async () => ({ Component: await (await import('./pages.ts')).accountComponents.register() }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({ Component: await (await import('./pages.ts')).accountComponents.resetPassword() }),
      },
      {
        path: 'authenticate/google',
        lazy: async () => ({ Component: await (await import('./pages.ts')).accountComponents.googleCallback() }),
      },
      {
        id: 'dashboard',
        loader: dashboardLoader,
        // The guard runs on every page change (spec §2: the token is checked at route change),
        // but not when only the hash changes (the settings modal).
        shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
        lazy: async () => ({ Component: await (await import('./pages.ts')).otherComponents.dashboard() }),
        // The keys of `pages` are exactly the shared REPORTS (the Record type checks it).
        children: REPORTS.map((report) => ({ path: `${report}/:alias?`, lazy: pages[report] })),
      },
      {
        // Spec §2: the users list's /manage-permissions/{profile} (see pages.ts).
        path: 'manage-permissions/:alias?',
        lazy: async () => ({ loader: (await import('./pages.ts')).managePermissionsRedirect }),
      },
      {
        // Spec §2 Preview link: /preview-link.html?stylingId=&profileId= (the saved profile in a theme).
        path: 'preview-link.html',
        lazy: async () => ({ Component: await (await import('./pages.ts')).otherComponents.previewLink() }),
      },
      {
        path: '*',
        loader: ({ request }) => {
          const url = new URL(request.url);
          return APP_PREVIEW.test(url.pathname) ? null : redirect('/home');
        },
        lazy: async () => ({ Component: await (await import('./pages.ts')).otherComponents.appPreview() }),
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
