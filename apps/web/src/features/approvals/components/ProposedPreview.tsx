import { Anchor, Group, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ApprovalRow } from '@profilehub/shared';
import classes from './ProposedPreview.module.css';

/**
 * The page as it will look if the request is approved: the profile's saved
 * content (merged with its template) drawn by the public page's own components,
 * through the preview-link page (GET /api/profiles/{id}?populate=self-service,
 * which a supervisor of the division and superadmins may read). A phone-sized
 * frame on wide screens; the whole screen on a phone.
 */
export function ProposedPreview({ row, onClose }: { row: ApprovalRow | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={row ? `Preview of ${row.fullName} if approved` : ''}
      fullScreen={phone}
      size="auto"
      centered
      padding={phone ? 0 : 'md'}
      classNames={{ body: phone ? classes.fullBody : undefined }}
    >
      {row ? (
        <>
          <div className={phone ? classes.full : classes.phone}>
            <iframe className={classes.frame} src={`/preview-link.html?profileId=${row.profileId}`} title={`Proposed page of ${row.fullName}`} />
          </div>
          {row.url && row.publishedAt ? (
            <Group justify="center" mt="sm" pb={phone ? 'sm' : 0}>
              <Text size="sm" c="dimmed">
                Live now:{' '}
                <Anchor href={row.url} target="_blank" rel="noopener noreferrer">
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
