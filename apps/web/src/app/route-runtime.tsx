import { Component, type ComponentType, type ReactNode, useEffect, useRef, useState } from 'react';
import { type Location, matchRoutes, Outlet, type Params, type RouteObject, useLocation, useNavigate, useNavigationType, useRoutes } from 'react-router';
import { onUnauthorized } from '../lib/api.ts';
import { mayLeave } from '../lib/leave-guard.ts';
import { leaveScreen } from '../lib/notify.ts';
import { signInPathFor } from './guards.ts';
import classes from './root-layout.module.css';
import { FullPageLoader, RouteError } from './root-layout.tsx';

/** What a route's guard answers: a path to go to instead, or null to enter. */
type Guard = (url: URL, params: Params) => Promise<string | null> | string | null;

export type AppRoute = {
  path?: string;
  /** Runs before the route shows: when it is entered, and when the path changes (not for the query or hash alone). */
  guard?: Guard;
  /** The route's component, its own chunk, loaded before the route shows. */
  page?: () => Promise<ComponentType>;
} & ({ index: true; children?: undefined } | { index?: false; children?: AppRoute[] });

type Resolved = { redirect: string } | { tree: RouteObject[] };
type Shown = { location: Location; tree: RouteObject[] } | { location: Location; error: unknown };

// Pages loaded once stay loaded: coming back to one shows it at once.
const loaded = new Map<AppRoute, ComponentType>();

function elementOf(route: AppRoute): ReactNode {
  const Page = loaded.get(route);
  return Page ? <Page /> : route.children ? <Outlet /> : null;
}

function toRouteObjects(routes: AppRoute[]): RouteObject[] {
  return routes.map((route) =>
    route.index
      ? { index: true, element: elementOf(route) }
      : { path: route.path, element: elementOf(route), children: route.children && toRouteObjects(route.children) },
  );
}

/**
 * What `location` shows: the guards of the routes it matches (those entered, or all when the
 * path changed) and their pages' chunks, side by side; the first redirect wins.
 */
async function resolve(routes: AppRoute[], location: Location, previous: Location | null): Promise<Resolved> {
  const matches = matchRoutes(routes, location) ?? [];
  const before = new Set(previous ? (matchRoutes(routes, previous) ?? []).map((m) => m.route) : []);
  const pathChanged = previous?.pathname !== location.pathname;
  const url = new URL(location.pathname + location.search + location.hash, window.location.origin);
  const redirects = await Promise.all(
    matches.map(async ({ route, params }) => {
      const [redirect, page] = await Promise.all([
        route.guard && (pathChanged || !before.has(route)) ? route.guard(url, params) : null,
        route.page && !loaded.has(route) ? route.page() : undefined,
      ]);
      if (page) loaded.set(route, page);
      return redirect;
    }),
  );
  const redirect = redirects.find((target): target is string => typeof target === 'string');
  return redirect ? { redirect } : { tree: toRouteObjects(routes) };
}

/**
 * The app's routes under a declarative router (React Router's data router is 17 KB gzip more
 * on the sign-in page). A navigation keeps the current page on screen, with a thin progress
 * bar, until the next page's guards have answered and its chunk has loaded; `prepare` runs
 * once, beside the first navigation's guards (branding, a session borrowed from another tab).
 */
export function AppRoutes({ routes, prepare }: { routes: AppRoute[]; prepare: () => Promise<unknown> }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [prepared] = useState(prepare);
  const [shown, setShown] = useState<Shown | null>(null);
  const pending = shown?.location !== location;
  // Read by the effects below without making them run again.
  const latest = useRef({ location, pending, shown });
  latest.current = { location, pending, shown };

  const navigationType = useNavigationType();
  const typeRef = useRef(navigationType);
  typeRef.current = navigationType;
  // The page the person already agreed to leave (a redirect after that does not ask again).
  const released = useRef<string | null>(null);

  // Each new location is resolved once, coming from what is on screen. Leaving the shown
  // page for another path first asks the page (lib/leave-guard.ts): unsaved work there
  // keeps the person on it, and the address goes back to the page.
  useEffect(() => {
    let current = true;
    const from = latest.current.shown;
    const leaving = from !== null && !('error' in from) && from.location.pathname !== location.pathname && released.current !== from.location.key;
    (leaving ? Promise.resolve(mayLeave()) : Promise.resolve(true))
      .then((left) => {
        if (!current) return null;
        if (left && leaving && from) released.current = from.location.key;
        if (!left && from) {
          if (typeRef.current === 'PUSH') navigate(-1);
          else navigate(from.location, { replace: true });
          return null;
        }
        return Promise.all([prepared, resolve(routes, location, from?.location ?? null)]).then(([, resolved]) => resolved);
      })
      .then(
        (resolved) => {
          if (!current || !resolved) return;
          if ('redirect' in resolved) navigate(resolved.redirect, { replace: true });
          else {
            // A page on show starts afresh: leaving it asks again, even when it is the page
            // agreed to be left a moment ago (back pressed before the next page showed).
            released.current = null;
            setShown({ location, tree: resolved.tree });
          }
        },
        (error: unknown) => current && setShown({ location, error }),
      );
    return () => {
      current = false;
    };
  }, [location, routes, prepared, navigate]);

  // Another screen on show: the toasts of the one left close (lib/notify.ts). The query and
  // hash alone (filters, the settings modal) keep the screen.
  const shownPath = shown?.location.pathname;
  const lastShownPath = useRef(shownPath);
  useEffect(() => {
    if (shownPath !== undefined && lastShownPath.current !== undefined && shownPath !== lastShownPath.current) leaveScreen();
    lastShownPath.current = shownPath;
  }, [shownPath]);

  // A 401 on an authenticated call outside a navigation: back to Login, keeping the page.
  // (During a navigation the guards redirect on their own.)
  useEffect(() => {
    onUnauthorized(() => {
      const { location: at, pending: navigating } = latest.current;
      if (navigating || at.pathname.startsWith('/sign-in')) return;
      navigate(signInPathFor(new URL(at.pathname + at.search, window.location.origin)), { replace: true });
    });
    return () => onUnauthorized(null);
  }, [navigate]);

  if (!shown) return <FullPageLoader />;
  return (
    <>
      {pending ? <div className={classes.progress} role="progressbar" aria-label="Loading page" /> : null}
      {'error' in shown ? (
        <RouteError error={shown.error} />
      ) : (
        <ErrorBoundary resetKey={shown.location.key}>
          <ShownRoutes tree={shown.tree} location={shown.location} />
        </ErrorBoundary>
      )}
    </>
  );
}

function ShownRoutes({ tree, location }: { tree: RouteObject[]; location: Location }) {
  return useRoutes(tree, location);
}

type BoundaryState = { caught: { error: unknown } | null; resetKey: string };

/** A page that throws while rendering shows the error screen; the next navigation tries again. */
class ErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { caught: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { caught: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.caught ? <RouteError error={this.state.caught.error} /> : this.props.children;
  }
}
