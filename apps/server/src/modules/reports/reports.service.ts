import {
  addDays,
  type DayRange,
  daysInRange,
  formatMonth,
  interactionName,
  type LeadSubmissionItem,
  monthStart,
  monthsOf,
  percentage,
  previousPeriod,
  type QueryReport,
  REPORT_LABELS,
  REPORT_LIMITS,
  REPORT_MESSAGES,
  type ReportItem,
  type ReportOverview,
  type ReportQuery,
  type ReportResponse,
  STATS_TEXTS,
  todayUtc,
  VIEW_DIMENSIONS,
  VIEW_SOURCE_TEXTS,
  type ViewSourcesResponse,
  viewSourceName,
} from '@profilehub/shared';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { type Actor, canSeeEveryDivisionAverage, canViewProfile, seesOwnProfileOnly } from '../../http/policy.ts';
import { scopeOf } from '../../http/scope.ts';
import {
  companyTitles,
  countsBy,
  countsByKind,
  filteredCount,
  firstDay,
  industryCounts,
  type KindFilter,
  leadSubmissionStats,
  leadSubmissionsPage,
  liveProfileCount,
  ownProfileId,
  profileCount,
  profileSummary,
  profilesWithViews,
  type RollupScope,
  sumCounts,
  viewSourceCounts,
} from './reports.queries.ts';

/** A scope the caller may not see, or that names nothing: every report answers empty (like a division without traffic). */
export type Scope = RollupScope | { kind: 'none' };
const NONE: Scope = { kind: 'none' };

/**
 * Cuts the requested scope to what the actor may see (scope.scopeOf,
 * canViewProfile). A plain user sees only their own profile; a supervisor their
 * divisions; a superadmin everything. Another division's or profile's id is not
 * an error: it answers exactly like a division with no traffic (see README).
 */
async function resolveScope(db: Db, actor: Actor, q: { companyId?: number[] | undefined; profileId?: number | undefined }): Promise<Scope> {
  const profileId = q.profileId ?? (seesOwnProfileOnly(actor) ? await ownProfileId(db, actor.userId) : undefined);
  if (profileId !== undefined && profileId !== null) {
    const p = await profileSummary(db, profileId);
    if (!p || !canViewProfile(actor, p)) return NONE;
    if (q.companyId && !q.companyId.includes(p.companyId)) return NONE;
    return { kind: 'profile', profileId: p.id, companyId: p.companyId };
  }
  if (seesOwnProfileOnly(actor)) return NONE;
  const ids = scopeOf(actor, q.companyId);
  if (ids !== 'all' && ids.length === 0) return NONE;
  return { kind: 'company', companyIds: ids };
}

/** The range asked for: start absent is lifetime, end absent is today (UTC). */
function rangeOf(q: { start?: string | undefined; end?: string | undefined }, today = todayUtc()): DayRange {
  const range = { start: q.start ?? null, end: q.end ?? today };
  if (range.start && range.end < range.start) throw badRequest(REPORT_MESSAGES.endBeforeStart, 'end');
  return range;
}

const VIEWS: KindFilter = { action: 'view', types: ['page'] };
/** Interactions a visitor chose: not the page view itself, not how far they scrolled. */
const CHOSEN: KindFilter = { excludeActions: ['view', 'scroll'] };

const emptyResponse = (range: DayRange): ReportResponse => ({ data: [], total: 0, visitors: 0, start: range.start, end: range.end });

