import { z } from 'zod';
import { MAX_ROW_ID } from './companies.ts';
import { hasNoNul, NUL_MESSAGE } from './errors.ts';
import { INTERACTION_ACTIONS, INTERACTION_TYPES, VIEW_DIMENSIONS } from './events.ts';
import { daysInRange, isIsoDay, QUERY_REPORTS, REPORT_LIMITS } from './reports.ts';

/** Messages of the statistics API a person can act on. */
export const REPORT_MESSAGES = {
  badDay: 'Dates must be real days written yyyy-MM-dd, e.g. 2026-01-31.',
  endBeforeStart: 'The end date is before the start date.',
  rangeTooLong: `A date range can be at most ${REPORT_LIMITS.maxRangeDays} days long.`,
  badCompanyIds: 'companyId must be one or more division ids separated by commas.',
  badTypes: `values must be interaction types separated by commas (${INTERACTION_TYPES.join(', ')}).`,
  superadminOnly: 'Only a superadmin can see the industry average.',
} as const;

/** An absent query value and an empty one (`start=`) mean the same. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const day = z.string().refine(isIsoDay, REPORT_MESSAGES.badDay);
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const ids = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, REPORT_MESSAGES.badCompanyIds)
  .transform((s) => s.split(',').map(Number))
  .refine((list) => list.every((n) => n >= 1 && n <= MAX_ROW_ID), REPORT_MESSAGES.badCompanyIds);

/** A date range of spec §7 (`start`, `end` as yyyy-MM-dd, UTC days): no start means from the first day. */
const rangeFields = {
  /** First day counted (UTC). Absent: lifetime. */
  start: optional(day),
  /** Last day counted (UTC), inclusive. Absent: today. */
  end: optional(day),
  /** Divisions to report on, comma-joined (the division filter); absent: every division the caller may see. */
  companyId: optional(ids),
  /** One profile; it wins over companyId. */
  profileId: optional(z.coerce.number().int().positive().max(MAX_ROW_ID)),
};

function checkRange(q: { start?: string | undefined; end?: string | undefined }, ctx: z.RefinementCtx) {
  if (!q.start || !q.end) return;
  if (q.end < q.start) ctx.addIssue({ code: 'custom', path: ['end'], message: REPORT_MESSAGES.endBeforeStart });
  else if (daysInRange(q.start, q.end) > REPORT_LIMITS.maxRangeDays) ctx.addIssue({ code: 'custom', path: ['start'], message: REPORT_MESSAGES.rangeTooLong });
}

/** Query of GET /api/reports/query/{report} (spec §7). Unknown parameters are refused so a typo is not silently ignored. */
export const ReportQuerySchema = z
  .strictObject({
    ...rangeFields,
    action: optional(z.enum(INTERACTION_ACTIONS)),
    type: optional(z.enum(INTERACTION_TYPES)),
    /** Interaction types to keep, comma-joined (e.g. `phone,email`). */
    values: optional(
      z
        .string()
        .max(400)
        .transform((s) => s.split(','))
        .refine((list) => list.every((t) => (INTERACTION_TYPES as readonly string[]).includes(t)), REPORT_MESSAGES.badTypes),
    ),
    orderBy: optional(z.enum(['data', 'label'])),
    order: optional(z.enum(['asc', 'desc'])),
    /** Rows to return; each report caps it (15 top profiles, 30 top interactions). */
    limit: optional(z.coerce.number().int().min(1).max(100)),
    /** Zero-based page of profile_with_count. */
    page: optional(z.coerce.number().int().min(0).max(10_000)),
    /** Name search of profile_with_count. */
    filter: optional(z.string().trim().max(100).refine(hasNoNul, NUL_MESSAGE)),
    /** profile_with_count: published profiles only (default true); false for unpublished ones. */
    isLive: optional(flag),
    /** profile_with_count: templates instead of people (default false). */
    isTemplate: optional(flag),
  })
  .superRefine(checkRange);
export type ReportQuery = z.output<typeof ReportQuerySchema>;

export const QueryReportParamsSchema = z.object({
  report: z.enum(QUERY_REPORTS, { error: `The report must be one of ${QUERY_REPORTS.join(', ')}.` }),
});

