import type { AccountMessage } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/account/delete: deletes the signed-in account with the mailed code. */
export function deleteAccount(otp: string): Promise<AccountMessage> {
  return apiRequest<AccountMessage>('/api/account/delete', { method: 'POST', body: { otp } });
}
