/**
 * The public REST API's keys (issue #29, docs/api.md, decision 027): a division's key calls the
 * hub's own routes, each of which names the one scope that opens it.
 */
export const API_KEY_SCOPES = ['profiles:read', 'contacts:read', 'users:invite', 'profiles:publish'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope allows, as the key form and docs/api.md say it. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'profiles:read': 'Read profiles',
  'contacts:read': 'Read contacts',
  'users:invite': 'Invite users',
  'profiles:publish': 'Publish and unpublish profiles',
};

/** Every key starts with this, so secret scanners and the sign-in check tell it from a session token. */
export const API_KEY_PREFIX = 'phk_';

export const API_KEY_MESSAGES = {
  invalid: "This API key is not valid: it was revoked, or the person who made it may no longer use it. Make a new key in the division's settings.",
  notForKeys: 'API keys cannot call this route: it is for people signed in to the hub. See docs/api.md for the routes a key may call.',
  missingScope: (scope: ApiKeyScope) => `This API key lacks the "${scope}" scope this route needs. Make a key with that scope in the division's settings.`,
  nameRequired: 'Name the key (e.g. the system that will use it).',
  scopesRequired: 'Choose at least one scope.',
  revoked: 'The key is revoked.',
} as const;
