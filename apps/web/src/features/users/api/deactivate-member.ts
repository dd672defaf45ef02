import type { DeactivateMember, OffboardingResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/users/{userId}/deactivate: offboard the person from the division (issue #28). */
export const deactivateMember = (userId: number, body: DeactivateMember) =>
  apiRequest<OffboardingResponse>(`/api/users/${userId}/deactivate`, { method: 'POST', body });
