import { useCallback, useState } from 'react';
import { apiFetch, type QueryValue } from './api.ts';
import { toastError } from './notify.ts';

/** The name in a Content-Disposition header (RFC 6266 `filename*=UTF-8''…` first, then `filename="…"`). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() || null;
}

/** Saves a blob on the person's device under `name`. */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads an authenticated file answer (an export) under the name the
 * server gives it, or `fallbackName`. A refusal throws the ApiError with the
 * server's message, as every other call does.
 */
export async function downloadFile(path: string, query: Record<string, QueryValue>, fallbackName: string): Promise<void> {
  const response = await apiFetch(path, { query });
  saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition')) ?? fallbackName);
}

/** A download a screen starts from a button: `downloading` while it runs, a failure as the spec's error toast. */
export function useDownload<TArgs extends unknown[]>(start: (...args: TArgs) => Promise<void>) {
  const [downloading, setDownloading] = useState(false);
  const run = useCallback(
    async (...args: TArgs) => {
      setDownloading(true);
      try {
        await start(...args);
      } catch (error) {
        toastError(error);
      } finally {
        setDownloading(false);
      }
    },
    [start],
  );
  return { downloading, download: run };
}
