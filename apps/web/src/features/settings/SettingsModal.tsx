import { Anchor, Group, Loader, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Me } from '@profilehub/shared';
import { type ComponentType, type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { IconCard, IconChevronRight, IconKey, IconLogout, IconVideo } from '../../components/dashboard-icons.tsx';
import { IconExternal, IconPasskey } from '../../components/icons.tsx';
import { endSession, logout } from '../../lib/auth.ts';
import { CHANGE_PASSWORD_FLAG, clearToken, writeLocalFlag } from '../../lib/session.ts';
import { useTrainingVideo } from './api/get-training-video.ts';
import { PasskeysPanel } from './pages/PasskeysPanel.tsx';
import { BackToSettings, BillingPanel, DeleteAccountPanel, FaqPanel, LegalPanel, NotificationsPanel, SupportPanel } from './pages/SettingsPages.tsx';
import classes from './SettingsModal.module.css';
import { SETTINGS_TITLES, type SettingsPage, settingsPageFromHash } from './settings-hash.ts';

/**
 * The settings modal (spec §2) opens for `#settings` and its pages
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
      {page ? <SettingsPanel page={page} me={me} /> : null}
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
          <MenuItem icon={IconPasskey} label="Passkeys" to="#passkeys" />
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

function SettingsPanel({ page, me }: { page: SettingsPage; me: Me }) {
  switch (page) {
    case 'settings':
      return <SettingsMenu me={me} />;
    case 'billing':
      // Billing is the person's own only where each person pays (spec §2); otherwise the organisation pays.
      return me.companies[0]?.paymentStructure === 'individual' ? (
        <BillingPanel me={me} />
      ) : (
        <Stack gap="lg">
          <Text c="dimmed">Your organisation pays for your profile, so there are no payments of yours to show.</Text>
          <BackToSettings />
        </Stack>
      );
    case 'passkeys':
      return <PasskeysPanel />;
    case 'faq':
      return <FaqPanel />;
    case 'legal':
      return <LegalPanel />;
    case 'support':
      return <SupportPanel />;
    case 'manage-notifications':
      return <NotificationsPanel me={me} />;
    case 'delete-account':
      return <DeleteAccountPanel me={me} />;
  }
}
