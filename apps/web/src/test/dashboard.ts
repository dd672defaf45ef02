import type { Company, FeatureFlags, Me } from '@profilehub/shared';
import { mockFetch } from './fetch-mock.ts';
import { sessionValid, whiteLabelReply } from './fixtures.ts';

/** A division's feature flags as GET /api/companies/users/me answers them: all off unless given. */
export function testFlags(overrides: Partial<FeatureFlags> = {}): FeatureFlags {
  return {
    approvals: false,
    templates: false,
    permissions: false,
    rte: false,
    corporate: false,
    invite_users: false,
    style_editing: false,
    ...overrides,
  } satisfies FeatureFlags;
}

/** The signed-in person's division (Acme, id 3) as GET /api/companies/users/me answers it. */
export function testCompany(overrides: Partial<Company> = {}): Company {
  return {
    id: 3,
    name: 'acme',
    title: 'Acme',
    description: 'Acme',
    subdomain: 'acme',
    customDomain: null,
    customDomainUrl: null,
    masterProfiles: [],
    limits: { imageGallery: 5 },
    feature_flags: testFlags(),
    customSupportLink: null,
    paymentStructure: 'individual',
    publicationState: 'live',
    whiteLabel: null,
    consent: { enable: false, text: '' },
    ...overrides,
  } satisfies Company;
}

/** A session for `user`: the token, and the calls every dashboard page makes (white label, me, token check), plus `routes`. */
export function mockSignedIn(user: Me, routes: Parameters<typeof mockFetch>[0] = {}) {
  sessionStorage.setItem('jwt', 'token');
  return mockFetch({
    'GET /api/white-label': whiteLabelReply(),
    'GET /api/companies/users/me': { body: user satisfies Me },
    'GET /api/jwts/verify': sessionValid(user.id),
    ...routes,
  });
}
