import type { QueryValue } from '../../../lib/api.ts';

/** The audit screen's filters as the screen holds them. */
export type AuditFilters = { actor: string; actions: string[]; companyIds: number[]; from: string; to: string; q: string };

/** The filters as GET /api/audit and its export take them (empty ones left out). */
export function auditQuery(f: AuditFilters): Record<string, QueryValue> {
  return {
    actor: f.actor.trim() || undefined,
    action: f.actions.length ? f.actions.join(',') : undefined,
    companyId: f.companyIds.length ? f.companyIds.join(',') : undefined,
    from: f.from || undefined,
    to: f.to || undefined,
    q: f.q.trim() || undefined,
  };
}
