import type { ListSort } from '@profilehub/shared';
import type { QueryValue } from '../../lib/api.ts';

/** What an admin list asks its server for: the settled search, the divisions, the sort and the page. */
export type ListParams<C extends string> = { filter: string; companyIds: number[]; sort: ListSort<C>; page: number };

/** An admin list's params as its GET call's query string (spec §7; no divisions picked = all). */
export function listQuery<C extends string>(p: ListParams<C>): Record<string, QueryValue> {
  return {
    filter: p.filter || undefined,
    companyId: p.companyIds.length ? p.companyIds.join(',') : undefined,
    orderBy: p.sort?.orderBy,
    order: p.sort?.order,
    page: p.page,
  };
}
