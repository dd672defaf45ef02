/**
 * Zod schemas of spec §3 Permission entry, record and set. The rules that read
 * them are in `permissions.ts` (no zod there).
 */
import { z } from 'zod';
import { RecordIdSchema } from './content.ts';

/** Spec §3 Permission entry; every flag defaults to true for a new entry. */
export const PermissionEntrySchema = z.strictObject({
  key: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,200}$/, 'Permission keys may only have letters, digits, dots, dashes and underscores.'),
  show: z.boolean().default(true),
  edit: z.boolean().default(true),
  optional: z.boolean().default(true),
  sortable: z.boolean().default(true),
});

/** At most this many entries in one record (a document has far fewer keys). */
export const PERMISSION_ENTRIES_MAX = 2000;

/** A list of entries with unique keys. */
export const PermissionEntriesSchema = z
  .array(PermissionEntrySchema)
  .max(PERMISSION_ENTRIES_MAX, `A permission record can hold up to ${PERMISSION_ENTRIES_MAX} entries.`)
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (seen.has(entry.key)) ctx.addIssue({ code: 'custom', message: `The permission key "${entry.key}" appears twice.`, path: [index, 'key'] });
      seen.add(entry.key);
    });
  });

/** Spec §3 Permission record: a title and its entries. */
export const PermissionRecordSchema = z.strictObject({
  id: RecordIdSchema.optional(),
  title: z.string().trim().min(1, 'Give the permissions a title.').max(250),
  permissions: PermissionEntriesSchema,
});
export type PermissionRecord = z.output<typeof PermissionRecordSchema>;

/** Spec §3 Permission set: the master's own and its children's records, as the editor loads them. */
export const PermissionSetSchema = z.strictObject({
  masterPermissions: PermissionEntriesSchema.default(() => []),
  childPermissions: PermissionEntriesSchema.default(() => []),
  masterPermissionId: RecordIdSchema.nullable().optional(),
  childPermissionId: RecordIdSchema.nullable().optional(),
  profileId: RecordIdSchema.optional(),
  profileName: z.string().trim().max(250).optional(),
});
export type PermissionSet = z.output<typeof PermissionSetSchema>;
