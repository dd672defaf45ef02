import { AspectRatio, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { youtubeEmbedUrl } from '@profilehub/shared';
import { useState } from 'react';
import { useBranding } from '../../../lib/white-label.ts';

const SEEN_KEY = 'profile-editor:welcome-seen';

function seen(): boolean {
  try {
    return localStorage.getItem(SEEN_KEY) === '1';
  } catch {
    return true;
  }
}

/** Spec §2 Welcome modal: an intro video and Continue, once per browser, for a person opening their own profile. */
export function WelcomeModal() {
  const { whiteLabel, name } = useBranding();
  const [opened, setOpened] = useState(() => !seen());
  const video = youtubeEmbedUrl(whiteLabel?.tut_video);
  const close = () => {
    setOpened(false);
    try {
      localStorage.setItem(SEEN_KEY, '1');
    } catch {
      // Without storage the welcome shows again next time; nothing else depends on it.
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={`Welcome to ${name}`} centered size="lg">
      <Stack>
        <Text>
          Fill in each section of the form; the preview of your card changes as you type (beside the form on a wide screen, under Preview on a phone), and your
          changes are saved as you go. Publish when you are happy.
        </Text>
        {video ? (
          <AspectRatio ratio={16 / 9}>
            <iframe src={video} title="Introduction video" allow="encrypted-media; picture-in-picture" allowFullScreen style={{ border: 0 }} />
          </AspectRatio>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={close} data-autofocus>
            Continue
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
