/**
 * What each upload entry accepts (spec §5 Files) and how big it may end up
 * (spec §9 cropper sizes). One table, read by the one validation path.
 */

import { UPLOAD_PURPOSES, type UploadPurpose } from '@profilehub/shared';

/**
 * What a file is for: one of UPLOAD_PURPOSES (POST /upload, the list the web shares), or a scanned
 * card's photo (`contact-card`, POST /contacts/scan only), which GET /uploads/{key} never serves.
 */
export type Purpose = UploadPurpose | 'contact-card';
/** A scanned card's photo: private to those who see the contact (GET /api/contacts/{id}/card). */
export const CONTACT_CARD: Purpose = 'contact-card';

export type Kind = 'jpeg' | 'png' | 'webp' | 'gif' | 'svg' | 'mp4' | 'mov';

export const KINDS: Record<Kind, { mime: string; ext: string; label: string; video?: true }> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg', label: 'JPG' },
  png: { mime: 'image/png', ext: 'png', label: 'PNG' },
  webp: { mime: 'image/webp', ext: 'webp', label: 'WebP' },
  gif: { mime: 'image/gif', ext: 'gif', label: 'GIF' },
  svg: { mime: 'image/svg+xml', ext: 'svg', label: 'SVG' },
  mp4: { mime: 'video/mp4', ext: 'mp4', label: 'MP4', video: true },
  mov: { mime: 'video/quicktime', ext: 'mov', label: 'MOV', video: true },
};

/**
 * Per purpose: the accepted types and the box the stored image is fitted into.
 * Boxes are the largest crop of spec §9; gallery and general have no crop size
 * in the spec, so they get a generous box that still bounds what a phone downloads.
 */
export const PURPOSE_RULES: Record<Purpose, { kinds: Kind[]; box: [number, number] }> = {
  'profile-photo': { kinds: ['jpeg', 'png', 'webp'], box: [1280, 1280] },
  logo: { kinds: ['jpeg', 'png'], box: [801, 120] },
  background: { kinds: ['jpeg', 'png'], box: [1900, 800] },
  'mobile-banner': { kinds: ['jpeg', 'png', 'webp', 'gif'], box: [800, 507] },
  'desktop-banner': { kinds: ['jpeg', 'png', 'webp', 'gif'], box: [1280, 507] },
  banner: { kinds: ['jpeg', 'png', 'webp', 'gif', 'mp4', 'mov'], box: [1900, 800] },
  gallery: { kinds: ['jpeg', 'gif', 'png'], box: [1600, 1600] },
  'rich-text': { kinds: ['png', 'jpeg', 'webp', 'gif', 'svg'], box: [1900, 1900] },
  general: { kinds: ['jpeg', 'png', 'webp'], box: [1900, 1900] },
  // Large enough that small print on a card stays readable for OCR and for the person.
  'contact-card': { kinds: ['jpeg', 'png', 'webp'], box: [2000, 2000] },
};

const MB = 1024 * 1024;
/** Spec §5: 2 MB for every image entry. */
export const IMAGE_LIMIT = 2 * MB;
/** The spec gives no limit for banner videos; 20 MB keeps a short loop on a phone bearable. */
export const VIDEO_LIMIT = 20 * MB;
/** Decoded size bound against decompression bombs (width × height × frames). */
export const MAX_PIXELS = 40_000_000;
export const MAX_FILES = 10;

export const UPLOAD_MESSAGES = {
  imageTooLarge: 'File is too large. The limit is 2 MB.',
  videoTooLarge: 'Video is too large. The limit is 20 MB.',
  tooManyPixels: 'This image is too large to process. The limit is 40 megapixels.',
  unreadable: 'This image could not be read. It may be damaged; try saving it again.',
  badSvg: 'This SVG could not be read safely. Export it again as a plain SVG or use PNG.',
  tooManyFiles: `Upload at most ${MAX_FILES} files at a time.`,
  noFiles: 'Choose a file to upload.',
  notMultipart: 'Send the files as multipart/form-data in a field named files.',
  fieldsFirst: 'Send the purpose and profileId fields before the files.',
  badPurpose: `purpose must be one of ${UPLOAD_PURPOSES.join(', ')}.`,
  badProfile: 'profileId must be a profile id.',
  busy: 'The server is busy with other uploads. Please try again in a moment.',
  quota: 'You have uploaded a lot in the last hour. Please try again later.',
  storageFull: 'The server has no room left for files, so this one was not saved. Please try again later; if it keeps happening, tell your administrator.',
  storageUnavailable: 'Files cannot be saved right now. Please try again in a few minutes; if it keeps happening, tell your administrator.',
} as const;

/** 'JPG or PNG', 'JPG, PNG, WebP, GIF, MP4 or MOV'. */
function kindList(kinds: Kind[]): string {
  const labels = kinds.map((k) => KINDS[k].label);
  return labels.length === 1 ? labels[0]! : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

export const typeNotAllowed = (purpose: Purpose) => `This file type is not allowed here. Use ${kindList(PURPOSE_RULES[purpose].kinds)}.`;

/** The most bytes a file of this purpose may have: the video limit where videos are allowed. */
export const byteCap = (purpose: Purpose) => (PURPOSE_RULES[purpose].kinds.some((k) => KINDS[k].video) ? VIDEO_LIMIT : IMAGE_LIMIT);

/** Server-generated storage keys: 32 hex characters and the extension of the detected type. */
export const KEY_PATTERN = /^[0-9a-f]{32}\.(?:jpg|png|webp|gif|svg|mp4|mov)$/;

/** A division's data export (modules/companies/division-exports): never served by GET /uploads/{key}. */
const EXPORT_KEY_PATTERN = /^export-[0-9a-f]{32}\.zip$/;

/** Stores refuse any other name (defence in depth: routes check keys before they get here). */
export function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key) && !EXPORT_KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
}
