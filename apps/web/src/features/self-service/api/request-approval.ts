import type { ApprovalResponse } from '@profilehub/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** POST /approvals {targetProfile, requestedAt, company, profileId}. */
function requestApproval({ profileId, companyId }: { profileId: number; companyId: number }): Promise<ApprovalResponse> {
  return apiRequest<ApprovalResponse>(`/api/approvals`, {
    method: 'POST',
    body: { targetProfile: profileId, profileId, company: companyId, requestedAt: new Date().toISOString() },
  });
}

export function useRequestApproval() {
  return useMutation({ mutationFn: requestApproval });
}
