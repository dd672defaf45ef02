import type { ApprovalSortColumn, ApprovalsListResponse } from '@profilehub/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type ListParams, listQuery } from '../../../components/list/list-query.ts';
import { apiRequest } from '../../../lib/api.ts';

export type ApprovalStatus = 'active' | 'resolved';
type ApprovalsParams = ListParams<ApprovalSortColumn> & { status: ApprovalStatus };

/** GET /api/approvals: one page of the approvals queue. */
function getApprovals(p: ApprovalsParams, signal?: AbortSignal): Promise<ApprovalsListResponse> {
  return apiRequest<ApprovalsListResponse>('/api/approvals', { query: { ...listQuery(p), status: p.status }, signal });
}

export const approvalsOptions = (p: ApprovalsParams) =>
  queryOptions({
    queryKey: ['approvals', 'list', p],
    queryFn: ({ signal }) => getApprovals(p, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
