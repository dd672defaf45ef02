/** Who may upload for a profile, remove a file, or link a rich-text image to a profile (spec §7 uploads). */
import type { RichTextImage } from '@profilehub/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { type Actor, canEditProfile, canManageUpload } from '../../http/policy.ts';
import type { ProcessedFile } from './process.ts';
import { KEY_PATTERN, type Purpose } from './rules.ts';
import { insertUploads, linkUpload, markUploadRemoved, profileScopeById, type UploadRow, unlinkUpload, uploadById } from './uploads.queries.ts';

/** The storage key in a stored URL as the client may send it back: root-relative or prefixed with the API base (spec §7). */
function uploadKeyOf(imgUrl: string): string | null {
  const value = imgUrl.trim();
  try {
    const path = value.startsWith('/') && !value.startsWith('//') ? new URL(value, 'http://x').pathname : new URL(value).pathname;
    const key = /^\/uploads\/([^/]+)$/.exec(path)?.[1];
    return key && KEY_PATTERN.test(key) ? key : null;
  } catch {
    return null;
  }
}

/** A profile the actor may edit (owner, supervisor of its division, superadmin), else 404. */
export async function editableProfile(db: Db, actor: Actor, id: number) {
  const p = await profileScopeById(db, id);
  if (!p || !canEditProfile(actor, p)) throw notFound('Profile not found');
  return p;
}

/** The rows of files just stored: the profile's division owns them, else the uploader's first division. */
export async function recordUploads(
  db: Db,
  actor: Actor,
  purpose: Purpose,
  profile: { id: number; companyId: number } | null | undefined,
  stored: { key: string; file: ProcessedFile }[],
): Promise<UploadRow[]> {
  const companyId = profile ? profile.companyId : (actor.companyIds[0] ?? null);
  return insertUploads(
    db,
    stored.map(({ key, file }) => ({
      companyId,
      userId: actor.userId,
      profileId: profile?.id ?? null,
      purpose,
      mime: file.mime,
      size: file.bytes.length,
      width: file.width,
      height: file.height,
      storageKey: key,
      url: `/uploads/${key}`,
    })),
  );
}

/** DELETE /upload/files/{id}: the removed upload; 404 unless the actor may manage it. */
export async function removeUpload(db: Db, actor: Actor, id: number): Promise<UploadRow> {
  const row = await uploadById(db, id);
  if (!row || !canManageUpload(actor, row)) throw notFound('File not found');
  await markUploadRemoved(db, row.id);
  return row;
}

/** POST /profile-modifications/images: links the upload to the profile when the actor may edit both and the URL is the upload's. */
export async function linkRichTextImage(db: Db, actor: Actor, input: { profile: number; img_url: string; img_id: number }): Promise<RichTextImage> {
  const profile = await editableProfile(db, actor, input.profile);
  const row = await uploadById(db, input.img_id);
  if (!row || !canManageUpload(actor, row) || uploadKeyOf(input.img_url) !== row.storageKey) throw notFound('File not found');
  await linkUpload(db, row.id, profile);
  return { id: row.id, url: row.url, profile: profile.id };
}

/** DELETE /profile-modifications/images: unlinks the image from the profile; 404 when it was not linked to it. */
export async function unlinkRichTextImage(db: Db, actor: Actor, input: { profile: number; img_url: string }): Promise<void> {
  const profile = await editableProfile(db, actor, input.profile);
  const key = uploadKeyOf(input.img_url);
  if (!key || !(await unlinkUpload(db, key, profile.id))) throw notFound('File not found');
}
