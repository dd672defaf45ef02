import { z } from 'zod';

/** How long a finished export can be downloaded (and deleting its division may rely on it). */
export const DIVISION_EXPORT_TTL_DAYS = 7;
/** A division may be deleted only on an export at most this old, made after its last change. */
export const DELETE_EXPORT_MAX_AGE_HOURS = 24;

export const DIVISION_EXPORT_MESSAGES = {
  notFound: 'Export not found',
  notReady: 'This export is not finished yet. Wait for it to finish, then download it.',
  failed: 'The export failed. Start a new export; if it fails again, ask the platform’s operator to look at the server log.',
  expired: `This export has expired (exports are kept for ${DIVISION_EXPORT_TTL_DAYS} days). Start a new export.`,
  exportFirst: 'Export all of this division’s data first: a division can only be deleted once a finished export of it exists.',
  exportOutdated: `This division changed after the export was made, or the export is more than ${DELETE_EXPORT_MAX_AGE_HOURS} hours old. Export its data again, then delete it.`,
  nameMismatch: 'Type the division’s name exactly as shown to confirm.',
  deleted: 'Division deleted. Its export stays downloadable until it expires.',
} as const;

/** Where an export stands: the job's phase and how far it got (`done` of `total` steps). */
export const DivisionExportSchema = z.object({
  id: z.uuid(),
  companyId: z.number().int(),
  status: z.enum(['queued', 'running', 'ready', 'failed']),
  /** data: reading the division's records; uploads: copying its files; storing: putting the zip where every server finds it. */
  phase: z.enum(['queued', 'data', 'uploads', 'storing', 'done', 'failed']),
  done: z.number().int(),
  total: z.number().int(),
  /** The zip's size in bytes, once ready. */
  size: z.number().int().nullable(),
  fileName: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** After this the zip is removed and can no longer be downloaded. */
  expiresAt: z.string(),
});
export type DivisionExport = z.infer<typeof DivisionExportSchema>;

export const DivisionExportListSchema = z.object({ data: z.array(DivisionExportSchema) });
export type DivisionExportList = z.infer<typeof DivisionExportListSchema>;

/**
 * DELETE /api/companies/{id}: the division's name typed by the superadmin, and the finished
 * export that keeps its data (made after its last change, within the last day).
 */
export const DeleteCompanySchema = z.strictObject({
  confirm: z.string({ error: DIVISION_EXPORT_MESSAGES.nameMismatch }).max(200),
  /** Absent: refused (409) with the words that say to export first. */
  exportId: z.uuid({ error: DIVISION_EXPORT_MESSAGES.exportFirst }).optional(),
});
export type DeleteCompanyInput = z.infer<typeof DeleteCompanySchema>;

export const DeleteCompanyResultSchema = z.object({
  id: z.number().int(),
  /** Accounts removed with it: members of no other division who are not platform staff. */
  usersDeleted: z.number().int(),
  /** Uploaded files removed from storage. */
  filesDeleted: z.number().int(),
});
export type DeleteCompanyResult = z.infer<typeof DeleteCompanyResultSchema>;
