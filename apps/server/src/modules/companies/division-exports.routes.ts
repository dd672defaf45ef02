import {
  DeleteCompanyResultSchema,
  DeleteCompanySchema,
  DivisionExportListSchema,
  DivisionExportSchema,
  DIVISION_EXPORT_MESSAGES as M,
  MAX_ROW_ID,
} from '@profilehub/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { canDeleteDivision, canExportDivision } from '../../http/policy.ts';
import type { PublicSites } from '../public-pages/public-pages.service.ts';
import type { FileStore } from '../uploads/file-store.ts';
import { deleteDivision } from './companies.service.ts';
import { getExport, listExports, openExport, requestExport } from './division-exports.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ROW_ID) });
// Any text: a malformed export id is an export that does not exist (404), not a malformed request.
const exportParams = idParams.extend({ exportId: z.string().max(100) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checked before the body or params are (preValidation): a caller who may not never learns what a valid request looks like. */
async function exporter(req: FastifyRequest) {
  if (!canExportDivision(actorOf(req))) throw forbidden('Only platform administrators export a division’s data.');
}
async function deleter(req: FastifyRequest) {
  if (!canDeleteDivision(actorOf(req))) throw forbidden('Only platform administrators delete divisions.');
}
const checkedId = (exportId: string) => {
  if (!UUID.test(exportId)) throw notFound(M.notFound);
  return exportId.toLowerCase();
};

/**
 * A division's export (a zip of all its data, made by a durable job) and its deletion, which
 * needs a fresh export first. The zip lives in the upload store, so any copy of the server
 * serves it; it expires after DIVISION_EXPORT_TTL_DAYS (the upkeep removes it).
 */
export async function divisionExportsRoutes(app: FastifyInstance, opts: { store: FileStore; sites: PublicSites }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  r.post(
    '/companies/:id/exports',
    {
      preValidation: exporter,
      schema: {
        tags: ['companies'],
        summary: 'Start an export of all of a division’s data (a zip of JSON files and its uploads); answers one already running (superadmin)',
        params: idParams,
        response: { 200: DivisionExportSchema },
      },
    },
    async (req) => requestExport(app.deps, actorOf(req).userId, req.params.id),
  );

  r.get(
    '/companies/:id/exports',
    {
      preValidation: exporter,
      schema: {
        tags: ['companies'],
        summary: 'The division’s latest exports, newest first (superadmin)',
        params: idParams,
        response: { 200: DivisionExportListSchema },
      },
    },
    async (req) => ({ data: await listExports(db, req.params.id) }),
  );

  r.get(
    '/companies/:id/exports/:exportId',
    {
      preValidation: exporter,
      schema: {
        tags: ['companies'],
        summary: 'Where an export stands: status, phase and progress (done of total steps) (superadmin)',
        params: exportParams,
        response: { 200: DivisionExportSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return getExport(db, req.params.id, checkedId(req.params.exportId));
    },
  );

  r.get(
    '/companies/:id/exports/:exportId/download',
    {
      preValidation: exporter,
      schema: {
        tags: ['companies'],
        summary: 'The finished export as a zip (attachment); 409 while it runs, 410 once expired (superadmin)',
        params: exportParams,
      },
    },
    async (req, reply) => {
      const file = await openExport({ db, store: opts.store }, req.params.id, checkedId(req.params.exportId));
      reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff');
      if (file.size !== null) reply.header('content-length', String(file.size));
      return reply.send(file.stream);
    },
  );

  r.delete(
    '/companies/:id',
    {
      preValidation: deleter,
      schema: {
        tags: ['companies'],
        summary:
          'Delete a division and all its data for good: needs its name typed and a finished export made after its last change, within 24 hours (409 otherwise) (superadmin)',
        params: idParams,
        body: DeleteCompanySchema,
        response: { 200: DeleteCompanyResultSchema },
      },
    },
    async (req) => deleteDivision({ ...app.deps, store: opts.store, sites: opts.sites, log: req.log }, actorOf(req).userId, req.params.id, req.body),
  );
}
