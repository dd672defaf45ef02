import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { DIVISION_EXPORT_TTL_DAYS, type DivisionExport, DIVISION_EXPORT_MESSAGES as M } from '@profilehub/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { audit } from '../audit/audit.service.ts';
import type { FileStore } from '../uploads/file-store.ts';
import { companyRowById, lockDivision } from './companies.queries.ts';
import {
  approvalsPage,
  countUploads,
  dailyStatsOf,
  divisionDailyStats,
  divisionForExport,
  type ExportRow,
  expiredExports,
  exportOf,
  failExport,
  finishExport,
  forgetExportFile,
  insertExport,
  latestExports,
  leadFormsPage,
  leadSubmissionsPage,
  liveExportOf,
  membersPage,
  pagesOf,
  permissionsPage,
  profileIdsPage,
  profilesPage,
  profileTotalsOf,
  publicationsPage,
  purchasesPage,
  setExportProgress,
  startExport,
  stylingsPage,
  uploadsPage,
} from './division-exports.queries.ts';
import { ZipFileWriter } from './zip-writer.ts';

/** The durable job that writes a division's export (modules/jobs, queued by `requestExport`). */
export const DIVISION_EXPORT_JOB = 'division-export';
/** A queued or running export whose row has not moved for this long is taken as dead: a new request starts another. */
const STALLED_MS = 5 * 60_000;
/** How long one export may run before pg-boss gives it to another copy. */
const EXPORT_EXPIRE_S = 3_600;
const DAY_MS = 86_400_000;

type ExportEnv = { db: Db; store: FileStore; dataDir: string; log: FastifyBaseLogger };

function toExportAnswer(row: ExportRow): DivisionExport {
  return {
    id: row.id,
    companyId: row.companyId,
    status: row.status,
    phase: row.phase,
    done: row.done,
    total: row.total,
    size: row.size,
    fileName: row.fileName,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Starts an export of all of a division's data and answers where it stands. A request while
 * one is queued or running answers that one instead of starting a second: requests for one
 * division take turns on its row, so parallel ones cannot both start.
 */
export async function requestExport(deps: Pick<Deps, 'db' | 'jobs'>, actorId: number, companyId: number): Promise<DivisionExport> {
  // The export, its audit line and its job commit together; the job starts here at once.
  const { row, started } = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const company = await lockDivision(db, companyId);
    if (!company) throw notFound('Division not found');
    const running = await liveExportOf(db, companyId, new Date(Date.now() - STALLED_MS));
    if (running) return { row: running, started: false };
    const id = randomUUID();
    const day = new Date().toISOString().slice(0, 10);
    const value = await insertExport(db, {
      id,
      companyId,
      fileName: `division-${company.subdomain}-export-${day}.zip`,
      requestedBy: actorId,
      expiresAt: new Date(Date.now() + DIVISION_EXPORT_TTL_DAYS * DAY_MS),
    });
    await audit(db, actorId, 'company.export_requested', `company:${companyId}`, { companyId, details: { exportId: id } });
    await deps.jobs.queue(db, DIVISION_EXPORT_JOB, { exportId: id }, { expireInSeconds: EXPORT_EXPIRE_S, heartbeatSeconds: 30 });
    return { row: value, started: true };
  });
  if (started) deps.jobs.wakeWorker(DIVISION_EXPORT_JOB);
  return toExportAnswer(row);
}

export async function getExport(db: Db, companyId: number, id: string): Promise<DivisionExport> {
  const row = await exportOf(db, companyId, id);
  if (!row) throw notFound(M.notFound);
  return toExportAnswer(row);
}

export async function listExports(db: Db, companyId: number): Promise<DivisionExport[]> {
  return (await latestExports(db, companyId, 5)).map(toExportAnswer);
}

/** The finished zip's bytes and name; 409 while it is not ready, 410 once it expired. */
export async function openExport(env: { db: Db; store: FileStore }, companyId: number, id: string) {
  const row = await exportOf(env.db, companyId, id);
  if (!row) throw notFound(M.notFound);
  if (row.status === 'failed') throw new AppError(409, 'export_failed', M.failed);
  if (row.status !== 'ready') throw new AppError(409, 'export_not_ready', M.notReady);
  if (row.expiresAt.getTime() <= Date.now() || !row.storageKey) throw new AppError(410, 'export_expired', M.expired);
  const stream = await env.store.read(row.storageKey);
  if (!stream) throw new AppError(410, 'export_expired', M.expired);
  return { stream, fileName: row.fileName, size: row.size };
}

/** One file of the zip: its name in the archive and how to write it. */
type Part = { name: string; write: (zip: ZipFileWriter) => Promise<number> };

