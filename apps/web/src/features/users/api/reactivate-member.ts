import type { OffboardingResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/users/{userId}/reactivate: the person, their page, contacts and statistics come back. */
export const reactivateMember = (userId: number, companyId: number) =>
  apiRequest<OffboardingResponse>(`/api/users/${userId}/reactivate`, { method: 'POST', body: { companyId } });
