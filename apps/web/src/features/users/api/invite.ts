/** The invite dialog's calls: the add-user call (POST /api/users) and its alias test. */
import type { NewUserInput } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

export type InviteResult = { success: true; message: string; userId: number; profileId: number; companyId: number; alias: string | null; emailed: boolean };

export const addUser = (payload: NewUserInput, notify: boolean) =>
  apiRequest<InviteResult>('/api/users', { method: 'POST', query: { notify_user: notify }, body: payload });

export const checkInviteAlias = (alias: string, signal?: AbortSignal) =>
  apiRequest<{ success: boolean; message: string }>('/api/users/alias-available', { query: { alias }, signal });
