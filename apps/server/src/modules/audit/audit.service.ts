/**
 * The audit trail (issue #26): every operator action written with who made it, what it
 * was about and, where something changed, the changed fields before → after, in the
 * caller's transaction; read back, filtered and exported by superadmins, and by supervisors
 * for their own divisions (issue #28).
 */
import { AUDIT_MESSAGES, type AuditChange, type AuditEntry, type AuditExportQuery, type AuditQuery, auditValueText } from '@profilehub/shared';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { forbidden } from '../../http/errors.ts';
import { type Actor, auditScope, canReadAuditLog } from '../../http/policy.ts';
import { sendXlsx, type XlsxColumn } from '../../http/xlsx.ts';
import { sendCsv } from '../users/csv.ts';
import { type AuditFilter, type AuditRow, auditRows, countAuditRows, insertAuditLines, streamAuditRows } from './audit.queries.ts';

/** What changed, and what else is worth keeping about an action. */
type AuditRecord = {
  /** The fields as they were; only those that differ from `after` are kept. */
  before?: Record<string, unknown> | undefined;
  /** The fields as they are now; only those that differ from `before` are kept. */
  after?: Record<string, unknown> | undefined;
  /** The division acted on; taken from a `company:N` target when not given. */
  companyId?: number | undefined;
  /** Anything else worth keeping (the user acted on, counts of an import). */
  details?: Record<string, unknown> | undefined;
};

/** Keys whose values are secrets: recorded as changed, never with their value. */
const SECRET_KEY = /secret|token|password|passwd|pass_?hash|api_?key|private_?key|credential/i;
export const REDACTED = '[redacted]';
/** A long value (a division's CSS, say) is kept to this many characters: the log says it changed, not every byte. */
const MAX_TEXT = 500;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** Nested objects as dotted fields (`feature_flags.approvals`), so a change names the one setting that changed. */
function flatten(value: Record<string, unknown>, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, v] of Object.entries(value)) {
    const field = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(v) && Object.keys(v).length > 0) flatten(v, field, out);
    else out[field] = v instanceof Date ? v.toISOString() : (v ?? null);
  }
  return out;
}

const isSecret = (field: string) => field.split('.').some((part) => SECRET_KEY.test(part));

function shown(field: string, value: unknown): unknown {
  if (isSecret(field)) return REDACTED;
  if (typeof value === 'string' && value.length > MAX_TEXT) return `${value.slice(0, MAX_TEXT)}…`;
  return value;
}

/** The fields that differ between two records, each side with only those fields, secrets redacted. */
function changedFields(before: Record<string, unknown> = {}, after: Record<string, unknown> = {}) {
  const a = flatten(before);
  const b = flatten(after);
  const out = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const field of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const was = a[field] ?? null;
    const now = b[field] ?? null;
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    out.before[field] = shown(field, was);
    out.after[field] = shown(field, now);
  }
  return out;
}

function lineOf(actorId: number | null, action: string, target: string | undefined, record: AuditRecord = {}) {
  const companyId = record.companyId ?? Number(target?.match(/(?:^|\s)company:(\d{1,9})(?:\s|$)/)?.[1] ?? Number.NaN);
  const meta: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flatten(record.details ?? {}))) meta[key] = shown(key, value);
  if (record.before || record.after) Object.assign(meta, changedFields(record.before, record.after));
  return { actorId, action, target: target ?? null, companyId: Number.isFinite(companyId) ? companyId : null, meta };
}

/**
 * Writes one line of the audit log, in the caller's transaction when `db` is one. `record`
 * keeps the changed fields before → after (never a secret's value) and details.
 */
export async function audit(db: Db, actorId: number | null, action: string, target?: string, record?: AuditRecord): Promise<void> {
  await insertAuditLines(db, [lineOf(actorId, action, target, record)]);
}

/** Several lines of one actor in one statement (an invitation of many people). */
export async function auditEach(db: Db, actorId: number | null, lines: { action: string; target?: string; record?: AuditRecord }[]): Promise<void> {
  await insertAuditLines(
    db,
    lines.map((l) => lineOf(actorId, l.action, l.target, l.record)),
  );
}

