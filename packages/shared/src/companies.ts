import { z } from 'zod';
import { hasNoNul, NUL_MESSAGE } from './errors.ts';

/** Feature flags of spec §3; every one is off unless a company turns it on. */
export const FEATURE_FLAGS = ['approvals', 'templates', 'permissions', 'rte', 'corporate', 'invite_users', 'style_editing'] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Record<FeatureFlag, boolean>;

export const DEFAULT_FEATURE_FLAGS: FeatureFlags = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, false])) as FeatureFlags;

export const FeatureFlagsSchema = z.object(
  Object.fromEntries(FEATURE_FLAGS.map((f) => [f, z.boolean().optional()])) as Record<FeatureFlag, z.ZodOptional<z.ZodBoolean>>,
);

/**
 * Spec §3: company flags merge over the defaults, and the combined flags of all
 * of a user's companies apply — a flag is on when any company turns it on.
 */
export function combineFlags(companies: ReadonlyArray<{ feature_flags?: Partial<FeatureFlags> | null }>): FeatureFlags {
  const out = { ...DEFAULT_FEATURE_FLAGS };
  for (const c of companies) {
    for (const f of FEATURE_FLAGS) if (c.feature_flags?.[f] === true) out[f] = true;
  }
  return out;
}

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
  updatedAt: z.string().nullish(),
});
export type WhiteLabel = z.infer<typeof WhiteLabelSchema>;

export const PRODUCT_NAME = 'Profilehub';
export const DEFAULT_SUPPORT_LINK = 'https://profilehub.example/support';
export const MARKETPLACE_LINK = 'https://profilehub.example/marketplace';
export const DEFAULT_BRAND_COLOR = 'rgb(17, 75, 138)';

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
});
export type Company = z.infer<typeof CompanySchema>;

/**
 * Spec §1: the support link is the first company's custom support link or the
 * default page; one containing an at-sign opens as a mail link.
 */
export function supportHref(companies: ReadonlyArray<{ customSupportLink?: string | null }>): string {
  const link = companies[0]?.customSupportLink?.trim() || DEFAULT_SUPPORT_LINK;
  if (link.includes('@')) return link.startsWith('mailto:') ? link : `mailto:${link}`;
  return link;
}

/** 'Sign in to {company} hub' uses the white-label title, else the product name. */
export function hubName(whiteLabel: Pick<WhiteLabel, 'title'> | null | undefined): string {
  return whiteLabel?.title || PRODUCT_NAME;
}

/** The largest id a database row can have (PostgreSQL integer); larger ones would fail in the query, not in validation. */
export const MAX_ROW_ID = 2_147_483_647;

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

export type CompanyQuery = {
  search?: string;
  ids?: number[];
  page: number;
  pageSize: number;
  sort: { field: 'description' | 'name' | 'id'; direction: 'asc' | 'desc' };
  publicationState: 'live' | 'preview';
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
