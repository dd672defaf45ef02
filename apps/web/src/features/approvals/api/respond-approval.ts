import type { ApprovalResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** PUT /api/approvals/respond/{id} {approved, message, rebuild: true}: approve (and publish) or decline with a message. */
export const respondApproval = (id: number, approved: boolean, message: string) =>
  apiRequest<ApprovalResponse>(`/api/approvals/respond/${id}`, { method: 'PUT', body: { approved, message: message.trim() || null, rebuild: true } });
