import { z } from 'zod';
import { COMPANY_MESSAGES, type CompanyQuery, FEATURE_FLAGS, type FeatureFlag, MAX_ROW_ID, RESERVED_SUBDOMAINS } from './companies.ts';
import { hasNoNul, NUL_MESSAGE } from './errors.ts';
import { PROFILE_BOUNDS, PROFILE_MESSAGES } from './profile/constants.ts';
import { isEmptyRichText } from './profile/rules.ts';
import { OFFBOARDING_OUTCOMES } from './users.ts';

export const FeatureFlagsSchema = z.object(
  Object.fromEntries(FEATURE_FLAGS.map((f) => [f, z.boolean().optional()])) as Record<FeatureFlag, z.ZodOptional<z.ZodBoolean>>,
);

const cssColor = z
  .string()
  .trim()
  .max(64)
  .regex(/^(#[0-9a-fA-F]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/, 'Use a hex, rgb() or hsl() colour.');
const httpsUrl = z
  .string()
  .trim()
  .max(2048)
  .regex(/^https:\/\//, 'Links must start with https://');
/** Images may be our own uploads (a path) or https URLs — never javascript: or data:. */
const imageUrl = z
  .string()
  .trim()
  .max(2048)
  .regex(/^(https:\/\/|\/)/, 'Images must be an https:// URL or an uploaded file.');

/** White-label record of spec §3: replaces the product's title, logos, icons and colours. */
export const WhiteLabelSchema = z.object({
  title: z.string().trim().min(1).max(80),
  logo: imageUrl.nullish(),
  light_logo: imageUrl.nullish(),
  icon: imageUrl.nullish(),
  light_icon: imageUrl.nullish(),
  profile_placeholder_image: imageUrl.nullish(),
  brand_color: cssColor.nullish(),
  brand_dark_color: cssColor.nullish(),
  brand_color_success: cssColor.nullish(),
  brand_color_error: cssColor.nullish(),
  css: z.string().max(20_000).nullish(),
  domain: z.string().trim().max(253).nullish(),
  profile_domain: z.string().trim().max(253).nullish(),
  tut_video: httpsUrl.nullish(),
  /** The division's own FAQ in settings (plain text: blank lines part paragraphs); the product's FAQ when absent. */
  faq: z
    .array(z.object({ question: z.string().trim().min(1).max(200), answer: z.string().trim().min(1).max(2_000) }))
    .max(30)
    .nullish(),
  /** The division's own legal text in settings (plain text: blank lines part paragraphs); the product's when absent. */
  legal: z.string().trim().max(10_000).nullish(),
  updatedAt: z.string().nullish(),
});
export type WhiteLabel = z.infer<typeof WhiteLabelSchema>;

/** GET /white-label (public): the white-label of the hub host the browser is on, and how one signs in there. */
export const WhiteLabelResponseSchema = z.object({
  whiteLabel: WhiteLabelSchema.nullable(),
  supportHref: z.string(),
  /** Whether this hub offers "Sign in with Google" (the server has the provider configured). */
  googleSignIn: z.boolean(),
  /** Set while the hub's division is archived: what its sign-in page says instead of letting anyone in. */
  closed: z.string().nullable(),
});
export type WhiteLabelResponse = z.infer<typeof WhiteLabelResponseSchema>;

/**
 * The division's consent (spec §4 Publish flow step 2): when on, its people agree to the text
 * (rich text, sanitised when saved) in the "Disclaimer" modal before they publish.
 */
const DivisionConsentSchema = z.object({ enable: z.boolean(), text: z.string() });

/** The console's consent setting: both parts together, and no consent without a text to agree to. */
const consentSetting = z
  .strictObject({
    enable: z.boolean(),
    text: z.string().max(PROFILE_BOUNDS.longText, PROFILE_MESSAGES.tooLong('Consent text', PROFILE_BOUNDS.longText)).refine(hasNoNul, NUL_MESSAGE),
  })
  .superRefine((c, ctx) => {
    if (c.enable && isEmptyRichText(c.text)) ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.consentTextRequired, path: ['text'] });
  });

/** The shape of a division as the hub reads it (spec §3 Division). */
export const CompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  subdomain: z.string(),
  customDomain: z.string().nullable(),
  customDomainUrl: z.string().nullable(),
  masterProfiles: z.array(z.object({ id: z.number().int() })),
  limits: z.object({ imageGallery: z.number().int() }),
  feature_flags: z.object(Object.fromEntries(FEATURE_FLAGS.map((f) => [f, z.boolean()])) as Record<FeatureFlag, z.ZodBoolean>),
  customSupportLink: z.string().nullable(),
  paymentStructure: z.enum(['individual', 'corporate']),
  publicationState: z.enum(['live', 'preview']),
  whiteLabel: WhiteLabelSchema.nullable(),
  consent: DivisionConsentSchema,
});
export type Company = z.infer<typeof CompanySchema>;

const intString = z.coerce.number().int().min(1).max(MAX_ROW_ID);

