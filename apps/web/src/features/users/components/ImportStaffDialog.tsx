import '../../../components/list/mantine-styles.ts';
// This dialog's own Mantine parts (without the Checkbox styles its tick shows beside the box).
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import { Alert, Badge, Button, Checkbox, FileInput, Group, Modal, Progress, ScrollArea, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, IMPORT_MAX_BYTES, IMPORT_MESSAGES, type ImportMapping, type ImportPreviewResponse } from '@profilehub/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { messageOf } from '../../../lib/api.ts';
import { useDownload } from '../../../lib/download.ts';
import { downloadImportResult } from '../api/download-import-result.ts';
import { importJobOptions } from '../api/get-import-job.ts';
import { type ImportFile, previewStaffImport, readImportFile, startStaffImport } from '../api/import-staff.ts';

type Props = { opened: boolean; onClose: () => void; onImported: () => void };

/**
 * Import staff (issue #26): upload a CSV or .xlsx, map its columns (guessed from the
 * headers), preview every row with its errors, then import the valid rows as a job (emailing
 * invitations or not) while a progress bar follows it, and download each row's outcome.
 */
function ImportStaffDialog({ opened, onClose, onImported }: Props) {
  const [file, setFile] = useState<ImportFile | null>(null);
  const [preview, setPreview] = useState<ImportPreviewResponse | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [notify, setNotify] = useState(true);
  const [busy, setBusy] = useState<'reading' | 'importing' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const { data: job } = useQuery({ ...importJobOptions(jobId ?? 0), enabled: jobId !== null });
  const finished = job?.state === 'done' || job?.state === 'failed';
  const { downloading, download } = useDownload(downloadImportResult);
  // The users list is refreshed once, when the import finishes.
  const onImportedRef = useRef(onImported);
  onImportedRef.current = onImported;
  useEffect(() => {
    if (finished) onImportedRef.current();
  }, [finished]);
  // A phone gets the whole screen: the mapping and the rows need it.
  const wide = useMediaQuery('(min-width: 48em)', true);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setMapping({});
    setJobId(null);
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const check = async (f: ImportFile, m?: ImportMapping) => {
    setBusy('reading');
    setError(null);
    try {
      const p = await previewStaffImport(f, m);
      setPreview(p);
      setMapping(p.mapping);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(null);
    }
  };

  const choose = async (chosen: File | null) => {
    reset();
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_BYTES) {
      setError(IMPORT_MESSAGES.tooLarge);
      return;
    }
    const f = await readImportFile(chosen);
    setFile(f);
    await check(f);
  };

  const remap = (key: keyof ImportMapping, header: string | null) => {
    const next = { ...mapping, [key]: header ?? undefined };
    setMapping(next);
    if (file) void check(file, next);
  };

  const run = async () => {
    if (!file) return;
    setBusy('importing');
    setError(null);
    try {
      setJobId((await startStaffImport(file, mapping, notify)).id);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(null);
    }
  };

  const rows = preview?.rows ?? [];
  return (
    <Modal opened={opened} onClose={close} title="Import staff" size="xl" fullScreen={!wide}>
      <Stack>
        {jobId === null && (
          <FileInput
            label="CSV or Excel (.xlsx) file"
            placeholder="Choose a file"
            accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(f) => void choose(f)}
            disabled={busy !== null}
            clearable
          />
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {preview && jobId === null && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {IMPORT_FIELDS.map((f) => (
                <Select
                  key={f}
                  label={IMPORT_FIELD_LABELS[f]}
                  data={preview.headers}
                  value={mapping[f] ?? null}
                  onChange={(h) => remap(f, h)}
                  clearable
                  placeholder="Not in the file"
                />
              ))}
            </SimpleGrid>
            <Text size="sm" aria-live="polite">
              {preview.valid} {preview.valid === 1 ? 'row is' : 'rows are'} ready; {preview.invalid} {preview.invalid === 1 ? 'row has' : 'rows have'} errors
              and will be skipped.
            </Text>
            <ScrollArea.Autosize mah={320}>
              <Table striped withTableBorder aria-label="Rows of the file">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Row</Table.Th>
                    <Table.Th>Full Name</Table.Th>
                    <Table.Th>Email Address</Table.Th>
                    <Table.Th>Errors</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.slice(0, 500).map((r) => (
                    <Table.Tr key={r.row} data-invalid={r.errors.length > 0 || undefined}>
                      <Table.Td>{r.row}</Table.Td>
                      <Table.Td>{r.values.fullName}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{r.values.email}</Table.Td>
                      <Table.Td>
                        {r.errors.length ? (
                          r.errors.map((e) => (
                            <Text key={e} size="sm" c="red">
                              {e}
                            </Text>
                          ))
                        ) : (
                          <Badge color="green" variant="light">
                            OK
                          </Badge>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            {rows.length > 500 && <Text size="sm">The first 500 rows are shown.</Text>}
            <Checkbox label="Send invitations" checked={notify} onChange={(e) => setNotify(e.currentTarget.checked)} />
          </>
        )}
        {jobId !== null && (
          <Stack gap={4}>
            <Text size="sm" aria-live="polite">
              {finished ? 'Imported' : 'Importing…'} {job?.done ?? 0} of {job?.total ?? preview?.rows.length ?? 0} rows
            </Text>
            <Progress value={job?.total ? (100 * job.done) / job.total : 0} animated={!finished} aria-label="Import progress" />
          </Stack>
        )}
        {job?.state === 'done' && (
          <Alert color={job.skipped ? 'yellow' : 'green'} role="status">
            {job.created} created, {job.updated} updated, {job.skipped} skipped.
          </Alert>
        )}
        {job?.state === 'failed' && (
          <Alert color="red" role="alert">
            The import stopped before the end: {job.created} created, {job.updated} updated, {job.skipped} skipped. The result file lists the rows it did.
          </Alert>
        )}
        <Group justify="flex-end">
          {jobId !== null ? (
            <>
              <Button variant="default" onClick={() => void download(jobId)} disabled={!finished} loading={downloading}>
                Download result
              </Button>
              <Button onClick={close}>Done</Button>
            </>
          ) : (
            <>
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button onClick={() => void run()} disabled={!preview?.valid} loading={busy !== null}>
                Import {preview?.valid ?? 0} {preview?.valid === 1 ? 'row' : 'rows'}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** The users page's "Import staff" button and its dialog. */
export function ImportStaffButton({ onImported }: { onImported: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        Import staff
      </Button>
      <ImportStaffDialog opened={open} onClose={() => setOpen(false)} onImported={onImported} />
    </>
  );
}
