import { downloadFile } from '../../../lib/download.ts';
import { type AuditFilters, auditQuery } from './audit-query.ts';

/** GET /api/audit/export: the filtered log (every page) as .xlsx or .csv. */
export const exportAudit = (f: AuditFilters, format: 'xlsx' | 'csv') => downloadFile('/api/audit/export', { ...auditQuery(f), format }, `Audit log.${format}`);