/** Every JSON file of an export, in the order they are written. */
function dataParts(db: Db, companyId: number): Part[] {
  const array = (name: string, read: Parameters<typeof pagesOf>[0]): Part => ({ name, write: (zip) => zip.addJsonArray(name, pagesOf(read)) });
  const list = (name: string, read: () => Promise<unknown[]>): Part => ({
    name,
    write: (zip) =>
      zip.addJsonArray(
        name,
        (async function* () {
          yield await read();
        })(),
      ),
  });
  return [
    {
      name: 'division.json',
      write: async (zip) => {
        await zip.addJson('division.json', await divisionForExport(db, companyId));
        return 1;
      },
    },
    array('members.json', membersPage(db, companyId)),
    array('templates.json', profilesPage(db, companyId, true)),
    array('profiles.json', profilesPage(db, companyId, false)),
    array('permissions.json', permissionsPage(db, companyId)),
    array('profile-publications.json', publicationsPage(db, companyId)),
    array('stylings.json', stylingsPage(db, companyId)),
    array('approvals.json', approvalsPage(db, companyId)),
    array('lead-forms.json', leadFormsPage(db, companyId)),
    array('lead-submissions.json', leadSubmissionsPage(db, companyId)),
    array('purchase-histories.json', purchasesPage(db, companyId)),
    array('uploads.json', uploadsPage(db, companyId)),
    {
      name: 'statistics/daily-by-profile.json',
      write: (zip) =>
        zip.addJsonArray(
          'statistics/daily-by-profile.json',
          (async function* () {
            for await (const ids of pagesOf(profileIdsPage(db, companyId))) for (const { id } of ids) yield await dailyStatsOf(db, id);
          })(),
        ),
    },
    list('statistics/daily-by-division.json', () => divisionDailyStats(db, companyId)),
    list('statistics/profile-totals.json', () => profileTotalsOf(db, companyId)),
  ];
}

/**
 * The export job: reads every record of the division into JSON files and copies its uploads
 * into a zip written to a file under DATA_DIR/tmp (memory stays flat), then puts the zip in
 * the upload store, where every copy of the server can serve it. A retry starts afresh.
 */
export async function runExport(env: ExportEnv, exportId: string): Promise<{ status: string }> {
  const row = await startExport(env.db, exportId);
  if (!row) return { status: 'ready' };
  const companyId = row.companyId;
  if (!(await companyRowById(env.db, companyId))) {
    await failExport(env.db, exportId, 'the division was deleted before its export ran');
    return { status: 'failed' };
  }
  const dir = path.join(env.dataDir, 'tmp');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `export-${exportId}-${randomBytes(4).toString('hex')}.zip`);
  const zip = new ZipFileWriter(file);
  try {
    const parts = dataParts(env.db, companyId);
    const uploadCount = await countUploads(env.db, companyId);
    // Steps: each JSON file, each upload, the manifest, storing the zip.
    const total = parts.length + uploadCount + 2;
    let done = 0;
    const counts: Record<string, number> = {};
    for (const part of parts) {
      counts[part.name] = await part.write(zip);
      done += 1;
      await setExportProgress(env.db, exportId, { phase: 'data', done, total });
    }
    const missing: string[] = [];
    let lastReport = Date.now();
    for await (const page of pagesOf(uploadsPage(env.db, companyId))) {
      for (const upload of page) {
        const source = await env.store.read(upload.storageKey);
        if (source) await zip.addStream(`uploads/${upload.storageKey}`, source);
        else missing.push(upload.storageKey);
        done += 1;
        // Progress at most a few times a second, whatever the number of files.
        if (Date.now() - lastReport > 250 || done === parts.length + uploadCount) {
          await setExportProgress(env.db, exportId, { phase: 'uploads', done: Math.min(done, total - 2), total });
          lastReport = Date.now();
        }
      }
    }
    await zip.addJson('manifest.json', {
      format: 'profilehub-division-export',
      version: 1,
      division: { id: companyId },
      exportedAt: row.snapshotAt?.toISOString() ?? null,
      records: counts,
      uploads: { files: uploadCount - missing.length, missing },
    });
    await zip.finish();
    await setExportProgress(env.db, exportId, { phase: 'storing', done: total - 1, total });
    const key = `export-${randomBytes(16).toString('hex')}.zip`;
    await env.store.putFile(key, file, 'application/zip');
    const { size } = await stat(file);
    await finishExport(env.db, exportId, { storageKey: key, size, total });
    return { status: 'ready' };
  } catch (err) {
    zip.abort();
    env.log.error({ err, exportId }, 'a division export failed');
    await failExport(env.db, exportId, err instanceof Error ? err.message : String(err));
    throw err;
  } finally {
    await rm(file, { force: true });
  }
}

/** Upkeep: removes the zips of expired exports from the store (their rows stay as the record of what was exported). */
export async function sweepExpiredExports(env: { db: Db; store: FileStore; log: FastifyBaseLogger }, now = new Date()): Promise<number> {
  const expired = await expiredExports(env.db, now, 100);
  for (const e of expired) {
    try {
      await env.store.delete(e.storageKey);
      await forgetExportFile(env.db, e.id);
    } catch (err) {
      env.log.warn({ err, exportId: e.id }, 'could not remove an expired export');
    }
  }
  return expired.length;
}
