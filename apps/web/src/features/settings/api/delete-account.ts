import { apiRequest } from '../../../lib/api.ts';

export type AccountMessage = { success: true; message: string };

/** POST /api/account/delete-code: mails the signed-in person a 4-digit code. */
export function sendDeleteCode(): Promise<AccountMessage> {
  return apiRequest<AccountMessage>('/api/account/delete-code', { method: 'POST' });
}

/** POST /api/account/delete: deletes the signed-in account with the mailed code. */
export function deleteAccount(otp: string): Promise<AccountMessage> {
  return apiRequest<AccountMessage>('/api/account/delete', { method: 'POST', body: { otp } });
}
