import {
  COMPANY_MESSAGES,
  CompanyConsoleListSchema,
  CompanyConsoleQuerySchema,
  CompanyConsoleRowSchema,
  CompanyListSchema,
  CompanyPreviewResultSchema,
  CompanyPreviewSchema,
  CompanyQuerySchema,
  CreateCompanySchema,
  DEFAULT_SUPPORT_LINK,
  MAX_ROW_ID,
  parseCompanyQuery,
  supportHref,
  TrainingVideoSchema,
  UpdateCompanySchema,
  WhiteLabelResponseSchema,
} from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { type Actor, canManageDivisions, canSeeCompany, companiesOf } from '../../http/policy.ts';
import { companyByHubDomain, companyRowById, divisionConsoleRow, listCompanies, listDivisionsConsole } from './companies.queries.ts';
import { addDivision, previewDivision, setArchived, updateDivisionSettings } from './companies.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ROW_ID) });

/** The divisions console is the superadmin's (policy: canManageDivisions). */
function consoleActor(actor: Actor): Actor {
  if (!canManageDivisions(actor)) throw forbidden('Only platform administrators manage divisions.');
  return actor;
}

const hostOf = (host: string | undefined) => (host ?? '').split(':')[0]!.toLowerCase();

export async function companiesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  r.get(
    '/companies',
    {
      schema: {
        tags: ['companies'],
        summary: 'Divisions the caller may see, with the query language of spec §7',
        querystring: CompanyQuerySchema,
        response: { 200: CompanyListSchema },
      },
    },
    async (req) => {
      const q = parseCompanyQuery(req.query);
      const { data, total } = await listCompanies(db, companiesOf(actorOf(req)), q);
      return { data, meta: { pagination: { page: q.page, pageSize: q.pageSize, pageCount: Math.ceil(total / q.pageSize), total } } };
    },
  );

  r.get(
    '/companies/console',
    {
      schema: {
        tags: ['companies'],
        summary: 'The divisions console: every division, searched and paged (superadmin)',
        querystring: CompanyConsoleQuerySchema,
        response: { 200: CompanyConsoleListSchema },
      },
    },
    async (req) => {
      consoleActor(actorOf(req));
      const { page, pageSize } = req.query;
      const { data, total } = await listDivisionsConsole(db, req.query);
      return { data, meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } } };
    },
  );

  r.get(
    '/companies/console/:id',
    { schema: { tags: ['companies'], summary: 'One division with every setting (superadmin)', params: idParams, response: { 200: CompanyConsoleRowSchema } } },
    async (req) => {
      consoleActor(actorOf(req));
      const row = await divisionConsoleRow(db, req.params.id);
      if (!row) throw notFound('Division not found');
      return row;
    },
  );

  r.post(
    '/companies',
    {
      schema: {
        tags: ['companies'],
        summary: 'Create a division with its first master template (superadmin)',
        body: CreateCompanySchema,
        response: { 200: CompanyConsoleRowSchema },
      },
    },
    async (req) => {
      const actor = consoleActor(actorOf(req));
      return addDivision(db, actor.userId, req.body);
    },
  );

  r.patch(
    '/companies/:id',
    {
      schema: {
        tags: ['companies'],
        summary: 'Change a division’s settings; refused (409) if it changed since `updatedAt` (superadmin)',
        params: idParams,
        body: UpdateCompanySchema,
        response: { 200: CompanyConsoleRowSchema },
      },
    },
    async (req) => {
      const actor = consoleActor(actorOf(req));
      return updateDivisionSettings(app.deps, actor.userId, req.params.id, req.body);
    },
  );

  r.post(
    '/companies/:id/preview',
    {
      schema: {
        tags: ['companies'],
        summary: 'How the division’s sign-in page and a sample public page look with unsaved settings: HTML for sandboxed frames (superadmin)',
        params: idParams,
        body: CompanyPreviewSchema,
        response: { 200: CompanyPreviewResultSchema },
      },
    },
    async (req, reply) => {
      consoleActor(actorOf(req));
      reply.header('cache-control', 'no-store');
      return previewDivision(app.deps, req.params.id, req.body);
    },
  );

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    r.post(
      `/companies/:id/${action}`,
      {
        schema: {
          tags: ['companies'],
          summary: archived
            ? 'Archive a division: its pages answer 410 and its members cannot sign in until it is restored (superadmin)'
            : 'Restore an archived division: its pages and sign-in work again (superadmin)',
          params: idParams,
          response: { 200: CompanyConsoleRowSchema },
        },
      },
      async (req) => {
        const actor = consoleActor(actorOf(req));
        return setArchived(app.deps, actor.userId, req.params.id, archived);
      },
    );
  }

  r.get(
    '/companies/training-video/:companyId',
    {
      schema: {
        tags: ['companies'],
        summary: "A division's training video",
        params: z.object({ companyId: z.coerce.number().int().positive().max(MAX_ROW_ID) }),
        response: { 200: TrainingVideoSchema },
      },
    },
    async (req) => {
      const row = canSeeCompany(actorOf(req), req.params.companyId) ? await companyRowById(db, req.params.companyId) : undefined;
      if (!row) throw notFound('Division not found');
      const url = row.whiteLabel?.tut_video || row.trainingVideoUrl || null;
      return { success: Boolean(url), url };
    },
  );

  r.get(
    '/white-label',
    {
      config: { public: true },
      schema: {
        tags: ['companies'],
        summary: 'White-label of the hub host the browser is on, and which sign-in methods it offers (before sign-in)',
        response: { 200: WhiteLabelResponseSchema },
      },
    },
    async (req, reply) => {
      const row = await companyByHubDomain(db, hostOf(req.headers.host));
      reply.header('cache-control', 'public, max-age=60');
      const googleSignIn = app.deps.google.configured && Boolean(app.deps.config.GOOGLE_CLIENT_SECRET);
      const closed = row?.archivedAt ? COMPANY_MESSAGES.hubClosed : null;
      if (!row?.whiteLabel) return { whiteLabel: null, supportHref: DEFAULT_SUPPORT_LINK, googleSignIn, closed };
      return { whiteLabel: row.whiteLabel, supportHref: supportHref([row]), googleSignIn, closed };
    },
  );
}
