import { MantineProvider } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useBranding } from '../lib/white-label.ts';
import { DeferredNotifications } from './deferred-notifications.tsx';
import { brandCssVariables, buildTheme } from './theme.ts';
import { WhiteLabelStyle } from './white-label-style.tsx';

function BrandedMantine({ children, env }: { children: ReactNode; env?: 'test' }) {
  const branding = useBranding();
  const whiteLabel = branding.whiteLabel;
  const theme = useMemo(() => buildTheme(whiteLabel), [whiteLabel]);
  const cssVariables = useMemo(() => brandCssVariables(whiteLabel), [whiteLabel]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables} defaultColorScheme="light" env={env}>
      <DeferredNotifications />
      <WhiteLabelStyle branding={branding} />
      {children}
    </MantineProvider>
  );
}

/**
 * What every screen sits in: the branded Mantine theme, toasts and the
 * white-label's custom CSS. TanStack Query's provider is the dashboard's own
 * (app/shell/DashboardLayout.tsx), so the account screens do not load it.
 */
export function AppProviders({ children, env }: { children: ReactNode; env?: 'test' }) {
  return <BrandedMantine env={env}>{children}</BrandedMantine>;
}
