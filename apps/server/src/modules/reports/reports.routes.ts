import {
  LeadFormsQuerySchema,
  LeadFormsResponseSchema,
  QueryReportParamsSchema,
  ReportOverviewQuerySchema,
  ReportOverviewSchema,
  ReportQuerySchema,
  ReportResponseSchema,
  VIEW_SOURCE_TEXTS,
  ViewSourcesQuerySchema,
  ViewSourcesResponseSchema,
} from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/auth.ts';
import { sendXlsx } from '../../http/xlsx.ts';
import { leadForms, overview, queryReport, viewSources } from './reports.service.ts';

const tags = ['reports'];
/** Rows the Getting in touch card lists; the spreadsheet has them all. */
const LEAD_CARD_ROWS = 50;

/**
 * Statistics (spec §7 /reports/query/*, /reports/lead-forms). Every report reads
 * the daily rollups, never `events`, and is cut to what the caller may see; an id
 * of another division answers like a division without traffic (README.md here).
 */
export async function reportsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  r.get(
    '/reports/query/:report',
    {
      schema: {
        tags,
        summary:
          'A statistics report over UTC days start..end (yyyy-MM-dd; no start = lifetime): visits, monthly visits, interactions, top interactions (≤ 30), profile views, top viewed profiles (≤ 15), industry average (superadmin)',
        params: QueryReportParamsSchema,
        querystring: ReportQuerySchema,
        response: { 200: ReportResponseSchema },
      },
    },
    async (req) => queryReport(db, actorOf(req), req.params.report, req.query),
  );

  r.get(
    '/reports/overview',
    {
      schema: {
        tags,
        summary: 'Who a statistics page is about: one profile (name, picture) or divisions, and how many profiles are in view',
        querystring: ReportOverviewQuerySchema,
        response: { 200: ReportOverviewSchema },
      },
    },
    async (req) => overview(db, actorOf(req), req.query),
  );

  r.get(
    '/reports/lead-forms',
    {
      schema: {
        tags,
        summary: "Lead-form submissions in a range; format=xlsx downloads 'Lead form submissions {start}-{end} for {who}.xlsx'",
        querystring: LeadFormsQuerySchema,
        response: { 200: LeadFormsResponseSchema },
      },
    },
    async (req, reply) => {
      const report = await leadForms(db, actorOf(req), req.query);
      if (req.query.format !== 'xlsx') return report.page(LEAD_CARD_ROWS);
      return sendXlsx(reply, {
        fileName: await report.fileName(),
        sheetName: 'Lead form submissions',
        columns: [
          // A date-time cell; ExcelJS writes a Date as its UTC wall time.
          { header: 'Date (UTC)', width: 20, value: (row) => new Date(row.createdAt) },
          { header: 'Profile', width: 28, value: (row) => row.profileName },
          { header: 'Name', width: 28, value: (row) => row.name },
          { header: 'Email', width: 32, value: (row) => row.email },
          { header: 'Mobile', width: 20, value: (row) => row.mobile },
          { header: 'Message', width: 60, value: (row) => row.message },
        ],
        rows: report.all(),
      });
    },
  );

  r.get(
    '/reports/view-sources',
    {
      schema: {
        tags,
        summary:
          "Where views came from in a range: per dimension (source, referrer, campaign, device, os, browser, country) its top values with count and share; format=xlsx downloads every value as 'Where views come from {start}-{end}.xlsx'",
        querystring: ViewSourcesQuerySchema,
        response: { 200: ViewSourcesResponseSchema },
      },
    },
    async (req, reply) => {
      const xlsx = req.query.format === 'xlsx';
      const { fileName, ...report } = await viewSources(db, actorOf(req), req.query, xlsx ? undefined : VIEW_SOURCE_TEXTS.topN);
      if (!xlsx) return report;
      const rows = report.dimensions.flatMap((d) => d.items.map((item) => ({ dimension: VIEW_SOURCE_TEXTS.dimensions[d.dimension], ...item })));
      return sendXlsx(reply, {
        fileName,
        sheetName: 'Where views come from',
        columns: [
          { header: 'Dimension', width: 20, value: (row) => row.dimension },
          { header: 'Value', width: 32, value: (row) => row.label },
          { header: 'Views', width: 12, value: (row) => row.count },
          { header: 'Share (%)', width: 12, value: (row) => row.percentage },
        ],
        rows,
      });
    },
  );
}
