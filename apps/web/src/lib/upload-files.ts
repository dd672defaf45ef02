/**
 * POST /upload (multipart 'files', spec §7).
 * Multipart is the one body the JSON client does not send, so this builds the
 * request itself with the same token and error reading.
 */
import { DEFAULT_ERROR_MESSAGE, errorMessageOf, type UploadItem, type UploadPurpose } from '@profilehub/shared';
import { ApiError } from './api.ts';
import { getToken } from './session.ts';

/** Spec §8 upload progress: 'Preparing N upload(s)' then 'Busy Uploading X of N'. */
const uploadProgressText = {
  preparing: (n: number) => `Preparing ${n} upload(s)`,
  busy: (x: number, n: number) => `Busy Uploading ${x} of ${n}`,
};

/** Uploads files one at a time, telling `onProgress` the spec's texts. */
export async function uploadFiles(
  files: readonly Blob[],
  o: { purpose: UploadPurpose; profileId: number; onProgress?: (text: string) => void },
): Promise<UploadItem[]> {
  o.onProgress?.(uploadProgressText.preparing(files.length));
  const out: UploadItem[] = [];
  for (const [i, file] of files.entries()) {
    o.onProgress?.(uploadProgressText.busy(i + 1, files.length));
    const form = new FormData();
    form.append('purpose', o.purpose);
    form.append('profileId', String(o.profileId));
    form.append('files', file, file instanceof File ? file.name : `upload-${i + 1}`);
    const token = getToken();
    let response: Response;
    try {
      response = await fetch('/api/upload', { method: 'POST', body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} });
    } catch {
      throw new ApiError(0, DEFAULT_ERROR_MESSAGE);
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) throw new ApiError(response.status, errorMessageOf(body), body);
    out.push(...(body as UploadItem[]));
  }
  return out;
}
