import { z } from 'zod';

/** Bulk import of staff (issue #26): the columns a file's headers can be mapped to. */
export const IMPORT_FIELDS = ['fullName', 'email', 'alias', 'division', 'jobTitle', 'phone'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  fullName: 'Full Name',
  email: 'Email Address',
  alias: 'Profile Alias',
  division: 'Division',
  jobTitle: 'Job title',
  phone: 'Phone',
};

/** At most this many data rows and this many bytes in one file. */
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const IMPORT_MESSAGES = {
  tooLarge: `The file is too large: at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyRows: `The file has too many rows: at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')}.`,
  unreadable: 'The file could not be read. Upload a CSV or an Excel (.xlsx) file.',
  empty: 'The file has no rows below its header row.',
  duplicateEmail: (firstRow: number) => `This email address is already on row ${firstRow} of the file.`,
  unknownDivision: (name: string) => `Unknown division: ${name}`,
  emailColumn: 'Choose the column that holds the email address.',
  nameColumn: 'Choose the column that holds the full name.',
} as const;

/** Which header feeds each field (a header of the file, or absent). */
export const ImportMappingSchema = z.strictObject(
  Object.fromEntries(IMPORT_FIELDS.map((f) => [f, z.string().max(200).optional()])) as Record<ImportField, z.ZodOptional<z.ZodString>>,
);
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

/** The uploaded file (base64, as a JSON field) and, once chosen, the mapping of its columns. */
export const ImportRequestSchema = z.strictObject({
  fileName: z.string().trim().min(1).max(255),
  file: z.string().max(Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 8, IMPORT_MESSAGES.tooLarge),
  mapping: ImportMappingSchema.optional(),
  /** Import only: email each newly created person their invitation. */
  notify: z.boolean().default(true),
});
export type ImportRequest = z.input<typeof ImportRequestSchema>;

export const ImportPreviewRowSchema = z.object({
  /** The row's number in the file (the header is row 1). */
  row: z.number(),
  values: z.record(z.string(), z.string()),
  errors: z.array(z.string()),
});
export type ImportPreviewRow = z.infer<typeof ImportPreviewRowSchema>;

export const ImportPreviewResponseSchema = z.object({
  headers: z.array(z.string()),
  mapping: ImportMappingSchema,
  rows: z.array(ImportPreviewRowSchema),
  valid: z.number(),
  invalid: z.number(),
});
export type ImportPreviewResponse = z.infer<typeof ImportPreviewResponseSchema>;

/** What became of a row: its person created or updated, or the row skipped (with the reason). */
const IMPORT_OUTCOMES = ['created', 'updated', 'skipped'] as const;
export type ImportOutcomeKind = (typeof IMPORT_OUTCOMES)[number];

export const ImportJobIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** An import running as a job (POST /users/import answers it; GET /users/import/:id polls it). */
export const ImportJobSchema = z.object({
  id: z.number(),
  fileName: z.string(),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  notify: z.boolean(),
  /** Rows of the file (its header not counted) and how many have an outcome so far. */
  total: z.number(),
  done: z.number(),
  created: z.number(),
  updated: z.number(),
  skipped: z.number(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

const GUESS: Record<ImportField, RegExp> = {
  fullName: /^(full\s*name|name|person|staff|employee)$/i,
  email: /e-?mail/i,
  alias: /alias|slug|handle/i,
  division: /division|devision|company|department|branch/i,
  jobTitle: /job|title|position|role/i,
  phone: /phone|mobile|cell|tel|contact\s*number/i,
};

/** A first mapping from a file's headers: each field takes the first unused header that names it. */
export function guessImportMapping(headers: string[]): ImportMapping {
  const used = new Set<string>();
  const out: ImportMapping = {};
  for (const field of IMPORT_FIELDS) {
    const h = headers.find((x) => !used.has(x) && GUESS[field].test(x.trim()));
    if (h !== undefined) {
      out[field] = h;
      used.add(h);
    }
  }
  return out;
}
