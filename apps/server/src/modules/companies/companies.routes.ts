import { CompanyQuerySchema, CompanySchema, DEFAULT_SUPPORT_LINK, MAX_ROW_ID, parseCompanyQuery, supportHref, WhiteLabelSchema } from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { canSeeCompany, companiesOf } from '../../http/policy.ts';
import { companyByHubDomain, companyRowById, listCompanies } from './companies.queries.ts';

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
        response: {
          200: z.object({
            data: z.array(CompanySchema),
            meta: z.object({ pagination: z.object({ page: z.number(), pageSize: z.number(), pageCount: z.number(), total: z.number() }) }),
          }),
        },
      },
    },
    async (req) => {
      const q = parseCompanyQuery(req.query);
      const { data, total } = await listCompanies(db, companiesOf(actorOf(req)), q);
      return { data, meta: { pagination: { page: q.page, pageSize: q.pageSize, pageCount: Math.ceil(total / q.pageSize), total } } };
    },
  );

  r.get(
    '/companies/training-video/:companyId',
    {
      schema: {
        tags: ['companies'],
        params: z.object({ companyId: z.coerce.number().int().positive().max(MAX_ROW_ID) }),
        response: { 200: z.object({ success: z.boolean(), url: z.string().nullable() }) },
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
        response: { 200: z.object({ whiteLabel: WhiteLabelSchema.nullable(), supportHref: z.string(), googleSignIn: z.boolean() }) },
      },
    },
    async (req, reply) => {
      const row = await companyByHubDomain(db, hostOf(req.headers.host));
      reply.header('cache-control', 'public, max-age=60');
      const googleSignIn = app.deps.google.configured && Boolean(app.deps.config.GOOGLE_CLIENT_SECRET);
      if (!row?.whiteLabel) return { whiteLabel: null, supportHref: DEFAULT_SUPPORT_LINK, googleSignIn };
      return { whiteLabel: row.whiteLabel, supportHref: supportHref([row]), googleSignIn };
    },
  );
}
