import { Box, Button, FileButton, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import type { UploadPurpose } from '@profilehub/shared';
import { useState } from 'react';
import { messageOf } from '../../../lib/api.ts';
import { uploadFiles } from '../../../lib/upload-files.ts';

type Props = {
  label: string;
  value: string;
  onChange: (url: string) => void;
  /** The server's checks for this kind of image (uploads/rules.ts): logo, general (icons), profile-photo. */
  purpose: UploadPurpose;
  accept: string;
  /** The division's template: uploads belong to its division. Without one, only a URL can be entered. */
  profileId: number | undefined;
  error?: string | undefined;
  /** Shown behind the thumbnail: a light logo is drawn on dark. */
  dark?: boolean;
};

/**
 * One of a division's brand images: uploaded through the hub's one checked upload path
 * (POST /api/upload: type by content, size limits, re-encoded) or given as an https:// URL.
 * The field holds the resulting URL; saving the division stores it.
 */
export function BrandImageField({ label, value, onChange, purpose, accept, profileId, error, dark }: Props) {
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const upload = async (file: File | null) => {
    if (!file || profileId === undefined) return;
    setFailed(null);
    try {
      const [stored] = await uploadFiles([file], { purpose, profileId, onProgress: setBusy });
      if (stored) onChange(stored.url);
    } catch (e) {
      setFailed(messageOf(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap={6}>
      <TextInput label={label} placeholder="Upload, or https://…" value={value} onChange={(e) => onChange(e.currentTarget.value)} error={failed ?? error} />
      <Group gap="xs" wrap="nowrap">
        <Box
          w={72}
          h={40}
          style={{
            flex: 'none',
            borderRadius: 6,
            border: '1px solid var(--mantine-color-gray-3)',
            background: dark ? '#1b1f24' : '#fff',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
          }}
        >
          {value ? (
            <Image src={value} alt="" h={32} w="auto" fit="contain" />
          ) : (
            <Text size="xs" c="dimmed">
              None
            </Text>
          )}
        </Box>
        <FileButton onChange={upload} accept={accept}>
          {(props) => (
            <Button {...props} size="xs" variant="light" loading={busy !== null} disabled={profileId === undefined} aria-label={`Upload ${label}`}>
              Upload
            </Button>
          )}
        </FileButton>
        {value ? (
          <Button size="xs" variant="subtle" color="gray" onClick={() => onChange('')} aria-label={`Remove ${label}`}>
            Remove
          </Button>
        ) : null}
        {busy ? (
          <Text size="xs" c="dimmed" aria-live="polite">
            {busy}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
