import { z } from 'zod';
import { MAX_ROW_ID } from './companies.ts';
import { hasNoNul, NUL_MESSAGE } from './errors.ts';
import { DIVISION_ROLES, OFFBOARDING_MESSAGES, OFFBOARDING_OUTCOMES, ROLE_MESSAGES, USER_SORT_COLUMNS, USERS_PAGE_SIZE } from './users.ts';

/** A person's role in one division: a plain user of it, or its supervisor (spec §6). */
export const DivisionRoleSchema = z.enum(DIVISION_ROLES, { error: ROLE_MESSAGES.badRole });

/** A name search: trimmed, at most 200 characters. */
export const ListFilterSchema = z.string().trim().max(200, 'The search can have at most 200 characters.').refine(hasNoNul, NUL_MESSAGE).optional();

/** `companyId=3,7` (spec §3 "companyId (comma-joined)"): the divisions to keep; empty keeps every visible one. */
export const CompanyIdListSchema = z
  .string()
  .max(2000)
  .regex(/^\s*(\d{1,10}\s*(,\s*\d{1,10}\s*)*)?$/, 'companyId must be a comma-separated list of division ids.')
  .transform((s) =>
    s
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean)
      .map(Number),
  )
  .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_ROW_ID), 'companyId must be a comma-separated list of division ids.')
  .optional();

/** Zero-based page index (spec §9). */
export const PageIndexSchema = z.coerce
  .number({ error: 'page must be a whole number from 0.' })
  .int('page must be a whole number from 0.')
  .min(0, 'page must be a whole number from 0.')
  .max(1_000_000, 'page is too large.')
  .default(0);

export const SortOrderSchema = z.enum(['asc', 'desc'], { error: 'order must be asc or desc.' });

/** isLive: true published, false unpublished, absent all (spec §7 Excel data). */
export const IsLiveSchema = z.enum(['true', 'false'], { error: 'isLive must be true or false.' }).optional();

/** Profile list fetch of the users list (spec §7): filter, companyId, order, orderBy, page, plus the tab (isLive). */
export const UsersListQuerySchema = z.strictObject({
  filter: ListFilterSchema,
  companyId: CompanyIdListSchema,
  order: SortOrderSchema.optional(),
  orderBy: z.enum(USER_SORT_COLUMNS, { error: `orderBy must be one of ${USER_SORT_COLUMNS.join(', ')}.` }).optional(),
  page: PageIndexSchema,
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize can be at most 100.').default(USERS_PAGE_SIZE),
  isLive: IsLiveSchema,
});
export type UsersListQuery = z.output<typeof UsersListQuerySchema>;

/** Spec §3 Users list row. */
export const UserRowSchema = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  fullName: z.string(),
  jobTitle: z.string().nullable(),
  profileThumbnail: z.string().nullable(),
  /** The public page's address (null until the profile has an alias). */
  url: z.string().nullable(),
  alias: z.string().nullable(),
  email: z.string().nullable(),
  companyId: z.number(),
  companyName: z.string(),
  templateName: z.string().nullable(),
  updatedAt: z.string(),
  /** Lifetime views. */
  count: z.number(),
  publishedAt: z.string().nullable(),
  /** The owner's role in the row's division (user for a profile without an owner). */
  role: DivisionRoleSchema,
  /** When the owner was deactivated in the row's division (offboarding), null while active. */
  deactivatedAt: z.string().nullable(),
});
export type UserRow = z.infer<typeof UserRowSchema>;

export const TabCountsSchema = z.object({ published: z.number(), unpublished: z.number(), all: z.number() });
export type TabCounts = z.infer<typeof TabCountsSchema>;

export const UsersListResponseSchema = z.object({
  data: z.array(UserRowSchema),
  page: z.number(),
  pageSize: z.number(),
  /** Rows matching the filter in the chosen tab. */
  total: z.number(),
  /** Rows matching the filter per tab (spec §2 "tabs … with counts"). */
  counts: TabCountsSchema,
});
export type UsersListResponse = z.infer<typeof UsersListResponseSchema>;

