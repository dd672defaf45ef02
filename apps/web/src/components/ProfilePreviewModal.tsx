import { Anchor, Group, Modal, Text } from '@mantine/core';
import { usePhone } from '../lib/use-phone.ts';
import classes from './ProfilePreviewModal.module.css';

export type PreviewTarget = {
  profileId: number;
  /** The modal's title, e.g. 'Preview of Jane Doe if approved'. */
  title: string;
  /** The frame's accessible name. */
  frameTitle: string;
  /** The published page, offered beside the preview when there is one. */
  liveUrl?: string | null;
};

/**
 * A profile's saved content (merged with its template) drawn by the public page's own
 * components, through the preview-link page (GET /api/profiles/{id}?populate=self-service,
 * which the owner, a supervisor of the division and superadmins may read): the page as
 * publishing would make it. A phone-sized frame on wide screens; the whole screen on a phone.
 */
export function ProfilePreviewModal({ target, onClose }: { target: PreviewTarget | null; onClose: () => void }) {
  const phone = usePhone();
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.title ?? ''}
      fullScreen={phone}
      size="auto"
      centered
      padding={phone ? 0 : 'md'}
      classNames={{ body: phone ? classes.fullBody : undefined }}
    >
      {target ? (
        <>
          <div className={phone ? classes.full : classes.phone}>
            <iframe className={classes.frame} src={`/preview-link.html?profileId=${target.profileId}`} title={target.frameTitle} />
          </div>
          {target.liveUrl ? (
            <Group justify="center" mt="sm" pb={phone ? 'sm' : 0}>
              <Text size="sm" c="dimmed">
                Live now:{' '}
                <Anchor href={target.liveUrl} target="_blank" rel="noopener noreferrer">
                  open the published page
                </Anchor>
              </Text>
            </Group>
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}
