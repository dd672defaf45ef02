import type { SsoDiscovery } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/auth/sso/discover: whether this email signs in through its company's provider, and whether only so. */
export function discoverSso(email: string): Promise<SsoDiscovery> {
  return apiRequest('/api/auth/sso/discover', { method: 'POST', body: { email }, auth: false });
}

/** Where "Continue with SSO" sends the browser: the server redirects on to the division's provider. */
export const ssoStartUrl = (email: string) => `/api/auth/sso/start?${new URLSearchParams({ email })}`;