/**
 * The subset of the Strapi-like query language that spec §7 shows for
 * GET /companies. Keys arrive flattened (`filters[id][$eq][0]=3`), so the
 * schema reads the flat keys and `parseCompanyQuery` folds them.
 */
export const CompanyQuerySchema = z
  .object({
    'filters[description][$containsi]': z.string().max(200).refine(hasNoNul, NUL_MESSAGE).optional(),
    'pagination[page]': intString.optional(),
    'pagination[pageSize]': z.coerce.number().int().min(1).max(100).optional(),
    sort: z.enum(['description:asc', 'description:desc', 'name:asc', 'name:desc', 'id:asc', 'id:desc']).optional(),
    publicationState: z.enum(['live', 'preview']).optional(),
    populate: z.union([z.string().max(100), z.array(z.string().max(100)).max(10)]).optional(),
  })
  .catchall(z.union([z.string().max(200), z.array(z.string().max(200)).max(200)]))
  .superRefine((q, ctx) => {
    for (const key of Object.keys(q)) {
      if (key in CompanyQueryKnownKeys) continue;
      if (/^filters\[id\]\[\$eq\]\[\d{1,3}\]$/.test(key) || key === 'filters[id][$eq]' || key === 'filters[id][$in]') {
        const raw = q[key];
        for (const v of Array.isArray(raw) ? raw : [raw]) {
          if (typeof v !== 'string' || !/^\d{1,10}$/.test(v) || Number(v) > MAX_ROW_ID)
            ctx.addIssue({ code: 'custom', path: [key], message: `${key} must be a company id` });
        }
        continue;
      }
      ctx.addIssue({ code: 'custom', path: [key], message: `Unknown query parameter ${key}` });
    }
  });
const CompanyQueryKnownKeys = {
  'filters[description][$containsi]': 1,
  'pagination[page]': 1,
  'pagination[pageSize]': 1,
  sort: 1,
  publicationState: 1,
  populate: 1,
};

export function parseCompanyQuery(q: z.infer<typeof CompanyQuerySchema>): CompanyQuery {
  const ids: number[] = [];
  for (const [key, raw] of Object.entries(q)) {
    if (!key.startsWith('filters[id]')) continue;
    for (const v of Array.isArray(raw) ? raw : [raw]) ids.push(Number(v));
  }
  const [field, direction] = (q.sort ?? 'description:asc').split(':') as [CompanyQuery['sort']['field'], 'asc' | 'desc'];
  return {
    search: q['filters[description][$containsi]'] || undefined,
    ids: ids.length ? ids : undefined,
    page: q['pagination[page]'] ?? 1,
    pageSize: q['pagination[pageSize]'] ?? 25,
    sort: { field, direction },
    publicationState: q.publicationState ?? 'live',
  };
}

/** A division's subdomain: one DNS label, lower case, not one of the hub's own names. */
export const SubdomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, COMPANY_MESSAGES.subdomainRule)
  .min(2, COMPANY_MESSAGES.subdomainRule)
  .refine((s) => !(RESERVED_SUBDOMAINS as readonly string[]).includes(s), COMPANY_MESSAGES.subdomainReserved);

const divisionTitle = z
  .string({ error: COMPANY_MESSAGES.titleRequired })
  .trim()
  .min(1, COMPANY_MESSAGES.titleRequired)
  .max(100, 'Use at most 100 characters.')
  .refine(hasNoNul, NUL_MESSAGE);

/** POST /api/companies (and the first run's division): a name and the subdomain of its pages. */
export const CreateCompanySchema = z.strictObject({ title: divisionTitle, subdomain: SubdomainSchema });
export type CreateCompanyInput = z.input<typeof CreateCompanySchema>;

/** A support link: an https page or an email address (spec §1: one with an at-sign opens as mail). */
const supportLink = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => /^https:\/\//.test(v) || /^(mailto:)?[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'Use an https:// link or an email address.');

/**
 * PATCH /api/companies/{id}: any of a division's settings (spec §3 Division and White-label),
 * with the `updatedAt` the editor loaded: a division changed since then is refused (409),
 * not overwritten.
 */