function requireReader(actor: Actor) {
  if (!canReadAuditLog(actor)) throw forbidden(AUDIT_MESSAGES.notReader);
}

/** No division has this id: a supervisor asking only for others' divisions reads nothing. */
const NO_DIVISION = -1;

/** The divisions asked for, within those the actor may read (all of theirs when none are asked for). */
function divisionsOf(actor: Actor, asked: number[] | undefined): number[] | undefined {
  const scope = auditScope(actor);
  if (scope === null) return asked;
  const mine = asked?.length ? asked.filter((id) => scope.includes(id)) : scope;
  return mine.length ? mine : [NO_DIVISION];
}

/** An actor filter of digits is a user id; anything else is searched in emails and names. */
function filterOf(actor: Actor, q: Omit<AuditQuery, 'page' | 'pageSize'>): AuditFilter {
  const byId = q.actor && /^\d{1,9}$/.test(q.actor);
  return {
    actorId: byId ? Number(q.actor) : undefined,
    actorText: byId ? undefined : q.actor,
    actions: q.action,
    companyIds: divisionsOf(actor, q.companyId),
    from: q.from,
    to: q.to,
    text: q.q,
  };
}

function entryOf(row: AuditRow): AuditEntry {
  const { before, after, ...details } = row.meta as { before?: Record<string, unknown>; after?: Record<string, unknown> };
  // By name: jsonb keeps no order of its keys.
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  const changes: AuditChange[] = fields.map((field) => ({
    field,
    before: before?.[field] ?? null,
    after: after?.[field] ?? null,
  }));
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor: row.actorId !== null && row.email !== null ? { id: row.actorId, name: name || row.email, email: row.email } : null,
    actorId: row.actorId,
    action: row.action,
    target: row.target,
    company: row.companyId !== null ? { id: row.companyId, title: row.companyTitle ?? `Division ${row.companyId}` } : null,
    changes,
    details,
  };
}

/** GET /audit: one page of the filtered log, newest first, with the actors and divisions named. */
export async function listAudit(deps: Pick<Deps, 'db'>, actor: Actor, q: AuditQuery) {
  requireReader(actor);
  const f = filterOf(actor, q);
  const rows = await auditRows(deps.db, f, q.page * q.pageSize, q.pageSize);
  const total = await countAuditRows(deps.db, f);
  return { data: rows.map(entryOf), page: q.page, pageSize: q.pageSize, total };
}

const changesText = (e: AuditEntry) => e.changes.map((c) => `${c.field}: ${auditValueText(c.before)} → ${auditValueText(c.after)}`).join('; ');

const EXPORT_COLUMNS: XlsxColumn<AuditEntry>[] = [
  { header: 'When (UTC)', width: 20, value: (e) => new Date(e.at) },
  { header: 'Actor', value: (e) => e.actor?.name ?? (e.actorId === null ? 'System' : `User ${e.actorId}`) },
  { header: 'Actor email', width: 30, value: (e) => e.actor?.email },
  { header: 'Action', width: 22, value: (e) => e.action },
  { header: 'Target', width: 30, value: (e) => e.target },
  { header: 'Division', value: (e) => e.company?.title },
  { header: 'Changes (before → after)', width: 60, value: (e) => changesText(e) },
  { header: 'Details', width: 40, value: (e) => (Object.keys(e.details).length ? JSON.stringify(e.details) : null) },
];

/** GET /audit/export: every line of the filtered log as .xlsx or .csv, streamed. */
export async function exportAudit(deps: Pick<Deps, 'db'>, actor: Actor, q: AuditExportQuery, reply: FastifyReply, now = new Date()) {
  requireReader(actor);
  const fileName = `Audit log ${now.toISOString().slice(0, 10)}.${q.format}`;
  const rows = (async function* () {
    for await (const row of streamAuditRows(deps.db, filterOf(actor, q))) yield entryOf(row);
  })();
  if (q.format === 'csv') return sendCsv(reply, { fileName, columns: EXPORT_COLUMNS, rows });
  return sendXlsx(reply, { fileName, sheetName: 'Audit log', columns: EXPORT_COLUMNS, rows });
}