/** One report item (spec §3 label, data, value, type, title, action) with unique visitors and shares beside the count. */
export const ReportItemSchema = z.object({
  label: z.string(),
  data: z.number(),
  value: z.union([z.string(), z.number()]).optional(),
  type: z.string().optional(),
  title: z.string().optional(),
  action: z.string().optional(),
  /** Unique visitors: distinct visitors per day, summed over the days (and profiles) counted. */
  visitors: z.number().optional(),
  /** Share of the report's total in percent, one decimal. */
  percentage: z.number().optional(),
  /** profile_with_count: the profile behind the row. */
  profileId: z.number().optional(),
  companyId: z.number().optional(),
  alias: z.string().nullable().optional(),
  picture: z.string().nullable().optional(),
});
export type ReportItem = z.infer<typeof ReportItemSchema>;

export const ReportResponseSchema = z.object({
  data: z.array(ReportItemSchema),
  /** Sum of the counts the report covers in the range (all rows, not just the page shown). */
  total: z.number(),
  visitors: z.number(),
  /** all_visits: bot and link-preview hits dropped in the same scope and range. */
  filtered: z.number().optional(),
  /** all_visits: the total of the previous period (same length, ending the day before the start); null for lifetime. */
  previous: z.number().nullable().optional(),
  start: z.string().nullable(),
  end: z.string(),
  /** profile_views: whether each item is a day or a month. */
  interval: z.enum(['day', 'month']).optional(),
});
export type ReportResponse = z.infer<typeof ReportResponseSchema>;

/** Query of GET /api/reports/overview: who the statistics page is about. */
export const ReportOverviewQuerySchema = z.strictObject({ companyId: rangeFields.companyId, profileId: rangeFields.profileId });

/** What the statistics page title needs: a profile (name, picture) or divisions, and how many profiles are in view. */
export const ReportOverviewSchema = z.object({
  kind: z.enum(['profile', 'company']),
  name: z.string(),
  picture: z.string().nullable(),
  profile: z.object({ id: z.number(), companyId: z.number(), alias: z.string().nullable(), published: z.boolean(), isMaster: z.boolean() }).nullable(),
  /** Profiles (not templates) in view: one hides the Top viewed profiles card. */
  profileCount: z.number(),
});
export type ReportOverview = z.infer<typeof ReportOverviewSchema>;

/** Query of GET /api/reports/lead-forms: the range and scope, and `format=xlsx` for the spreadsheet. */
export const LeadFormsQuerySchema = z.strictObject({ ...rangeFields, format: optional(z.enum(['json', 'xlsx'])) }).superRefine(checkRange);
export type LeadFormsQuery = z.output<typeof LeadFormsQuerySchema>;

export const LeadSubmissionItemSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  profileId: z.number(),
  profileName: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  message: z.string(),
});
export type LeadSubmissionItem = z.infer<typeof LeadSubmissionItemSchema>;

export const LeadFormsResponseSchema = z.object({ data: z.array(LeadSubmissionItemSchema), total: z.number() });
export type LeadFormsResponse = z.infer<typeof LeadFormsResponseSchema>;

/** Query of GET /api/reports/view-sources: the range and scope, and `format=xlsx` for the spreadsheet. */
export const ViewSourcesQuerySchema = z.strictObject({ ...rangeFields, format: optional(z.enum(['json', 'xlsx'])) }).superRefine(checkRange);
export type ViewSourcesQuery = z.output<typeof ViewSourcesQuerySchema>;

/** One value of a dimension: views in the range, and its share of the dimension's views. */
export const ViewSourceItemSchema = z.object({ value: z.string(), label: z.string(), count: z.number(), percentage: z.number() });
export type ViewSourceItem = z.infer<typeof ViewSourceItemSchema>;

/** Where views came from (issue 30): per dimension, its values with the most views first. */
export const ViewSourcesResponseSchema = z.object({
  dimensions: z.array(
    z.object({
      dimension: z.enum(VIEW_DIMENSIONS),
      /** Views counted in this dimension (views before the dimensions were counted are not in it). */
      total: z.number(),
      /** The top values (the card's rows); the spreadsheet has them all. */
      items: z.array(ViewSourceItemSchema),
    }),
  ),
  start: z.string().nullable(),
  end: z.string(),
});
export type ViewSourcesResponse = z.infer<typeof ViewSourcesResponseSchema>;