export const UpdateCompanySchema = z.strictObject({
  updatedAt: z.string().datetime({ offset: true }),
  title: divisionTitle.optional(),
  description: z.string().trim().max(500).refine(hasNoNul, NUL_MESSAGE).optional(),
  subdomain: SubdomainSchema.optional(),
  feature_flags: FeatureFlagsSchema.strict().optional(),
  paymentStructure: z.enum(['individual', 'corporate']).optional(),
  limits: z.strictObject({ imageGallery: z.number().int().min(0).max(50) }).optional(),
  customSupportLink: supportLink.nullable().optional(),
  trainingVideoUrl: httpsUrl.nullable().optional(),
  whiteLabel: WhiteLabelSchema.nullable().optional(),
  /** Consent before publishing: a text is required while it is on (the server keeps the text sanitised). */
  consent: consentSetting.optional(),
  /** What a deactivated member's page does by default: successor, company or gone. */
  offboardingOutcome: z.enum(OFFBOARDING_OUTCOMES, { error: 'offboardingOutcome must be successor, company or gone.' }).optional(),
  /** Issue #29: months a visitor's contact is kept before the upkeep erases it; null keeps them. */
  contactRetentionMonths: z
    .number({ error: 'Enter a number of months, or leave it empty to keep contacts.' })
    .int('Enter a whole number of months.')
    .min(1, 'Keep contacts at least 1 month.')
    .max(120, 'Keep contacts at most 120 months.')
    .nullable()
    .optional(),
  /** Issue #29 Follow-up mail: send the owner's card (vCard) to a visitor who exchanges details. */
  exchangeFollowUp: z.boolean({ error: 'exchangeFollowUp is true or false.' }).optional(),
  /** The display name of the division's mails (their From); null for its white-label title or the product's name. */
  mailFromName: z
    .string()
    .trim()
    .min(1, 'Enter a name, or leave it empty for the division’s title.')
    .max(80, 'Use at most 80 characters.')
    .regex(/^[^\r\n<>"]*$/, 'A sender name cannot contain line breaks, quotes or angle brackets.')
    .nullable()
    .optional(),
  /** The address of its mails' From; the server accepts only its verified custom domain or the hub's mail domain. */
  mailFromAddress: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address.')).nullable().optional(),
});
export type UpdateCompanyInput = z.input<typeof UpdateCompanySchema>;

/**
 * POST /api/companies/{id}/preview: the console's unsaved branding, to see before saving how
 * the division's sign-in page and a sample public page will look (nothing is stored).
 */
export const CompanyPreviewSchema = z.strictObject({
  title: divisionTitle.optional(),
  customSupportLink: supportLink.nullable().optional(),
  whiteLabel: WhiteLabelSchema.nullable().optional(),
});
export type CompanyPreviewInput = z.input<typeof CompanyPreviewSchema>;

/** The two previews as HTML documents for sandboxed frames (no scripts run in them), with the brand colour's contrast. */
export const CompanyPreviewResultSchema = z.object({
  signIn: z.string(),
  page: z.string(),
  /** The brand colour's contrast on the page's white background (below 4.5:1 the page shows accents in dark text instead); null without one. */
  contrast: z.object({ ratio: z.number(), readable: z.boolean() }).nullable(),
});
export type CompanyPreviewResult = z.infer<typeof CompanyPreviewResultSchema>;

/** GET /api/companies/console: the superadmin's divisions console (search by name, subdomain or description). */
export const CompanyConsoleQuerySchema = z.strictObject({
  search: z.string().trim().max(200).refine(hasNoNul, NUL_MESSAGE).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => [10, 25, 50, 100].includes(n), 'Page size is 10, 25, 50 or 100.')
    .default(25),
});
export type CompanyConsoleQuery = z.infer<typeof CompanyConsoleQuerySchema>;

/** A division as the console lists and edits it: the hub's shape plus what only an operator needs. */
export const CompanyConsoleRowSchema = CompanySchema.extend({
  trainingVideoUrl: z.string().nullable(),
  mailFromName: z.string().nullable(),
  mailFromAddress: z.string().nullable(),
  /** What a deactivated member's page does unless the deactivation says otherwise (issue #28, decision 022). */
  offboardingOutcome: z.enum(OFFBOARDING_OUTCOMES),
  /** Months a visitor's contact is kept (issue #29); null keeps them. */
  contactRetentionMonths: z.number().nullable(),
  /** Whether a visitor who exchanges details gets the owner's card by mail (issue #29). */
  exchangeFollowUp: z.boolean(),
  updatedAt: z.string(),
  members: z.number().int(),
  profiles: z.number().int(),
  /** When the division was archived (its pages 410, its members cannot sign in); null while live. */
  archivedAt: z.string().nullable(),
});
export type CompanyConsoleRow = z.infer<typeof CompanyConsoleRowSchema>;

/** Which page of a division list this is, and how many there are. */
const ListMetaSchema = z.object({ pagination: z.object({ page: z.number(), pageSize: z.number(), pageCount: z.number(), total: z.number() }) });

export const CompanyConsoleListSchema = z.object({ data: z.array(CompanyConsoleRowSchema), meta: ListMetaSchema });
export type CompanyConsoleList = z.infer<typeof CompanyConsoleListSchema>;

/** GET /companies: the divisions the caller may see, one page of them (spec §7 query language). */
export const CompanyListSchema = z.object({ data: z.array(CompanySchema), meta: ListMetaSchema });
export type CompanyList = z.infer<typeof CompanyListSchema>;

/**
 * GET /companies/training-video/{companyId}: the division's training video (its white-label's, else
 * its own); `success: false` and a null `url` when it has none.
 */
export const TrainingVideoSchema = z.object({ success: z.boolean(), url: z.string().nullable() });
export type TrainingVideo = z.infer<typeof TrainingVideoSchema>;
