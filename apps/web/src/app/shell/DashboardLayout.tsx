import './mantine-styles.ts';
import { ActionIcon, AppShell, Burger, Group, Text, Tooltip } from '@mantine/core';
import { combineFlags, sideLinks } from '@profilehub/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../../components/BrandLogo.tsx';
import { IconSettings } from '../../components/dashboard-icons.tsx';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { SettingsModal } from '../../features/settings/SettingsModal.tsx';
import { useCachedUser } from '../../lib/auth.ts';
import { queryClient, useCurrentUser } from '../../lib/queries.ts';
import { useBranding } from '../../lib/white-label.ts';
import { FullPageLoader } from '../root-layout.tsx';
import { MobileNav } from './MobileNav.tsx';
import { reportOfPath } from './nav.ts';
import { ScrollToTop } from './ScrollToTop.tsx';
import { SideNav } from './SideNav.tsx';
import classes from './shell.module.css';

/** The dashboard's data layer: TanStack Query arrives with the dashboard, not with the sign-in page. */
export function DashboardLayout() {
  // The guard has loaded the user before this renders. Signing out forgets them a moment
  // before the sign-in page replaces the dashboard: a loader stands in meanwhile, so no
  // query of the dashboard asks the server again about a person who is gone.
  const signedIn = useCachedUser() !== undefined;
  if (!signedIn) return <FullPageLoader />;
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}

/** The main shell (spec §2): top bar, side navigation, the page, settings and scroll-to-top. */
function Shell() {
  const me = useCurrentUser();
  const branding = useBranding();
  const location = useLocation();
  const [mobileNavOpened, setMobileNavOpened] = useState(false);
  const report = reportOfPath(location.pathname);
  const links = sideLinks(me.role, combineFlags(me.companies));
  const greetingName = me.title?.trim() || me.username;

  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: true } }} padding={0} className={classes.shell}>
      <AppShell.Header className={`${classes.header} ph-navbar`}>
        <Group h="100%" px={{ base: 'md', sm: 'lg' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" className={classes.headerStart}>
            {me.role !== 'user' ? (
              <Burger
                opened={mobileNavOpened}
                onClick={() => setMobileNavOpened((o) => !o)}
                hiddenFrom="sm"
                size="sm"
                aria-label={mobileNavOpened ? 'Close navigation' : 'Open navigation'}
              />
            ) : null}
            <Link to="/home" className={classes.logoLink} aria-label={`${branding.name} home`}>
              <BrandLogo whiteLabel={branding.whiteLabel} name={branding.name} height={32} />
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap" className={classes.headerEnd}>
            <Text fw={600} className={classes.greeting} truncate="end">
              Hello {greetingName}
            </Text>
            <Tooltip label="Settings">
              <ActionIcon component={Link} to="#settings" variant="subtle" color="gray" size="lg" radius="xl" aria-label="Settings">
                <IconSettings size={22} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </AppShell.Header>

      {/* On phones the links live in the MobileNav accordion; the side bar is not just moved
          off screen but removed, so keyboard focus never lands on links nobody can see. */}
      <AppShell.Navbar p="md" className={`${classes.navbar} ph-sidenav`} visibleFrom="sm">
        <SideNav links={links} report={report} pendingApprovals={me.pendingApprovals} />
      </AppShell.Navbar>

      <AppShell.Main className={`${classes.main} ph-main`}>
        <div className={classes.content}>
          <MobileNav links={links} report={report} pendingApprovals={me.pendingApprovals} opened={mobileNavOpened} onOpenedChange={setMobileNavOpened} />
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </div>
      </AppShell.Main>

      <SettingsModal me={me} />
      <ScrollToTop />
    </AppShell>
  );
}
