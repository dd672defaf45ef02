import { Button, Modal, Stack, Text } from '@mantine/core';
import { PRODUCT_NAME } from '@profilehub/shared';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { IconArrowLeft, IconExternal, IconPlay } from '../../../components/icons.tsx';
import { REQUEST_QUOTE_LINK, WELCOME_VIDEO_LINK } from '../../../lib/product-links.ts';
import { writeLocalFlag } from '../../../lib/session.ts';
import { checkRegistrationByAlias } from '../api/check-registration.ts';
import { aliasFromProfileUrl, profileUrlFromFtv, WELCOME_SEEN_KEY } from '../welcome.ts';

type Props = { ftv: string };

/**
 * First-visit welcome (spec §2): someone arriving from a profile page (the
 * `_ftv` query holds its URL) learns what the hub is, once per browser.
 */
export function WelcomeModal({ ftv }: Props) {
  const navigate = useNavigate();
  // Rendered only when shouldShowWelcome() holds (see ./Welcome.tsx).
  const [opened, setOpened] = useState(true);
  const profileUrl = useMemo(() => profileUrlFromFtv(ftv, window.location.origin), [ftv]);

  useEffect(() => {
    if (!opened) return;
    writeLocalFlag(WELCOME_SEEN_KEY, true);
    const alias = profileUrl ? aliasFromProfileUrl(profileUrl) : null;
    if (!alias) return;
    let cancelled = false;
    checkRegistrationByAlias(alias)
      .then((registered) => {
        if (!cancelled && registered === false) navigate('/register', { replace: true });
      })
      .catch(() => {
        // Unknown alias or offline: the welcome stays; signing in still works.
      });
    return () => {
      cancelled = true;
    };
  }, [opened, profileUrl, navigate]);

  return (
    // The compound form, so the dialog is named by its title and has a close button screen readers can name.
    <Modal.Root opened={opened} onClose={() => setOpened(false)} size="md" padding="xl" centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header pb={0}>
          <Modal.Title component="h2" fz={24} fw={700} ta="center" flex={1}>
            Welcome to {PRODUCT_NAME}
          </Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <Stack gap="lg" align="stretch">
            <Stack gap={6} ta="center">
              <Text c="dimmed">
                You just viewed a digital business profile. Sign in to manage your own profile, or get digital profiles for your whole team.
              </Text>
            </Stack>
            <Button size="md" fullWidth onClick={() => setOpened(false)}>
              Sign In
            </Button>
            <Button
              component="a"
              href={REQUEST_QUOTE_LINK}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              fullWidth
              rightSection={<IconExternal size={16} />}
            >
              Request a quote
            </Button>
            <Button
              component="a"
              href={WELCOME_VIDEO_LINK}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              fullWidth
              leftSection={<IconPlay size={18} />}
            >
              Watch the video
            </Button>
            {profileUrl ? (
              <Button component="a" href={profileUrl.href} variant="subtle" fullWidth leftSection={<IconArrowLeft size={16} />}>
                Back to profile
              </Button>
            ) : null}
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
