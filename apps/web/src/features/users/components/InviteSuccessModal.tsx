import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type InviteResponse, statisticsAlias } from '@profilehub/shared';
import { useNavigate } from 'react-router';

type Props = { result: (InviteResponse & { name: string }) | null; onClose: () => void };

/** Spec §2 'Success!': the user has been invited; 'Manage User' opens their statistics. */
export function InviteSuccessModal({ result, onClose }: Props) {
  const navigate = useNavigate();
  return (
    <Modal opened={result !== null} onClose={onClose} title="Success!" centered>
      {result ? (
        <Stack gap="lg">
          <Text>
            {result.name} has been invited.
            {result.emailed ? ' An email was sent to them to sign up.' : ' No email was sent: share the sign-up link with them yourself.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button
              onClick={() => {
                onClose();
                void navigate(`/statistics/${statisticsAlias(result.profileId, result.companyId, result.name)}?companyId=${result.companyId}`);
              }}
            >
              Manage User
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
