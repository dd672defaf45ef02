import { z } from 'zod';
import { CompanyIdListSchema, ListFilterSchema, PageIndexSchema, SortOrderSchema } from './users.schemas.ts';
import { TEMPLATE_SORT_COLUMNS, TEMPLATES_PAGE_SIZE } from './users.ts';

/** The templates list (spec §2): search, divisions, sort A-Z / DIVISION / LINKED_PROFILES, page of 50. */
export const TemplatesListQuerySchema = z.strictObject({
  filter: ListFilterSchema,
  companyId: CompanyIdListSchema,
  order: SortOrderSchema.optional(),
  orderBy: z.enum(TEMPLATE_SORT_COLUMNS, { error: `orderBy must be one of ${TEMPLATE_SORT_COLUMNS.join(', ')}.` }).optional(),
  page: PageIndexSchema,
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize can be at most 100.').default(TEMPLATES_PAGE_SIZE),
});
export type TemplatesListQuery = z.output<typeof TemplatesListQuerySchema>;

/** Spec §3 Templates list item. */
export const TemplateItemSchema = z.object({
  id: z.number(),
  templateName: z.string().nullable(),
  profileName: z.string().nullable(),
  companyName: z.string(),
  companyId: z.number(),
  linkedProfiles: z.number(),
  profileThumbnail: z.string().nullable(),
  isMaster: z.literal(true),
  isLive: z.boolean(),
  fullName: z.string(),
  profilePicture: z.string().nullable(),
  /** The public page's address, when the template is published with an alias. */
  url: z.string().nullable(),
});
export type TemplateItem = z.infer<typeof TemplateItemSchema>;

export const TemplatesListResponseSchema = z.object({
  data: z.array(TemplateItemSchema),
  page: z.number(),
  pageSize: z.number(),
  /** Templates matching the search and divisions. */
  total: z.number(),
  /** Every template the caller may see (the page title's n). */
  all: z.number(),
});
export type TemplatesListResponse = z.infer<typeof TemplatesListResponseSchema>;
