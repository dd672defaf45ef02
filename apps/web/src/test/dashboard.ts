import { mockFetch } from './fetch-mock.ts';

/** A division's feature flags as GET /api/companies/users/me answers them: all off unless given. */
export function testFlags(overrides: Record<string, boolean> = {}) {
  return { approvals: false, templates: false, permissions: false, rte: false, corporate: false, invite_users: false, style_editing: false, ...overrides };
}

/** The signed-in person's division (Acme, id 3) as GET /api/companies/users/me answers it. */
export function testCompany(overrides: Record<string, unknown> = {}) {
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
    ...overrides,
  };
}

/** A session for `user`: the token, and the calls every dashboard page makes (white label, me, token check), plus `routes`. */
export function mockSignedIn(user: unknown, routes: Parameters<typeof mockFetch>[0] = {}) {
  sessionStorage.setItem('jwt', 'token');
  return mockFetch({
    'GET /api/white-label': { body: { whiteLabel: null, supportHref: 'https://profilehub.example/support' } },
    'GET /api/companies/users/me': { body: user },
    'GET /api/jwts/verify': { body: { valid: true } },
    ...routes,
  });
}
