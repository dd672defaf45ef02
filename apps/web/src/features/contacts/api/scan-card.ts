import { type CardScanResult, DEFAULT_ERROR_MESSAGE, errorMessageOf } from '@profilehub/shared';
import { ApiError } from '../../../lib/api.ts';
import { getToken } from '../../../lib/session.ts';

/** The longest side sent: small print stays readable, and a phone's 12-megapixel photo becomes a few hundred KB. */
const MAX_SIDE = 2000;

/** A phone photo made small enough to send (upright by its EXIF orientation); the file as it is when the browser cannot. */
async function shrunk(file: File): Promise<Blob> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= 1_500_000) return file;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b ?? file), 'image/jpeg', 0.9));
  } catch {
    return file;
  }
}

/** The country of the browser's language (en-GB → GB): how the card's numbers without +code are read. */
function country(): string | undefined {
  try {
    return new Intl.Locale(navigator.language).maximize().region;
  } catch {
    return undefined;
  }
}

/** POST /api/contacts/scan: the card's fields read on the server, and its photo kept for the contact. */
export async function scanCard(file: File): Promise<CardScanResult> {
  const form = new FormData();
  form.append('file', await shrunk(file), file.name || 'card.jpg');
  const token = getToken();
  const region = country();
  let response: Response;
  try {
    response = await fetch(`/api/contacts/scan${region ? `?country=${region}` : ''}`, {
      method: 'POST',
      body: form,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, DEFAULT_ERROR_MESSAGE);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, errorMessageOf(body), body);
  return body as CardScanResult;
}
