import { type DayRange, formatMonth, presetOf, type Role, STATS_TEXTS, todayUtc } from '@profilehub/shared';

/**
 * Spec §2: a statistics alias is shaped `profileId_companyId_name`; the first
 * segment is the profile id. The name is only there for people reading the URL.
 */
export function parseStatsAlias(alias: string | undefined): { profileId: number | null; companyId: number | null } {
  const [first, second] = (alias ?? '').split('_');
  const id = (s: string | undefined) => (s && /^\d{1,10}$/.test(s) ? Number(s) : null);
  return { profileId: id(first), companyId: id(second) };
}

/** The alias of a profile's statistics page. */
export function statsAlias(profileId: number, companyId: number, name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${profileId}_${companyId}${slug ? `_${slug}` : ''}`;
}

/**
 * Spec §2/§6: Top viewed profiles is hidden for role user and when the page is
 * about one profile (or a division with only one).
 */
export function showsTopProfiles(role: Role, view: { kind: 'profile' | 'company'; profileCount: number }): boolean {
  return role !== 'user' && view.kind === 'company' && view.profileCount > 1;
}

/** Spec §6: plain users get no division or user filters and no Back to users. */
export function showsFilters(role: Role): boolean {
  return role !== 'user';
}

const dayText = (day: string) => `${Number(day.slice(8))} ${formatMonth(day)}`;

/** The date title: the preset's name ('Lifetime overview' for Lifetime), else the days. */
export function rangeTitle(range: DayRange, today: string = todayUtc()): string {
  const preset = presetOf(range, today);
  if (preset === 'Lifetime') return STATS_TEXTS.lifetimeOverview;
  if (preset) return preset;
  if (!range.start) return `Until ${dayText(range.end)}`;
  return range.start === range.end ? dayText(range.start) : `${dayText(range.start)} – ${dayText(range.end)}`;
}

/** The range in the page's query string (`start`, `end`); anything unreadable is Lifetime. */
export function rangeFromSearch(search: URLSearchParams, today: string = todayUtc()): DayRange {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const start = search.get('start');
  const end = search.get('end');
  const range = { start: start && day.test(start) ? start : null, end: end && day.test(end) ? end : today };
  return range.start && range.start > range.end ? { start: null, end: today } : range;
}