/** GET /reports/query/{report}. */
export async function queryReport(db: Db, actor: Actor, report: QueryReport, q: ReportQuery): Promise<ReportResponse> {
  if (report === 'average_interactions' && !canSeeEveryDivisionAverage(actor)) throw forbidden(REPORT_MESSAGES.superadminOnly);
  const range = rangeOf(q);
  // The industry average is not about the caller's scope: it is every division's.
  if (report === 'average_interactions') return averageInteractions(db, range, q);
  const scope = await resolveScope(db, actor, q);
  // Spec §6: for a plain user the top-profiles report is empty.
  if (scope.kind === 'none' || (report === 'profile_with_count' && seesOwnProfileOnly(actor))) {
    return report === 'all_visits' ? { ...emptyResponse(range), filtered: 0, previous: range.start ? 0 : null } : emptyResponse(range);
  }
  const filter: KindFilter = { action: q.action, types: q.values ?? (q.type ? [q.type] : undefined) };
  switch (report) {
    case 'all_visits':
      return allVisits(db, scope, range);
    case 'monthly_visits':
      return monthlyVisits(db, scope, range);
    case 'profile_views':
      return profileViews(db, scope, range);
    case 'interactions':
      return interactions(db, scope, range, filter);
    case 'top_interactions':
      return topInteractions(db, scope, range, { ...CHOSEN, ...filter }, q);
    case 'profile_with_count':
      return topProfiles(db, scope, range, q);
  }
}

async function allVisits(db: Db, scope: RollupScope, range: DayRange): Promise<ReportResponse> {
  const [now, filtered, before] = await Promise.all([
    sumCounts(db, scope, range, VIEWS),
    filteredCount(db, scope, range),
    range.start ? sumCounts(db, scope, previousPeriod(range.start, range.end), VIEWS) : null,
  ]);
  const item: ReportItem = {
    label: REPORT_LABELS.profileViews,
    title: REPORT_LABELS.profileViews,
    data: now.count,
    visitors: now.visitors,
    action: 'view',
    type: 'page',
  };
  return { data: [item], total: now.count, visitors: now.visitors, filtered, previous: before?.count ?? null, start: range.start, end: range.end };
}

/** Spec §2: profile visits by month, up to the last 12 months of the range, months without visits as 0. */
async function monthlyVisits(db: Db, scope: RollupScope, range: DayRange): Promise<ReportResponse> {
  const earliest = monthStart(range.end, -(REPORT_LIMITS.monthlyVisits - 1));
  const lifetimeStart = range.start ?? (await firstDay(db, scope)) ?? range.end;
  const start = lifetimeStart > earliest ? lifetimeStart : earliest;
  const rows = await countsBy(db, scope, { start, end: range.end }, VIEWS, 'month');
  return series(monthsOf(start, range.end), rows, (m) => formatMonth(m, 'MMM yyyy'), { start, end: range.end });
}

/** The Profile views line: a point per day for ranges up to ~3 months, per month beyond. */
async function profileViews(db: Db, scope: RollupScope, range: DayRange): Promise<ReportResponse> {
  const start = range.start ?? (await firstDay(db, scope)) ?? range.end;
  const daily = daysInRange(start, range.end) <= REPORT_LIMITS.dailySeriesMaxDays;
  const rows = await countsBy(db, scope, { start, end: range.end }, VIEWS, daily ? 'day' : 'month');
  const keys = daily ? Array.from({ length: daysInRange(start, range.end) }, (_, i) => addDays(start, i)) : monthsOf(start, range.end);
  const title = daily ? (d: string) => `${Number(d.slice(8))} ${formatMonth(d).slice(0, 3)}` : (m: string) => formatMonth(m, 'MMM yy');
  return { ...series(keys, rows, title, { start: range.start, end: range.end }), interval: daily ? 'day' : 'month' };
}

function series(keys: string[], rows: { key: string; count: number; visitors: number }[], title: (key: string) => string, range: DayRange): ReportResponse {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const data = keys.map((key) => {
    const r = byKey.get(key);
    return { label: key, title: title(key), data: r?.count ?? 0, visitors: r?.visitors ?? 0, action: 'view', type: 'page' };
  });
  return {
    data,
    total: data.reduce((s, d) => s + d.data, 0),
    visitors: data.reduce((s, d) => s + d.visitors, 0),
    start: range.start,
    end: range.end,
  };
}

const kindItem = (r: { action: string; type: string; label: string; count: number; visitors: number }, all: number): ReportItem => ({
  label: r.label || interactionName(r.action, r.type),
  title: interactionName(r.action, r.type),
  data: r.count,
  visitors: r.visitors,
  action: r.action,
  type: r.type,
  percentage: percentage(r.count, all),
});

