import type { ApprovalResponse } from '@profilehub/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** PUT /approvals/respond/{id}: a supervisor approves their own pending request directly (no rebuild; the build follows). */
function approveDirectly(approvalId: number): Promise<ApprovalResponse> {
  return apiRequest<ApprovalResponse>(`/api/approvals/respond/${approvalId}`, { method: 'PUT', body: { approved: true, message: null, rebuild: false } });
}

export function useApproveDirectly() {
  return useMutation({ mutationFn: approveDirectly });
}
