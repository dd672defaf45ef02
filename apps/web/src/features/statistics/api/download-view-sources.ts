import { type DayRange, VIEW_SOURCE_TEXTS } from '@profilehub/shared';
import { downloadFile } from '../../../lib/download.ts';
import { rangeQuery, type StatsScope, scopeQuery } from './stats-query.ts';

/** GET /api/reports/view-sources?format=xlsx: every value of every dimension, under the name the server gives it. */
export const downloadViewSources = (scope: StatsScope, range: DayRange) =>
  downloadFile('/api/reports/view-sources', { ...scopeQuery(scope), ...rangeQuery(range), format: 'xlsx' }, `${VIEW_SOURCE_TEXTS.card}.xlsx`);
