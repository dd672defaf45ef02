/**
 * The API's answers as the tests serve them, one typed factory per kind of answer.
 * Each is checked against the shared response type (`satisfies`), so renaming or
 * retyping a field of an answer breaks the tests that serve it instead of leaving
 * them green on a shape the server no longer sends.
 */
import type {
  Approval,
  ApprovalResponse,
  AuthResponse,
  InviteDivision,
  InviteDivisionsResponse,
  Me,
  PublishResponse,
  SaveProfileResponse,
  SuccessResponse,
  VerifyTokenResponse,
  WhiteLabelResponse,
} from '@profilehub/shared';

/** An answer of the mock: a status (200 unless given) and a body. */
type Reply<T> = { status?: number; body: T };

/** GET /white-label of the product's own hub, as overridden. */
export function whiteLabelReply(overrides: Partial<WhiteLabelResponse> = {}): Reply<WhiteLabelResponse> {
  return {
    body: { whiteLabel: null, supportHref: 'https://profilehub.example/support', googleSignIn: false, closed: null, ...overrides } satisfies WhiteLabelResponse,
  };
}

/** GET /users/divisions: the divisions the signed-in person may filter by or invite into. */
export function divisionsReply(data: InviteDivision[]): Reply<InviteDivisionsResponse> {
  return { body: { data } satisfies InviteDivisionsResponse };
}

/** A sign-in's answer (POST /auth/local, /profiles/link, /auth/reset-password, Google and SSO tickets): the token and the user. */
export function authReply(user: Me, jwt = 'the-jwt'): Reply<AuthResponse> {
  return { body: { jwt, user } satisfies AuthResponse };
}

/** GET /jwts/verify of a live session (the web reads only `valid`). */
export function sessionValid(userId = 1): Reply<VerifyTokenResponse> {
  return { body: { valid: true, userId } satisfies VerifyTokenResponse };
}

/** `{ success: true }`: GET /auth/logout, a revoked key or token, a test webhook event. */
export const success: Reply<SuccessResponse> = { body: { success: true } satisfies SuccessResponse };

/** An approval request of profile 7 in Acme (id 3), pending unless overridden. */
function testApproval(id: number, overrides: Partial<Approval> = {}): Approval {
  return {
    id,
    profileId: 7,
    targetProfile: 7,
    company: { id: 3 },
    requestedAt: '2026-01-02T10:00:00.000Z',
    approved: null,
    message: null,
    respondedAt: null,
    profileChanges: [],
    ...overrides,
  } satisfies Approval;
}

/** POST /approvals, PUT /approvals/single/{id}, PUT /approvals/respond/{id}: the request as it now stands. */
export function approvalReply(id: number, overrides: Partial<Approval> = {}): Reply<ApprovalResponse> {
  return { body: { success: true, data: testApproval(id, overrides) } satisfies ApprovalResponse };
}

/** PUT /profiles/{id}/publish of profile `id` on Acme's host. */
export function publishReply(id = 7, publishedAt = '2026-01-02T00:00:00.000Z'): Reply<PublishResponse> {
  return {
    body: { success: true, site: { netlifySiteID: String(id), siteId: String(id), domainName: 'acme.localhost' }, publishedAt } satisfies PublishResponse,
  };
}

/** PATCH /profiles/{id} of profile 7 in Acme: saved as `version`. */
export function saveReply(version: number): Reply<SaveProfileResponse> {
  return { body: { success: true, message: 7, companyId: 3, hideNotification: false, version } satisfies SaveProfileResponse };
}
