/** Feature flags of spec §3; every one is off unless a company turns it on. */
export const FEATURE_FLAGS = ['approvals', 'templates', 'permissions', 'rte', 'corporate', 'invite_users', 'style_editing'] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Record<FeatureFlag, boolean>;

export const DEFAULT_FEATURE_FLAGS: FeatureFlags = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, false])) as FeatureFlags;

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

export const PRODUCT_NAME = 'Profilehub';
export const DEFAULT_SUPPORT_LINK = 'https://profilehub.example/support';
export const MARKETPLACE_LINK = 'https://profilehub.example/marketplace';
export const DEFAULT_BRAND_COLOR = 'rgb(17, 75, 138)';

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
export function hubName(whiteLabel: { title: string } | null | undefined): string {
  return whiteLabel?.title || PRODUCT_NAME;
}

/** The largest id a database row can have (PostgreSQL integer); larger ones would fail in the query, not in validation. */
export const MAX_ROW_ID = 2_147_483_647;

export type CompanyQuery = {
  search?: string;
  ids?: number[];
  page: number;
  pageSize: number;
  sort: { field: 'description' | 'name' | 'id'; direction: 'asc' | 'desc' };
  publicationState: 'live' | 'preview';
};
