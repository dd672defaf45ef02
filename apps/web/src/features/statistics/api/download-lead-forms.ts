import type { DayRange } from '@profilehub/shared';
import { downloadFile } from '../../../lib/download.ts';
import { rangeQuery, type StatsScope, scopeQuery } from './stats-query.ts';

/** GET /api/reports/lead-forms?format=xlsx: the lead-form spreadsheet, under the name the server gives it. */
export const downloadLeadForms = (scope: StatsScope, range: DayRange) =>
  downloadFile('/api/reports/lead-forms', { ...scopeQuery(scope), ...rangeQuery(range), format: 'xlsx' }, 'Lead form submissions.xlsx');
