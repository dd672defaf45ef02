/**
 * The editor's autosave call: PATCH /profiles/{id} {version, changes} — only the
 * top-level fields that changed (`null` clears one). See `changes.ts`.
 */
import { z } from 'zod';
import { MAX_ROW_ID } from '../companies.ts';
import { EDITABLE_CONTENT_FIELDS } from './changes.ts';

export const PatchProfileSchema = z.object({
  version: z.number({ error: 'version is required: send the version the edit started from.' }).int().min(1).max(MAX_ROW_ID),
  changes: z
    .record(z.string(), z.unknown(), { error: 'changes must be an object of fields.' })
    .refine((changes) => Object.keys(changes).every((field) => (EDITABLE_CONTENT_FIELDS as readonly string[]).includes(field)), {
      message: `changes may only name profile fields (${EDITABLE_CONTENT_FIELDS.join(', ')}).`,
    }),
});
export type PatchProfileInput = z.output<typeof PatchProfileSchema>;
