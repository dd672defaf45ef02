import type { AccountMessage } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/account/delete-code: mails the signed-in person a 4-digit code. */
export function sendDeleteCode(): Promise<AccountMessage> {
  return apiRequest<AccountMessage>('/api/account/delete-code', { method: 'POST' });
}
