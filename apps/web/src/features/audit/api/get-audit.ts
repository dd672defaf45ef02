import type { AuditListResponse } from '@profilehub/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { type AuditFilters, auditQuery } from './audit-query.ts';

export type AuditParams = AuditFilters & { page: number; pageSize: number };

/** GET /api/audit: one page of the filtered audit log, newest first (superadmins). */
function getAudit(p: AuditParams, signal?: AbortSignal): Promise<AuditListResponse> {
  return apiRequest('/api/audit', { query: { ...auditQuery(p), page: p.page, pageSize: p.pageSize }, signal });
}

export const auditOptions = (p: AuditParams) =>
  queryOptions({
    queryKey: ['audit', p],
    queryFn: ({ signal }) => getAudit(p, signal),
    placeholderData: keepPreviousData,
  });
