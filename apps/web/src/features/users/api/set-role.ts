import type { DivisionRole, SetDivisionRoleResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** PUT /api/users/{userId}/role: the person becomes a supervisor of the division, or a user of it again. */
export const setRole = (userId: number, companyId: number, role: DivisionRole) =>
  apiRequest<SetDivisionRoleResponse>(`/api/users/${userId}/role`, { method: 'PUT', body: { companyId, role } });
