import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../../components/BrandLogo.tsx';
import { IconArrowLeft } from '../../../components/icons.tsx';
import { useBranding } from '../../../lib/white-label.ts';
import classes from './AuthLayout.module.css';

type Props = {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card; defaults to the need-help link. */
  footer?: ReactNode;
  /** Shown above the title, e.g. a back link. */
  top?: ReactNode;
};

/** The centred, branded card every account screen sits in. */
export function AuthLayout({ title, subtitle, children, footer, top }: Props) {
  const branding = useBranding();
  return (
    <div className={classes.page}>
      <main className={classes.main}>
        <div className={classes.logo}>
          <BrandLogo whiteLabel={branding.whiteLabel} name={branding.name} height={40} />
        </div>
        <Paper className={`${classes.card} ph-auth-card`} radius="lg" withBorder>
          <Stack gap="lg">
            {top}
            {branding.closed ? (
              <Alert color="gray" role="status">
                {branding.closed}
              </Alert>
            ) : null}
            <Stack gap={6}>
              <Title order={1} className={classes.title}>
                {title}
              </Title>
              {subtitle ? (
                <Text c="dimmed" size="sm">
                  {subtitle}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Stack>
        </Paper>
        <div className={classes.footer}>{footer ?? <NeedHelpLink href={branding.supportHref} />}</div>
      </main>
    </div>
  );
}

function NeedHelpLink({ href }: { href: string }) {
  const mail = href.startsWith('mailto:');
  return (
    <Text size="sm" c="dimmed" ta="center">
      Need help?{' '}
      <Anchor href={href} target={mail ? undefined : '_blank'} rel={mail ? undefined : 'noopener noreferrer'} fw={600}>
        Contact support
      </Anchor>
    </Text>
  );
}

/** The small 'Back' control above a card's title. */
export function BackButton({ onClick, label = 'Back' }: { onClick: () => void; label?: string }) {
  return (
    <Group>
      <Button variant="subtle" color="gray" size="compact-sm" leftSection={<IconArrowLeft size={16} />} onClick={onClick} px={4}>
        {label}
      </Button>
    </Group>
  );
}
