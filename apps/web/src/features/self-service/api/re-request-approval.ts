import type { ApprovalResponse } from '@profilehub/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** PUT /approvals/single/{id} {approved: null, requestedAt}: ask again. */
function reRequestApproval(approvalId: number): Promise<ApprovalResponse> {
  return apiRequest<ApprovalResponse>(`/api/approvals/single/${approvalId}`, {
    method: 'PUT',
    body: { approved: null, requestedAt: new Date().toISOString() },
  });
}

export function useReRequestApproval() {
  return useMutation({ mutationFn: reRequestApproval });
}
