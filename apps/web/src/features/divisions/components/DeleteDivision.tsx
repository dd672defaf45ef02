import { Alert, Button, Group, List, Modal, Paper, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { type CompanyConsoleRow, DIVISION_EXPORT_MESSAGES, DIVISION_EXPORT_TTL_DAYS, type DivisionExport } from '@profilehub/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDownload } from '../../../lib/download.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useDeleteDivision } from '../api/delete-division.ts';
import { downloadExport, exportsOptions, useStartExport } from '../api/export-division.ts';

const PHASE_TEXT: Record<DivisionExport['phase'], string> = {
  queued: 'Waiting to start…',
  data: 'Reading its records…',
  uploads: 'Copying its files…',
  storing: 'Storing the archive…',
  done: 'Ready',
  failed: 'Failed',
};

const sizeText = (bytes: number | null) => {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
};

/**
 * The settings page's danger zone: export all of the division's data (a job on the server,
 * followed with a progress bar), download it, and only then delete the division, after its
 * name is typed. The server checks the same rules (an export made after its last change).
 */
export function DeleteSection({ division }: { division: CompanyConsoleRow }) {
  const exports = useQuery(exportsOptions(division.id));
  const client = useQueryClient();
  const start = useStartExport();
  const remove = useDeleteDivision();
  const navigate = useNavigate();
  const { downloading, download } = useDownload(downloadExport);
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');

  const latest = exports.data?.data[0];
  const running = latest?.status === 'queued' || latest?.status === 'running';
  const ready = latest?.status === 'ready' && new Date(latest.expiresAt).getTime() > Date.now() ? latest : undefined;
  const percent = latest && latest.total > 0 ? Math.round((latest.done / latest.total) * 100) : 0;
  const nameMatches = typed.trim() === division.title.trim();

  const exportAll = () =>
    start.mutate(division.id, {
      onSuccess: () => client.invalidateQueries({ queryKey: ['divisions', 'exports', division.id] }),
      onError: (e) => toastError(e),
    });
  const deleteNow = () => {
    if (!ready) return;
    remove.mutate(
      { id: division.id, confirm: typed, exportId: ready.id },
      {
        onSuccess: () => {
          setConfirming(false);
          toastSuccess(`${division.title} was deleted`);
          void navigate('/divisions');
        },
        onError: (e) => toastError(e),
      },
    );
  };

  return (
    <Paper component="section" withBorder radius="md" p="lg" style={{ borderColor: 'var(--mantine-color-red-4)' }} aria-labelledby="delete-division-title">
      <Title id="delete-division-title" order={2} fz="lg" mb="xs" c="red.8">
        Delete division
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Deleting removes the division with its profiles, templates, leads, statistics and files for good, and frees its addresses. Export all its data first:
        the archive (JSON files and uploads in a zip) can be downloaded for {DIVISION_EXPORT_TTL_DAYS} days.
      </Text>
      <Stack gap="sm">
        <Group>
          <Button variant="default" onClick={exportAll} loading={start.isPending} disabled={running}>
            Export all data
          </Button>
          {ready ? (
            <Button variant="light" onClick={() => download(ready)} loading={downloading}>
              Download export ({sizeText(ready.size)})
            </Button>
          ) : null}
        </Group>
        {running && latest ? (
          <div>
            <Progress value={percent} animated size="lg" aria-label="Export progress" />
            <Text size="xs" c="dimmed" mt={4} aria-live="polite">
              {PHASE_TEXT[latest.phase]} {latest.total > 0 ? `${latest.done} of ${latest.total} steps` : ''}
            </Text>
          </div>
        ) : null}
        {ready ? (
          <Text size="xs" c="dimmed">
            Export made {new Date(ready.createdAt).toLocaleString()}; it can be downloaded until {new Date(ready.expiresAt).toLocaleDateString()}.
          </Text>
        ) : null}
        {latest?.status === 'failed' ? (
          <Alert color="red" title="Export failed">
            {DIVISION_EXPORT_MESSAGES.failed}
          </Alert>
        ) : null}
        <div>
          <Button color="red" disabled={!ready} onClick={() => setConfirming(true)}>
            Delete division
          </Button>
          {!ready ? (
            <Text size="xs" c="dimmed" mt={4}>
              Available once an export of all its data is ready.
            </Text>
          ) : null}
        </div>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => {
          setConfirming(false);
          setTyped('');
        }}
        title={`Delete ${division.title}?`}
        centered
      >
        <Stack gap="sm">
          <List size="sm" spacing={4}>
            <List.Item>Its profiles, templates, themes, approvals, leads, statistics and files are deleted for good.</List.Item>
            <List.Item>Its public pages stop answering, and its subdomain and custom domain become free.</List.Item>
            <List.Item>Its people who belong to no other division lose their accounts; platform administrators keep theirs.</List.Item>
          </List>
          <TextInput
            label="Type the division’s name to confirm"
            description={division.title}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setConfirming(false);
                setTyped('');
              }}
            >
              Cancel
            </Button>
            <Button color="red" disabled={!nameMatches} loading={remove.isPending} onClick={deleteNow}>
              Delete division for good
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
