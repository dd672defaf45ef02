import { z } from 'zod';

/**
 * A stored file as POST /upload (one per file, in order) and DELETE /upload/files/{id} answer it:
 * its id, where it is served, its type as decided from the content, its size in pixels
 * (null where it has none: a video) and in bytes.
 */
export const UploadItemSchema = z.object({
  id: z.number(),
  url: z.string(),
  mime: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  size: z.number(),
});
export type UploadItem = z.infer<typeof UploadItemSchema>;

/**
 * POST /profile-modifications/images (spec §7): the upload, now linked to the profile whose
 * rich text shows it — its id, where it is served, and the profile's id.
 */
export const RichTextImageSchema = z.object({ id: z.number(), url: z.string(), profile: z.number() });
export type RichTextImage = z.infer<typeof RichTextImageSchema>;