/** Every interaction kind (views included) with its labels: the pie, Getting in touch and Actions cards. */
async function interactions(db: Db, scope: RollupScope, range: DayRange, f: KindFilter): Promise<ReportResponse> {
  const rows = await countsByKind(db, scope, range, f);
  const all = rows.reduce((s, r) => s + r.count, 0);
  return { data: rows.map((r) => kindItem(r, all)), total: all, visitors: rows.reduce((s, r) => s + r.visitors, 0), start: range.start, end: range.end };
}

/** Spec §9: at most 30 of the visitor's chosen interactions, with count and share of all of them. */
async function topInteractions(db: Db, scope: RollupScope, range: DayRange, f: KindFilter, q: ReportQuery): Promise<ReportResponse> {
  const limit = Math.min(q.limit ?? REPORT_LIMITS.topInteractions, REPORT_LIMITS.topInteractions);
  const [rows, all] = await Promise.all([countsByKind(db, scope, range, f, limit), sumCounts(db, scope, range, f)]);
  // Named by their button; a button without a label says so (spec §8), its kind shown beneath.
  const data = rows.map((r) => ({ ...kindItem(r, all.count), label: r.label || STATS_TEXTS.noLabel }));
  if (q.orderBy === 'label') data.sort((a, b) => a.label.localeCompare(b.label) * (q.order === 'desc' ? -1 : 1));
  else if (q.order === 'asc') data.reverse();
  return { data, total: all.count, visitors: all.visitors, start: range.start, end: range.end };
}

/** Spec §9: top viewed profiles, 15 at most, live only by default, by views descending. */
async function topProfiles(db: Db, scope: RollupScope, range: DayRange, q: ReportQuery): Promise<ReportResponse> {
  const limit = Math.min(q.limit ?? REPORT_LIMITS.topProfiles, REPORT_LIMITS.topProfiles);
  const companyIds = scope.kind === 'profile' ? [scope.companyId] : scope.companyIds;
  const rows = await profilesWithViews(
    db,
    companyIds,
    range,
    { live: q.isLive ?? true, template: q.isTemplate ?? false, search: q.filter, profileId: scope.kind === 'profile' ? scope.profileId : undefined },
    { limit, offset: (q.page ?? 0) * limit, orderBy: q.orderBy ?? 'data', order: q.order ?? (q.orderBy === 'label' ? 'asc' : 'desc') },
  );
  const all = rows[0]?.allViews ?? 0;
  const data = rows.map((r) => ({
    label: r.name,
    title: r.name,
    data: r.count,
    visitors: r.visitors,
    value: r.id,
    profileId: r.id,
    companyId: r.companyId,
    alias: r.alias,
    picture: r.picture,
    action: 'view',
    type: 'page',
    percentage: percentage(r.count, all),
  }));
  return { data, total: all, visitors: data.reduce((s, d) => s + d.visitors, 0), start: range.start, end: range.end };
}

/** Superadmin: the industry average per published profile of each interaction kind in the range. */
async function averageInteractions(db: Db, range: DayRange, q: ReportQuery): Promise<ReportResponse> {
  const [rows, profiles] = await Promise.all([
    industryCounts(db, range, { action: q.action, types: q.values ?? (q.type ? [q.type] : undefined) }),
    liveProfileCount(db),
  ]);
  const per = (n: number) => (profiles > 0 ? Math.round((n / profiles) * 10) / 10 : 0);
  const data = rows.map((r) => ({
    label: interactionName(r.action, r.type),
    title: interactionName(r.action, r.type),
    data: per(r.count),
    value: r.count,
    action: r.action,
    type: r.type,
  }));
  return { data, total: per(rows.reduce((s, r) => s + r.count, 0)), visitors: 0, start: range.start, end: range.end };
}

