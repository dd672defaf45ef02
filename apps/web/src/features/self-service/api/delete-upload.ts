import type { UploadItem } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** DELETE /upload/files/{id} (spec §7). Spec §8: image delete failures are logged and treated as success. */
export async function deleteUpload(id: number | string | undefined): Promise<void> {
  if (typeof id !== 'number') return;
  try {
    await apiRequest<UploadItem>(`/api/upload/files/${id}`, { method: 'DELETE' });
  } catch (error) {
    console.warn('Deleting the image failed; it is cleared from the profile anyway.', error);
  }
}
