import { Anchor, Button, Group, Loader, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Me } from '@profilehub/shared';
import { type ComponentType, type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { IconCard, IconChevronRight, IconKey, IconLogout, IconVideo } from '../../components/dashboard-icons.tsx';
import { IconArrowLeft, IconExternal } from '../../components/icons.tsx';
import { endSession, logout } from '../../lib/auth.ts';
import { CHANGE_PASSWORD_FLAG, clearToken, writeLocalFlag } from '../../lib/session.ts';
import { useBranding } from '../../lib/white-label.ts';
import { useTrainingVideo } from './api/get-training-video.ts';
import classes from './SettingsModal.module.css';
import { SETTINGS_TITLES, type SettingsPage, settingsPageFromHash } from './settings-hash.ts';

/**
 * The settings modal (spec §2) opens for `#settings` and its placeholder pages
 * (`#billing`, `#faq`, …), so every panel has a link of its own.
 */
export function SettingsModal({ me }: { me: Me }) {
  const location = useLocation();
  const navigate = useNavigate();
  const page = settingsPageFromHash(location.hash);
  const close = () => navigate({ pathname: location.pathname, search: location.search }, { replace: true });

  return (
    <Modal
      opened={page !== null}
      onClose={close}
      title={page ? SETTINGS_TITLES[page] : 'Settings'}
      size="md"
      padding="lg"
      classNames={{ title: classes.modalTitle }}
    >
      {page === 'settings' ? <SettingsMenu me={me} /> : page ? <PlaceholderPanel page={page} /> : null}
    </Modal>
  );
}

function SettingsMenu({ me }: { me: Me }) {
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const company = me.companies[0];
  const isUser = me.role === 'user';
  const video = useTrainingVideo(company?.id, isUser);
  const videoUrl = isUser && video.data?.success && video.data.url ? video.data.url : null;

  const signOut = async () => {
    setSigningOut(true);
    await logout();
    clearToken();
    await navigate('/sign-in', { replace: true });
    // Only now: the dashboard that read the cached user is gone.
    endSession();
  };

  return (
    <Stack gap="xs">
      <nav aria-label="Settings">
        <Stack gap={4}>
          {company?.paymentStructure === 'individual' ? <MenuItem icon={IconCard} label="Manage Billing" to="#billing" /> : null}
          <MenuItem
            icon={IconKey}
            label="Change Password"
            onClick={() => {
              writeLocalFlag(CHANGE_PASSWORD_FLAG, true);
              navigate('/reset-password');
            }}
          />
          {videoUrl ? <MenuItem icon={IconVideo} label="Training Video" href={videoUrl} /> : null}
          <MenuItem icon={IconLogout} label="Log Out" danger onClick={signOut} busy={signingOut} />
        </Stack>
      </nav>
      <Group gap="md" justify="center" mt="md" className={classes.footerLinks}>
        {(['faq', 'legal', 'support', 'manage-notifications', 'delete-account'] as const).map((p) => (
          <Anchor key={p} component={Link} to={`#${p}`} replace size="xs" c="dimmed">
            {SETTINGS_TITLES[p]}
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}

type MenuItemProps = {
  icon: ComponentType<{ size?: number }>;
  label: string;
  to?: string;
  href?: string;
  onClick?: () => void;
  danger?: boolean;
  busy?: boolean;
};

function MenuItem({ icon: Icon, label, to, href, onClick, danger, busy }: MenuItemProps) {
  const content: ReactNode = (
    <>
      <span className={classes.itemIcon}>
        <Icon size={20} />
      </span>
      <Text component="span" fw={600} className={classes.itemLabel}>
        {label}
      </Text>
      {busy ? <Loader size="xs" /> : href ? <IconExternal size={16} /> : <IconChevronRight size={16} />}
    </>
  );
  const common = { className: classes.item, 'data-danger': danger || undefined };
  if (to) {
    return (
      <UnstyledButton component={Link} to={to} replace {...common}>
        {content}
      </UnstyledButton>
    );
  }
  if (href) {
    return (
      <UnstyledButton component="a" href={href} target="_blank" rel="noopener noreferrer" {...common}>
        {content}
      </UnstyledButton>
    );
  }
  return (
    <UnstyledButton onClick={onClick} disabled={busy} {...common}>
      {content}
    </UnstyledButton>
  );
}

function PlaceholderPanel({ page }: { page: SettingsPage }) {
  const branding = useBranding();
  return (
    <Stack gap="lg">
      <Text c="dimmed">
        {page === 'support' ? 'Our support team is here to help with your profile and your account.' : 'This page arrives in a later release.'}
      </Text>
      {page === 'support' ? (
        <Button component="a" href={branding.supportHref} target="_blank" rel="noopener noreferrer" rightSection={<IconExternal size={16} />}>
          Get support
        </Button>
      ) : null}
      <Group>
        <Button component={Link} to="#settings" replace variant="subtle" color="gray" leftSection={<IconArrowLeft size={16} />} px={6}>
          Back to settings
        </Button>
      </Group>
    </Stack>
  );
}
