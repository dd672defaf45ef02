import { z } from 'zod';
import { ApprovalSchema } from './profile-api.schemas.ts';
import { CompanyIdListSchema, ListFilterSchema, PageIndexSchema, SortOrderSchema } from './users.schemas.ts';
import { APPROVAL_SORT_COLUMNS, APPROVALS_PAGE_SIZE } from './users.ts';

/** GET /approvals (spec §7 "a raw filter of companies and approved null"): the queue, or resolved ones. */
export const ApprovalsListQuerySchema = z.strictObject({
  filter: ListFilterSchema,
  companyId: CompanyIdListSchema,
  order: SortOrderSchema.optional(),
  orderBy: z.enum(APPROVAL_SORT_COLUMNS, { error: `orderBy must be one of ${APPROVAL_SORT_COLUMNS.join(', ')}.` }).optional(),
  page: PageIndexSchema,
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize can be at most 100.').default(APPROVALS_PAGE_SIZE),
  /** active: pending (approved null); resolved: answered, newest answer first by default. */
  status: z.enum(['active', 'resolved'], { error: 'status must be active or resolved.' }).default('active'),
});
export type ApprovalsListQuery = z.output<typeof ApprovalsListQuerySchema>;

/** Spec §3 Approval list row: the approval plus the profile it is about. */
export const ApprovalRowSchema = ApprovalSchema.extend({
  approvalId: z.number(),
  fullName: z.string(),
  jobTitle: z.string().nullable(),
  profileThumbnail: z.string().nullable(),
  url: z.string().nullable(),
  companyName: z.string(),
  companyId: z.number(),
  alias: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** Who answered (resolved approvals keep their history). */
  respondedBy: z.string().nullable(),
});
export type ApprovalRow = z.infer<typeof ApprovalRowSchema>;

export const ApprovalsListResponseSchema = z.object({
  data: z.array(ApprovalRowSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  /** Pending approvals the caller answers (the side navigation's badge). */
  pending: z.number(),
});
export type ApprovalsListResponse = z.infer<typeof ApprovalsListResponseSchema>;

export const ApprovalsCountResponseSchema = z.object({ pending: z.number() });
