import { Accordion, Alert, Box, Button, Group, List, SegmentedControl, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import {
  DEFAULT_SIGNATURE_LAYOUT,
  SIGNATURE_INSTALL_GUIDES,
  SIGNATURE_LAYOUT_OPTIONS,
  type Signature as SignatureData,
  type SignatureLayout,
} from '@profilehub/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { IconCopy } from '../../../components/dashboard-icons.tsx';
import { downloadFile, useDownload } from '../../../lib/download.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { signatureOptions } from '../api/get-signature.ts';
import { PartPermissions } from '../components/fields.tsx';
import { useEditor, useField, useFieldAccess } from '../hooks/editor-context.tsx';

/**
 * Puts the signature on the clipboard as rich text (HTML, what mail clients paste as a
 * signature) with its plain-text twin; a browser without ClipboardItem gets the text alone.
 */
async function copySignature(signature: Pick<SignatureData, 'html' | 'text'>): Promise<'rich' | 'plain'> {
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    await navigator.clipboard.write([
      new ClipboardItem({
        'text/html': new Blob([signature.html], { type: 'text/html' }),
        'text/plain': new Blob([signature.text], { type: 'text/plain' }),
      }),
    ]);
    return 'rich';
  }
  await navigator.clipboard.writeText(signature.text);
  return 'plain';
}

/** The preview's document: the signature alone on white, as a mail shows it. */
const previewDocument = (html: string) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:12px;background:#ffffff">${html}</body></html>`;

/**
 * Issue #30: the email signature of the published card — a layout (the template's choice,
 * locked by its permissions like any field), a preview, one-click copy and how to install it
 * in each mail client. In the template editor, the layout and its lock, and the division's
 * every signature as a zip.
 */
export function Signature() {
  const { view, permissionsMode, isMaster } = useEditor();
  const [saved, setLayout] = useField('emailSignatureLayout');
  const access = useFieldAccess('emailSignatureLayout');
  // A hidden or locked layout is the template's: the server decides it.
  const signature = useQuery(signatureOptions(view.profile.id, access.locked || access.hidden ? undefined : saved));
  const zip = useDownload(useCallback(() => downloadFile(`/api/companies/${view.company.id}/signatures.zip`, {}, 'signatures.zip'), [view.company.id]));
  const layout: SignatureLayout = (access.locked ? signature.data?.layout : saved) ?? signature.data?.layout ?? DEFAULT_SIGNATURE_LAYOUT;

  const copy = async () => {
    if (!signature.data) return;
    try {
      const how = await copySignature(signature.data);
      toastSuccess(how === 'rich' ? 'Signature copied. Paste it into your mail client’s signature settings.' : 'Signature copied as plain text.');
    } catch (error) {
      toastError(
        error instanceof Error && error.name === 'NotAllowedError' ? 'Your browser did not allow copying. Select the preview and copy it instead.' : error,
      );
    }
  };

  return (
    <Stack gap="sm" data-testid="signature-panel">
      <PartPermissions permissionKey="emailSignatureLayout" label="Signature layout" />
      {/* A template that hides the layout still leaves the signature itself to copy. */}
      {access.hidden ? null : (
        <Stack gap={4} {...access.anchor}>
          <Text size="sm" fw={500} id="signature-layout-label">
            Layout
          </Text>
          <Tooltip label={access.tooltip} disabled={!access.tooltip}>
            <SegmentedControl
              aria-labelledby="signature-layout-label"
              fullWidth
              data={SIGNATURE_LAYOUT_OPTIONS.map((o) => ({ value: o.value, label: o.title }))}
              value={layout}
              disabled={access.locked}
              onChange={(v) => setLayout(v as SignatureLayout)}
            />
          </Tooltip>
          {access.locked && !permissionsMode ? (
            <Text size="xs" c="dimmed">
              Your template sets the signature layout.
            </Text>
          ) : null}
        </Stack>
      )}

      {signature.isError ? (
        <Alert color={isMaster ? 'blue' : 'yellow'} title={isMaster ? 'Signatures of this template' : 'No signature yet'}>
          {signature.error.message}
        </Alert>
      ) : signature.data ? (
        <Box style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, overflow: 'hidden' }}>
          <iframe
            title="Email signature preview"
            sandbox=""
            srcDoc={previewDocument(signature.data.html)}
            style={{ display: 'block', width: '100%', height: 170, border: 0, background: '#ffffff' }}
          />
        </Box>
      ) : (
        <Skeleton height={170} radius="md" />
      )}

      <Group gap="xs">
        {isMaster ? null : (
          <Button leftSection={<IconCopy size={16} />} onClick={() => void copy()} disabled={!signature.data}>
            Copy signature
          </Button>
        )}
        {isMaster ? (
          <Button variant="default" loading={zip.downloading} onClick={() => void zip.download()}>
            Download all signatures (zip)
          </Button>
        ) : null}
      </Group>

      <Text size="sm" fw={500}>
        How to install
      </Text>
      <Accordion variant="contained" radius="md">
        {SIGNATURE_INSTALL_GUIDES.map((guide) => (
          <Accordion.Item key={guide.client} value={guide.client}>
            <Accordion.Control>{guide.client}</Accordion.Control>
            <Accordion.Panel>
              <List type="ordered" size="sm" spacing={4}>
                {guide.steps.map((step) => (
                  <List.Item key={step}>{step}</List.Item>
                ))}
              </List>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
