import type { InviteAliasResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/users/alias-available?alias=: the invite dialog's alias test. */
export const checkInviteAlias = (alias: string, signal?: AbortSignal) =>
  apiRequest<InviteAliasResponse>('/api/users/alias-available', { query: { alias }, signal });