/** Excel data fetch (spec §7): filter, companyId and isLive; `format=csv` gives the same rows as CSV. */
export const UsersExportQuerySchema = z.strictObject({
  filter: ListFilterSchema,
  companyId: CompanyIdListSchema,
  isLive: IsLiveSchema,
  order: SortOrderSchema.optional(),
  orderBy: z.enum(USER_SORT_COLUMNS, { error: `orderBy must be one of ${USER_SORT_COLUMNS.join(', ')}.` }).optional(),
  format: z.enum(['xlsx', 'csv'], { error: 'format must be xlsx or csv.' }).default('xlsx'),
});
export type UsersExportQuery = z.output<typeof UsersExportQuerySchema>;

/** User suggestions (spec §7): filter and a zero-based page. */
export const UserSuggestionsQuerySchema = z.strictObject({
  filter: ListFilterSchema,
  page: PageIndexSchema,
  companyId: CompanyIdListSchema,
});

export const UserSuggestionSchema = z.object({
  id: z.number(),
  fullName: z.string(),
  alias: z.string().nullable(),
  companyId: z.number(),
  companyName: z.string(),
});
export const UserSuggestionsResponseSchema = z.object({ data: z.array(UserSuggestionSchema), page: z.number(), hasMore: z.boolean() });
export type UserSuggestion = z.infer<typeof UserSuggestionSchema>;

export const RollbackResponseSchema = z.object({ success: z.literal(true), message: z.string(), publishedAt: z.string() });
export type RollbackResponse = z.infer<typeof RollbackResponseSchema>;

/** PUT /users/{id}/role: make the person a supervisor of the division, or a plain user of it again. */
export const SetDivisionRoleSchema = z.strictObject({
  companyId: z.number({ error: ROLE_MESSAGES.divisionRequired }).int().positive().max(MAX_ROW_ID),
  role: DivisionRoleSchema,
});
export const SetDivisionRoleResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  userId: z.number(),
  companyId: z.number(),
  role: DivisionRoleSchema,
});
export type SetDivisionRoleResponse = z.infer<typeof SetDivisionRoleResponseSchema>;

/** The superadmins list (platform staff): who they are. */
export const SuperadminSchema = z.object({ id: z.number(), email: z.string(), name: z.string() });
export type Superadmin = z.infer<typeof SuperadminSchema>;
export const SuperadminsResponseSchema = z.object({ data: z.array(SuperadminSchema) });
/** POST /superadmins: an existing account, by its email, becomes a superadmin. */
export const AddSuperadminSchema = z.strictObject({
  email: z
    .string({ error: ROLE_MESSAGES.emailRequired })
    .trim()
    .min(1, ROLE_MESSAGES.emailRequired)
    .max(254)
    .refine(hasNoNul, NUL_MESSAGE)
    .transform((s) => s.toLowerCase()),
});
export const RoleChangeResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const OffboardingOutcomeSchema = z.enum(OFFBOARDING_OUTCOMES, { error: OFFBOARDING_MESSAGES.badOutcome });

/** POST /users/{id}/deactivate: the division, what the page does (the division's default when absent) and the successor's profile. */
export const DeactivateMemberSchema = z.strictObject({
  companyId: z.number({ error: ROLE_MESSAGES.divisionRequired }).int().positive().max(MAX_ROW_ID),
  outcome: OffboardingOutcomeSchema.optional(),
  successorProfileId: z.number().int().positive().max(MAX_ROW_ID).optional(),
});
export type DeactivateMember = z.infer<typeof DeactivateMemberSchema>;

/** POST /users/{id}/reactivate. */
export const ReactivateMemberSchema = z.strictObject({
  companyId: z.number({ error: ROLE_MESSAGES.divisionRequired }).int().positive().max(MAX_ROW_ID),
});

export const OffboardingResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  userId: z.number(),
  companyId: z.number(),
  outcome: OffboardingOutcomeSchema.nullable(),
  /** What moved to the successor (or back): lead submissions and statistics rows. */
  moved: z.object({ leads: z.number(), statistics: z.number() }),
});
export type OffboardingResponse = z.infer<typeof OffboardingResponseSchema>;
