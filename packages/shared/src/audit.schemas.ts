import { z } from 'zod';
import { hasNoNul, NUL_MESSAGE } from './errors.ts';
import { isIsoDay } from './reports.ts';
import { CompanyIdListSchema, PageIndexSchema } from './users.schemas.ts';

/** Rows of the audit log a page shows unless the caller asks for another size. */
export const AUDIT_PAGE_SIZE = 25;

/** The operator actions the log records, for the screen's action filter (older or rarer names are still shown). */
export const AUDIT_ACTIONS = [
  'company.created',
  'company.updated',
  'company.archived',
  'company.restored',
  'company.domain_set',
  'company.domain_verified',
  'company.domain_removed',
  'role.changed',
  'user.invited',
  'users.imported',
  'profile.rolled_back',
  'setup.completed',
  'superadmin.created_by_cli',
  'account.registered',
  'account.password_set',
  'account.password_reset',
  'account.google_linked',
  'account.passkey_added',
  'account.passkey_removed',
  'account.second_factor_on',
  'account.second_factor_off',
  'account.signed_in',
  'profile.published',
  'profile.unpublished',
  'profile.deleted',
  'approval.approved',
  'approval.declined',
  'company.export_requested',
  'member.deactivated',
  'member.reactivated',
  'sso.configured',
  'sso.updated',
  'sso.removed',
  'contact.deleted',
  'contact.erased',
  'contacts.expired',
] as const;

/** Messages of the audit log API a person can act on. */
export const AUDIT_MESSAGES = {
  badDay: 'Dates must be real days written yyyy-MM-dd, e.g. 2026-01-31.',
  toBeforeFrom: 'The “to” date is before the “from” date.',
  badActions: 'action must be one or more action names (like company.updated) separated by commas.',
  notReader: 'The audit log is read by superadmins, and by supervisors for their own divisions.',
} as const;

/** An absent query value and an empty one (`from=`) mean the same. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const day = z.string().refine(isIsoDay, AUDIT_MESSAGES.badDay);
const text = (what: string) => z.string().trim().max(200, `${what} can have at most 200 characters.`).refine(hasNoNul, NUL_MESSAGE);

const filterFields = {
  /** Who acted: a user id, or part of their email or name. */
  actor: optional(text('The actor search')),
  /** One or more action names, comma-joined (`role.changed,company.updated`). */
  action: optional(
    z
      .string()
      .max(2000)
      .regex(/^\s*[a-z][a-z_]*(\.[a-z_]+)*\s*(,\s*[a-z][a-z_]*(\.[a-z_]+)*\s*){0,49}$/, AUDIT_MESSAGES.badActions)
      .transform((s) =>
        s
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean),
      ),
  ),
  /** The divisions the action was about, comma-joined. */
  companyId: CompanyIdListSchema,
  /** First UTC day shown (inclusive). */
  from: optional(day),
  /** Last UTC day shown (inclusive). */
  to: optional(day),
  /** Free text found in the action, the target or the change record. */
  q: optional(text('The search')),
};

function checkRange(q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: AUDIT_MESSAGES.toBeforeFrom });
}

/** GET /api/audit: the filters, a zero-based page, newest first. */
export const AuditQuerySchema = z
  .strictObject({
    ...filterFields,
    page: PageIndexSchema,
    pageSize: z.coerce.number().int().min(1).max(100, 'pageSize can be at most 100.').default(AUDIT_PAGE_SIZE),
  })
  .superRefine(checkRange);
export type AuditQuery = z.output<typeof AuditQuerySchema>;

/** GET /api/audit/export: the same filters, every row, as .xlsx or .csv. */
export const AuditExportQuerySchema = z
  .strictObject({ ...filterFields, format: z.enum(['xlsx', 'csv'], { error: 'format must be xlsx or csv.' }).default('xlsx') })
  .superRefine(checkRange);
export type AuditExportQuery = z.output<typeof AuditExportQuerySchema>;

/** One changed field: its dotted name (`feature_flags.approvals`) and its value before and after (secrets shown as "[redacted]"). */
export const AuditChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type AuditChange = z.infer<typeof AuditChangeSchema>;

export const AuditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  /** Who acted; null for the command line or a deleted account. */
  actor: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  actorId: z.number().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  /** The division the action was about, when there is one. */
  company: z.object({ id: z.number(), title: z.string() }).nullable(),
  /** The fields that changed, before → after; empty for an action without a change record. */
  changes: z.array(AuditChangeSchema),
  /** Anything else recorded (the user acted on, counts of an import). */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditListResponseSchema = z.object({ data: z.array(AuditEntrySchema), page: z.number(), pageSize: z.number(), total: z.number() });
export type AuditListResponse = z.infer<typeof AuditListResponseSchema>;

/** A value of a change as a person reads it: text as it is, nothing as "—", anything else as JSON. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
