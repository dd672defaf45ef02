import { Alert, Button, Group, List, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import type { CompanyConsoleRow } from '@profilehub/shared';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useArchiveDivision } from '../api/archive-division.ts';

/** The banner an archived division's settings open with, with its Restore button. */
export function ArchivedBanner({ division }: { division: CompanyConsoleRow }) {
  const restore = useArchiveDivision();
  if (!division.archivedAt) return null;
  return (
    <Alert color="gray" title="This division is archived" mb="lg">
      <Stack gap="xs">
        <Text size="sm">
          Since {new Date(division.archivedAt).toLocaleDateString()} its pages answer “no longer available” and its people cannot sign in. Restoring brings
          everything back as it was, published pages included.
        </Text>
        <Group>
          <Button
            size="xs"
            loading={restore.isPending}
            onClick={() =>
              restore.mutate(
                { id: division.id, archived: false },
                { onSuccess: (row) => toastSuccess(`${row.title} was restored`), onError: (e) => toastError(e) },
              )
            }
          >
            Restore division
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The settings page's last section: archive a live division, after a confirmation naming what happens. */
export function ArchiveSection({ division }: { division: CompanyConsoleRow }) {
  const [confirming, setConfirming] = useState(false);
  const archive = useArchiveDivision();
  if (division.archivedAt) return null;
  const confirmed = () =>
    archive.mutate(
      { id: division.id, archived: true },
      {
        onSuccess: (row) => {
          setConfirming(false);
          toastSuccess(`${row.title} was archived`);
        },
        onError: (e) => toastError(e),
      },
    );
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg" mb="xs">
        Archive
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Close this division’s hub when the company leaves. Nothing is deleted; you can restore it here.
      </Text>
      <Button color="red" variant="light" onClick={() => setConfirming(true)}>
        Archive division
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={`Archive ${division.title}?`} centered>
        <Stack gap="sm">
          <List size="sm" spacing={4}>
            <List.Item>Its profiles are kept, but every public page answers “no longer available”.</List.Item>
            <List.Item>Its people who belong to no other division cannot sign in, and are signed out now.</List.Item>
            <List.Item>It leaves every list but this console. Restore brings everything back, pages included.</List.Item>
          </List>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" loading={archive.isPending} onClick={confirmed}>
              Archive division
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