/** GET /reports/overview: who the page is about, for its title and which cards it shows. */
export async function overview(db: Db, actor: Actor, q: { companyId?: number[] | undefined; profileId?: number | undefined }): Promise<ReportOverview> {
  const scope = await resolveScope(db, actor, q);
  if (scope.kind === 'profile') {
    const p = (await profileSummary(db, scope.profileId))!;
    return {
      kind: 'profile',
      name: p.name,
      picture: p.picture,
      profile: { id: p.id, companyId: p.companyId, alias: p.alias, published: p.publishedAt !== null, isMaster: p.isMaster },
      profileCount: 1,
    };
  }
  if (scope.kind === 'none') return { kind: seesOwnProfileOnly(actor) ? 'profile' : 'company', name: '', picture: null, profile: null, profileCount: 0 };
  return { kind: 'company', name: '', picture: null, profile: null, profileCount: await profileCount(db, scope.companyIds) };
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Lead-form submissions of the scope and range: the newest first, as the card and the spreadsheet show them. */
export async function leadForms(
  db: Db,
  actor: Actor,
  q: { start?: string | undefined; end?: string | undefined; companyId?: number[] | undefined; profileId?: number | undefined },
) {
  const range = rangeOf(q);
  const scope = await resolveScope(db, actor, q);
  const toItem = (r: Awaited<ReturnType<typeof leadSubmissionsPage>>[number]): LeadSubmissionItem => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    profileId: r.profileId,
    profileName: r.profileName,
    name: text(r.data.name),
    email: text(r.data.email),
    mobile: text(r.data.mobile),
    message: text(r.data.message),
  });
  return {
    range,
    scope,
    toItem,
    /** A first page for the card. */
    async page(limit: number) {
      if (scope.kind === 'none') return { data: [], total: 0 };
      const [rows, stats] = await Promise.all([leadSubmissionsPage(db, scope, range, limit), leadSubmissionStats(db, scope, range)]);
      return { data: rows.map(toItem), total: stats.count };
    },
    /** Spec §7: 'Lead form submissions {start}-{end} for {who}.xlsx' (a lifetime range starts at the first submission). */
    async fileName(): Promise<string> {
      if (scope.kind === 'none') return `Lead form submissions ${range.start ?? range.end}-${range.end} for nobody.xlsx`;
      const start = range.start ?? (await leadSubmissionStats(db, scope, range)).first ?? range.end;
      let who: string;
      if (scope.kind === 'profile') who = (await profileSummary(db, scope.profileId))?.name ?? 'profile';
      else if (scope.companyIds === 'all') who = 'all divisions';
      else who = (await companyTitles(db, scope.companyIds)).join(', ');
      return `Lead form submissions ${start}-${range.end} for ${who}.xlsx`;
    },
    /** Every row, read a page at a time so a big export never sits in memory whole. */
    async *all(): AsyncGenerator<LeadSubmissionItem> {
      if (scope.kind === 'none') return;
      let after: number | undefined;
      for (;;) {
        const rows = await leadSubmissionsPage(db, scope, range, 1000, after);
        for (const r of rows) yield toItem(r);
        if (rows.length < 1000) return;
        after = rows.at(-1)!.id;
      }
    },
  };
}

/**
 * GET /reports/view-sources (issue 30): where the scope's views came from in the range, each
 * dimension's values most first with their share. The card shows the top few (`top`); the
 * spreadsheet asks for all.
 */
export async function viewSources(
  db: Db,
  actor: Actor,
  q: { start?: string | undefined; end?: string | undefined; companyId?: number[] | undefined; profileId?: number | undefined },
  top?: number,
): Promise<ViewSourcesResponse & { fileName: string }> {
  const range = rangeOf(q);
  const scope = await resolveScope(db, actor, q);
  const rows = scope.kind === 'none' ? [] : await viewSourceCounts(db, scope, range);
  const dimensions = VIEW_DIMENSIONS.map((dimension) => {
    const mine = rows.filter((r) => r.dimension === dimension);
    const all = mine.reduce((sum, r) => sum + r.count, 0);
    const items = (top ? mine.slice(0, top) : mine).map((r) => ({
      value: r.value,
      label: viewSourceName(dimension, r.value),
      count: r.count,
      percentage: percentage(r.count, all),
    }));
    return { dimension, total: all, items };
  });
  const first = rows.length && !range.start && scope.kind !== 'none' ? await firstDay(db, scope) : null;
  return { dimensions, start: range.start, end: range.end, fileName: `${VIEW_SOURCE_TEXTS.card} ${range.start ?? first ?? range.end}-${range.end}.xlsx` };
}
