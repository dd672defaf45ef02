import type { ImportJob, ImportMapping, ImportPreviewResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

export type ImportFile = { fileName: string; file: string };

/** Reads a chosen file as base64, as the import calls carry it. */
export async function readImportFile(file: File): Promise<ImportFile> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { fileName: file.name, file: btoa(binary) };
}

/** POST /api/users/import/preview: every row with its errors (the mapping guessed when not given). */
export const previewStaffImport = (f: ImportFile, mapping?: ImportMapping) =>
  apiRequest<ImportPreviewResponse>('/api/users/import/preview', { method: 'POST', body: { ...f, ...(mapping ? { mapping } : {}) } });

/** POST /api/users/import: queues the import of the valid rows as a job; its first status. */
export const startStaffImport = (f: ImportFile, mapping: ImportMapping, notify: boolean) =>
  apiRequest<ImportJob>('/api/users/import', { method: 'POST', body: { ...f, mapping, notify } });
