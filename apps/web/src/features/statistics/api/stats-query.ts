/** The statistics calls' query strings: who the page is about and the days in view. */
import type { DayRange } from '@profilehub/shared';
import type { QueryValue } from '../../../lib/api.ts';

/** Who the page is about: a profile, or divisions (none picked = all the caller may see). */
export type StatsScope = { profileId?: number | undefined; companyIds?: number[] | undefined };

export const scopeQuery = (scope: StatsScope): Record<string, QueryValue> => ({
  profileId: scope.profileId,
  companyId: scope.companyIds?.length ? scope.companyIds.join(',') : undefined,
});
export const rangeQuery = (range: DayRange): Record<string, QueryValue> => ({ start: range.start ?? undefined, end: range.end });
