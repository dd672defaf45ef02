import { Button, FileButton, Group, Image, Loader, Modal, Slider, Stack, Text } from '@mantine/core';
import type { ImageFile, UploadPurpose } from '@profilehub/shared';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { ApiError } from '../../../lib/api.ts';
import { toastError } from '../../../lib/notify.ts';
import { uploadFiles } from '../../../lib/upload-files.ts';
import { deleteUpload } from '../api/delete-upload.ts';
import { useEditor } from '../hooks/editor-context.tsx';
import { IconTrash } from './editor-icons.tsx';

/** Spec §9 recommended and cropper sizes: the aspect and the output width range. */
export type CropSpec = { aspect: number; minWidth: number; maxWidth: number; recommended: string };
export const CROPS = {
  profilePhoto: { aspect: 1, minWidth: 256, maxWidth: 1280, recommended: '256x256 or larger' },
  logo: { aspect: 267 / 40, minWidth: 267, maxWidth: 801, recommended: '267x40' },
  background: { aspect: 1900 / 800, minWidth: 630, maxWidth: 1900, recommended: '1900x800' },
  mobileBanner: { aspect: 800 / 507, minWidth: 260, maxWidth: 800, recommended: '800x507' },
  desktopBanner: { aspect: 1280 / 507, minWidth: 426, maxWidth: 1280, recommended: '1280x507' },
  gallery: { aspect: 1, minWidth: 256, maxWidth: 1280, recommended: 'square, 256 to 1280' },
} satisfies Record<string, CropSpec>;

/** Spec §5 file types per entry. */
const ACCEPT: Record<UploadPurpose, string> = {
  'profile-photo': 'image/jpeg,image/png,image/webp',
  logo: 'image/jpeg,image/png',
  background: 'image/jpeg,image/png',
  'mobile-banner': 'image/jpeg,image/png,image/webp,image/gif',
  'desktop-banner': 'image/jpeg,image/png,image/webp,image/gif',
  banner: 'image/jpeg,image/png,image/webp,image/gif',
  gallery: 'image/jpeg,image/gif,image/png',
  'rich-text': 'image/png,image/jpeg,image/webp,image/gif',
  general: 'image/jpeg,image/png,image/webp',
};

/** Draws the chosen area at a width inside the spec's range (spec §9 cropper sizes). */
async function cropToBlob(src: string, area: Area, spec: CropSpec, type: string): Promise<Blob> {
  const image = new window.Image();
  image.src = src;
  await image.decode();
  const width = Math.round(Math.min(spec.maxWidth, Math.max(spec.minWidth, area.width)));
  const height = Math.round(width / spec.aspect);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
  const out = type === 'image/png' ? 'image/png' : 'image/jpeg';
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('Could not crop the image'))), out, 0.9));
}

type Props = {
  label: ReactNode;
  /** For the buttons' accessible names. */
  name: string;
  value: ImageFile | undefined;
  onChange: (value: ImageFile | undefined) => void;
  purpose: UploadPurpose;
  crop: CropSpec;
  disabled?: boolean;
  required?: boolean;
  error?: string | undefined;
};

/**
 * Image upload with a forced crop (spec §4 "upload leads to forced crop, then
 * save"): choose a file, crop it in the spec's aspect, upload the crop, save.
 * Delete clears url and id (and removes the file; a failure there is only logged).
 */
export function ImageUpload({ label, name, value, onChange, purpose, crop, disabled, required, error }: Props) {
  const { store } = useEditor();
  const [source, setSource] = useState<{ url: string; type: string } | null>(null);
  const [progress, setProgress] = useState<string | null>(null);

  const choose = (file: File | null) => {
    if (!file) return;
    setSource({ url: URL.createObjectURL(file), type: file.type });
  };
  useEffect(() => () => (source ? URL.revokeObjectURL(source.url) : undefined), [source]);

  const upload = async (area: Area) => {
    if (!source) return;
    try {
      setProgress('Preparing 1 upload(s)');
      const blob = await cropToBlob(source.url, area, crop, source.type);
      const [file] = await uploadFiles([blob], { purpose, profileId: store.profileId, onProgress: setProgress });
      if (!file) throw new Error('No file stored');
      const previous = value?.id;
      onChange({ url: file.url, id: file.id });
      setSource(null);
      if (previous !== undefined && previous !== file.id) void deleteUpload(previous);
      void store.flush();
    } catch (e) {
      // The server's own message when it answered; spec §8's text when the upload never got an answer.
      toastError(e instanceof ApiError && e.status > 0 ? e : 'Error uploading image');
    } finally {
      setProgress(null);
    }
  };

  const remove = () => {
    const id = value?.id;
    onChange(undefined);
    void deleteUpload(id);
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} component="div">
        {label}
        {required ? (
          <Text span c="red" aria-hidden>
            {' '}
            *
          </Text>
        ) : null}
      </Text>
      <Group gap="sm" wrap="nowrap" align="center">
        {value?.url ? (
          // Contain: a logo wider than the thumbnail is shown whole, not cut at both ends.
          <Image src={value.url} alt="" h={56} w={crop.aspect >= 1 ? Math.min(56 * crop.aspect, 220) : 56} fit="contain" radius="sm" bg="gray.1" />
        ) : (
          <Text size="xs" c="dimmed" w={80}>
            No image
          </Text>
        )}
        <FileButton onChange={choose} accept={ACCEPT[purpose]} disabled={disabled}>
          {(props) => (
            // The name starts with the words on the button (WCAG 2.5.3), then says what it changes.
            <Button {...props} variant="light" size="xs" disabled={disabled} aria-label={`${value?.url ? 'Replace' : 'Upload'} ${name}`}>
              {value?.url ? 'Replace' : 'Upload'}
            </Button>
          )}
        </FileButton>
        {value?.url && !disabled ? (
          <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={remove} aria-label={`Delete ${name}`}>
            Delete
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        Recommended size {crop.recommended}. JPG or PNG, max 2MB.
      </Text>
      {error ? (
        <Text size="xs" c="red">
          {error}
        </Text>
      ) : null}
      {source ? <CropModal src={source.url} crop={crop} name={name} progress={progress} onCancel={() => setSource(null)} onCrop={upload} /> : null}
    </Stack>
  );
}

function CropModal({
  src,
  crop: spec,
  name,
  progress,
  onCancel,
  onCrop,
}: {
  src: string;
  crop: CropSpec;
  name: string;
  progress: string | null;
  onCancel: () => void;
  onCrop: (area: Area) => void;
}) {
  const [position, setPosition] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const done = useCallback((_: Area, pixels: Area) => setArea(pixels), []);
  return (
    <Modal opened onClose={progress ? () => {} : onCancel} title={`Crop ${name}`} size="lg" centered>
      <Stack>
        <div style={{ position: 'relative', height: 320, background: '#111', borderRadius: 8, overflow: 'hidden' }} data-testid="cropper">
          <Cropper image={src} crop={position} zoom={zoom} aspect={spec.aspect} onCropChange={setPosition} onZoomChange={setZoom} onCropComplete={done} />
        </div>
        <Slider thumbLabel="Zoom" thumbValueText={(v) => `${Math.round(v * 100)} %`} min={1} max={3} step={0.05} value={zoom} onChange={setZoom} label={null} />
        <Group justify="space-between">
          {progress ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm" role="status">
                {progress}
              </Text>
            </Group>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onCancel} disabled={Boolean(progress)}>
              Cancel
            </Button>
            <Button onClick={() => area && onCrop(area)} disabled={!area || Boolean(progress)}>
              Crop and upload
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
