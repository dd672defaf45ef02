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

/** The subdomain a division's name suggests ("Initech Europe" → "initech-europe"). */
export function subdomainFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

/**
 * Names a division's pages may not take as their subdomain: the hub's own hosts and the
 * names people expect to be the operator's.
 */
export const RESERVED_SUBDOMAINS = ['www', 'hub', 'api', 'app', 'admin', 'mail', 'static', 'assets', 'cdn', 'status', 'help', 'support'] as const;

/** The texts of the divisions console and of the first run's division (the spec has no screen for either). */
export const COMPANY_MESSAGES = {
  titleRequired: 'Please enter the division’s name',
  subdomainRule: 'Use 2–63 lower-case letters, digits and hyphens, starting and ending with a letter or digit.',
  subdomainReserved: 'This address is kept for the hub itself. Choose another.',
  subdomainTaken: 'Another division already uses this address. Choose another.',
  hubDomainTaken: 'Another division already uses this hub domain.',
  hubClosed: 'Your company’s hub has been closed. Ask your administrator if you think this is a mistake.',
  mailFromDomain: (allowed: string[]) => `Send from an address at ${allowed.join(' or ')}: the division’s verified domain or the hub’s own mail domain.`,
  changedMeanwhile: 'Someone else changed this division since you opened it. Reload to see their changes, then make yours again.',
} as const;
