import type { UploadItem } from '@profilehub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderEditorPart, stubDocumentFonts } from '../../../test/editor.tsx';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { useField } from '../hooks/editor-context.tsx';
import { CROPS, ImageUpload } from './ImageUpload.tsx';

stubDocumentFonts();

/** The profile photo as the personal details section wires it: the field's value in, changes out. */
function ProfilePhoto() {
  const [photo, setPhoto] = useField('profilePhoto');
  return <ImageUpload label="Profile picture" name="profile picture" value={photo} onChange={setPhoto} purpose="profile-photo" crop={CROPS.profilePhoto} />;
}

beforeEach(() => {
  sessionStorage.setItem('jwt', 'token');
  // jsdom has no object URLs; the crop dialog shows the chosen file through one.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:chosen'), revokeObjectURL: vi.fn() }));
});

describe('Image upload (spec §4 forced crop, §5)', () => {
  it('offers Upload when there is no image, with the recommended size', () => {
    mockFetch({});
    renderEditorPart(<ProfilePhoto />, {});
    expect(screen.getByText('No image')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload profile picture' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete profile picture' })).not.toBeInTheDocument();
    expect(screen.getByText(`Recommended size ${CROPS.profilePhoto.recommended}. JPG or PNG, max 2MB.`)).toBeInTheDocument();
  });

  it('deletes the image: the field is emptied and saved, and the stored file removed', async () => {
    // The server answers with the file it removed.
    const removed = { id: 5, url: '/uploads/jane.png', mime: 'image/png', width: 256, height: 256, size: 2048 } satisfies UploadItem;
    const calls = mockFetch({ 'DELETE /api/upload/files/5': { body: removed } });
    const { store, saves } = renderEditorPart(<ProfilePhoto />, { profilePhoto: { url: '/uploads/jane.png', id: 5 } });
    expect(screen.getByRole('button', { name: 'Replace profile picture' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete profile picture' }));
    expect(await screen.findByText('No image')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload profile picture' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/upload/files/5')).toBe(true));
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)).toHaveProperty('profilePhoto');
    expect(saves.at(-1)?.profilePhoto ?? null).toBeNull();
  });

  it('a chosen file must be cropped first: the crop dialog opens, and Cancel uploads nothing and keeps the image', async () => {
    const calls = mockFetch({});
    const { saves } = renderEditorPart(<ProfilePhoto />, { profilePhoto: { url: '/uploads/jane.png', id: 5 } });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crop profile picture' });
    // Nothing to upload until the cropper has measured the chosen area.
    expect(within(dialog).getByRole('button', { name: 'Crop and upload' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Crop profile picture' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.path.startsWith('/api/upload'))).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Replace profile picture' })).toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });
});
