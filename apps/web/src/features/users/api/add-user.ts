import type { InviteResponse, NewUserInput } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/users?notify_user=: the invite dialog's add-user call. */
export const addUser = (payload: NewUserInput, notify: boolean) =>
  apiRequest<InviteResponse>('/api/users', { method: 'POST', query: { notify_user: notify }, body: payload });
