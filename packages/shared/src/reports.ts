import { DEFAULT_BRAND_COLOR } from './companies.ts';

/**
 * Statistics (spec §2 Statistics page and Date picker, §7 /reports/query/*, §9 chart
 * constants): report names, texts, and the pure rules the server and the dashboard
 * share. Days are `yyyy-MM-dd` strings of UTC calendar days, the day boundary of
 * the rollups (an event at 23:30 UTC counts for that UTC day).
 */

/** The reports of GET /api/reports/query/{report} (spec §7). */
export const QUERY_REPORTS = [
  'all_visits',
  'monthly_visits',
  'interactions',
  'average_interactions',
  'top_interactions',
  'profile_views',
  'profile_with_count',
] as const;
export type QueryReport = (typeof QUERY_REPORTS)[number];

/** Spec §9 limits of the statistics cards. */
export const REPORT_LIMITS = {
  /** Top viewed profiles: at most 15, by views descending, live profiles only. */
  topProfiles: 15,
  /** Your top interactions: at most 30 entries. */
  topInteractions: 30,
  /** Pie chart: the top 5 slices plus 'Other'. */
  pieTopN: 5,
  /** Line chart: 48 px of width per data point. */
  linePointWidth: 48,
  /** Profile visits by month: up to 12 months. */
  monthlyVisits: 12,
  /** The longest range a report answers, in days (a little over ten years). */
  maxRangeDays: 3700,
  /** A daily series (Profile views) switches to months above this many days. */
  dailySeriesMaxDays: 92,
} as const;

/** The spec's texts on the Statistics page, word for word. */
export const STATS_TEXTS = {
  notActive: 'This user is not active enough to show data.',
  noData: 'No data or data is still loading',
  /** A top interaction whose button has no label (spec §8). */
  noLabel: '(No label found)',
  lifetimeOverview: 'Lifetime overview',
  selectDateRange: 'Select Date Range',
  slider: 'Slide to select date range',
  select: 'Select',
  editProfile: 'Edit profile',
  backToCompany: 'Back to company stats',
  backToUsers: 'Back to users',
  other: 'Other',
  cards: {
    topProfileInteractions: 'Top profile interactions',
    profileViews: 'Profile views',
    topViewedProfiles: 'Top viewed profiles',
    yourTopInteractions: 'Your top interactions',
    /** The same card on the company view (spec §2 names it for one's own profile). */
    companyTopInteractions: 'Top interactions across profiles',
    /** The same card on someone else's profile. */
    topInteractions: 'Top interactions',
    gettingInTouch: 'Getting in touch',
    actions: 'Actions',
  },
} as const;

/** Spec §7 report labels. */
export const REPORT_LABELS = {
  permissions: 'Permissions',
  profileViews: 'Profile Views',
  linkClicks: 'Link Clicks',
  dropdownClicks: 'Dropdown Clicks',
} as const;

/** What a person reads for an action × type of spec §7 (the public page sends these). */
const INTERACTION_NAMES: Record<string, string> = {
  'view/page': REPORT_LABELS.profileViews,
  'click/url': REPORT_LABELS.linkClicks,
  'open/dropdown': REPORT_LABELS.dropdownClicks,
  'open/modal': 'Pop-ups opened',
  'click/phone': 'Click to call',
  'click/email': 'Email',
  'click/whatsapp': 'WhatsApp',
  'click/sms': 'SMS',
  'click/socialmedia': 'Social media',
  'click/pwa-install': 'Save to home screen',
  'click/save-to-contacts': 'Add to contacts',
  'click/copy-link': 'Copy link',
  'share/page': 'Share',
  'submit/lead-form': 'Lead form submissions',
  'view-media/image': 'Images viewed',
  'view-media/video': 'Videos played',
  'scroll/page': 'Scrolled the page',
};

export function interactionName(action: string, type: string): string {
  return INTERACTION_NAMES[`${action}/${type}`] ?? `${action} ${type}`;
}

/** The public page labels its directions button so (profile-page model): a URL click with it is "navigate". */
export const NAVIGATE_LABEL = 'Directions';

/** A row of the Getting in touch and Actions cards: which action × type (and label) it counts. */
export type StatRow = { key: string; label: string; match: { action: string; type: string; label?: string }[] };

/** Spec §2 Getting in touch: click to call, click to navigate, email, messages, lead form submissions. */
export const GETTING_IN_TOUCH: StatRow[] = [
  { key: 'call', label: 'Click to call', match: [{ action: 'click', type: 'phone' }] },
  { key: 'navigate', label: 'Click to navigate', match: [{ action: 'click', type: 'url', label: NAVIGATE_LABEL }] },
  { key: 'email', label: 'Email', match: [{ action: 'click', type: 'email' }] },
  {
    key: 'messages',
    label: 'Messages',
    match: [
      { action: 'click', type: 'whatsapp' },
      { action: 'click', type: 'sms' },
    ],
  },
  { key: 'lead-form', label: 'Lead form submissions', match: [{ action: 'submit', type: 'lead-form' }] },
];

/** Spec §2 Actions: save to home screen, add to contacts, copy link, share. */
export const ACTION_ROWS: StatRow[] = [
  { key: 'pwa', label: 'Save to home screen', match: [{ action: 'click', type: 'pwa-install' }] },
  { key: 'contacts', label: 'Add to contacts', match: [{ action: 'click', type: 'save-to-contacts' }] },
  { key: 'copy', label: 'Copy link', match: [{ action: 'click', type: 'copy-link' }] },
  { key: 'share', label: 'Share', match: [{ action: 'share', type: 'page' }] },
];

/** Sums the items (action, type, label, data) a row counts. */
export function sumRow(row: StatRow, items: readonly { action?: string | undefined; type?: string | undefined; label?: string; data: number }[]): number {
  let total = 0;
  for (const item of items) {
    if (row.match.some((m) => m.action === item.action && m.type === item.type && (m.label === undefined || m.label === item.label))) total += item.data;
  }
  return total;
}

// ── Days ──────────────────────────────────────────────────────────────────

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** A real calendar day written yyyy-MM-dd (2026-02-30 is not one). */
export function isIsoDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

const toTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromTime = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today as a UTC day. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return fromTime(toTime(day) + n * MS_PER_DAY);
}

/** Days from `start` to `end`, both counted (a range of one day is 1). */
export function daysInRange(start: string, end: string): number {
  return Math.round((toTime(end) - toTime(start)) / MS_PER_DAY) + 1;
}

/** The first day of the month `n` months after the month of `day` (n may be negative). */
export function monthStart(day: string, n = 0): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return fromTime(Date.UTC(y, m - 1 + n, 1));
}

/** The last day of the month of `day`. */
export function monthEnd(day: string): string {
  return addDays(monthStart(day, 1), -1);
}

/** Spec §4: the previous period is the same length, ending the day before the start. */
export function previousPeriod(start: string, end: string): { start: string; end: string } {
  const length = daysInRange(start, end);
  return { start: addDays(start, -length), end: addDays(start, -1) };
}

/** Spec §2 date presets, in the order the 'Select Date Range' menu lists them. */
export const DATE_PRESETS = ['Lifetime', 'This Month', 'Last Month', 'Last 3 Months', 'Last 6 Months', 'Last 12 Months', 'This Year', 'Last Year'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** A report range: `start` null means from the first day there is data (Lifetime). */
export type DayRange = { start: string | null; end: string };

/**
 * The range of a preset on `today`. "Last N Months" end today and are N months
 * long: they start the day after the same day N months ago (on 15 May, Last 3
 * Months is 16 Feb – 15 May), so they never mix in a partial month twice.
 */
export function presetRange(preset: DatePreset, today: string = todayUtc()): DayRange {
  const year = today.slice(0, 4);
  switch (preset) {
    case 'Lifetime':
      return { start: null, end: today };
    case 'This Month':
      return { start: monthStart(today), end: today };
    case 'Last Month':
      return { start: monthStart(today, -1), end: addDays(monthStart(today), -1) };
    case 'Last 3 Months':
      return { start: addDays(sameDayMonthsAgo(today, 3), 1), end: today };
    case 'Last 6 Months':
      return { start: addDays(sameDayMonthsAgo(today, 6), 1), end: today };
    case 'Last 12 Months':
      return { start: addDays(sameDayMonthsAgo(today, 12), 1), end: today };
    case 'This Year':
      return { start: `${year}-01-01`, end: today };
    case 'Last Year':
      return { start: `${Number(year) - 1}-01-01`, end: `${Number(year) - 1}-12-31` };
  }
}

/** The same day of the month `n` months earlier, clamped to that month's last day (31 May − 3 months = 28/29 Feb). */
function sameDayMonthsAgo(day: string, n: number): string {
  const first = monthStart(day, -n);
  const last = monthEnd(first);
  const candidate = `${first.slice(0, 8)}${day.slice(8)}`;
  return isIsoDay(candidate) && candidate <= last ? candidate : last;
}

/** The preset whose range equals `range` on `today`, if any (the picker's title). */
export function presetOf(range: DayRange, today: string = todayUtc()): DatePreset | null {
  return (
    DATE_PRESETS.find((p) => {
      const r = presetRange(p, today);
      return r.start === range.start && r.end === range.end;
    }) ?? null
  );
}

// ── Months ────────────────────────────────────────────────────────────────

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Spec §9 month formats: 'MMM yyyy' (long) and 'MMM yy' (short), of a day or a `yyyy-MM` month. */
export function formatMonth(dayOrMonth: string, style: 'MMM yyyy' | 'MMM yy' = 'MMM yyyy'): string {
  const year = dayOrMonth.slice(0, 4);
  const name = MONTH_NAMES[Number(dayOrMonth.slice(5, 7)) - 1] ?? '';
  return `${name} ${style === 'MMM yyyy' ? year : year.slice(2)}`;
}

/** The `yyyy-MM` months from the month of `start` to the month of `end`, oldest first. */
export function monthsOf(start: string, end: string): string[] {
  const out: string[] = [];
  for (let m = monthStart(start); m <= end; m = monthStart(m, 1)) out.push(m.slice(0, 7));
  return out;
}

/**
 * Spec §2 date slider: 0 to 100 in one-month steps over the last `months` months
 * (this one included). Each stop is a month, the first at 0 and this month at
 * 100; a pair of stops selects those months and every one between, from the
 * first day of the first to the end of the last (today for this month).
 */
export function sliderStep(months: number): number {
  return 100 / Math.max(1, months - 1);
}

/** The month a slider value stands for (`yyyy-MM-dd`, its first day). */
export function sliderMonth(value: number, months: number, today: string = todayUtc()): string {
  const index = Math.min(months - 1, Math.max(0, Math.round(value / sliderStep(months))));
  return monthStart(today, index - (months - 1));
}

export function sliderRange(values: readonly [number, number], months: number, today: string = todayUtc()): { start: string; end: string } {
  const start = sliderMonth(Math.min(values[0], values[1]), months, today);
  const last = monthEnd(sliderMonth(Math.max(values[0], values[1]), months, today));
  return { start, end: last > today ? today : last };
}

/** The slider values that show `range` over the last `months` months (from the first stop for Lifetime). */
export function sliderValues(range: DayRange, months: number, today: string = todayUtc()): [number, number] {
  const step = sliderStep(months);
  const first = monthStart(today, -(months - 1));
  const index = (day: string) => Math.min(months - 1, Math.max(0, monthsOf(first, day).length - 1));
  const from = range.start === null || range.start < first ? 0 : index(range.start) * step;
  return [from, Math.min(100, index(range.end) * step)];
}

// ── Numbers ───────────────────────────────────────────────────────────────

/** Spec §9: counts of 1000 and over are shown as K with one decimal (1 234 → '1.2K'). */
export function formatCount(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(1)}K` : String(n);
}

/** Spec §9: a share as a whole percentage, and '<1' for a share above 0 but under 1%. */
export function formatShare(part: number, total: number): string {
  if (total <= 0 || part <= 0) return '0';
  const pct = (part / total) * 100;
  return pct < 1 ? '<1' : String(Math.round(pct));
}

/** A share in percent with one decimal (what the API returns beside a count). */
export function percentage(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 1000) / 10 : 0;
}

/** Spec §9: the pie shows the top `n` slices and the rest summed as 'Other'. */
export function pieSlices<T extends { label: string; data: number }>(
  items: readonly T[],
  n: number = REPORT_LIMITS.pieTopN,
): { label: string; data: number }[] {
  const sorted = [...items].filter((i) => i.data > 0).sort((a, b) => b.data - a.data);
  const top = sorted.slice(0, n).map((i) => ({ label: i.label, data: i.data }));
  const rest = sorted.slice(n).reduce((sum, i) => sum + i.data, 0);
  return rest > 0 ? [...top, { label: STATS_TEXTS.other, data: rest }] : top;
}

/** Width of a line chart: 48 px per data point (spec §9), never narrower than its box. */
export function lineChartWidth(points: number, minWidth = 0): number {
  return Math.max(minWidth, points * REPORT_LIMITS.linePointWidth);
}

// ── Colours ───────────────────────────────────────────────────────────────

type Rgb = [number, number, number];

function parseColor(color: string): Rgb | null {
  const c = color.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(c)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((x) => x + x).join('') : hex;
    return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})/.exec(c);
  if (rgb) {
    const parts = rgb.slice(1, 4).map(Number) as Rgb;
    return parts.every((v) => v <= 255) ? parts : null;
  }
  return null;
}

function toHsl([r, g, b]: Rgb): Rgb {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rr ? (gg - bb) / d + (gg < bb ? 6 : 0) : max === gg ? (bb - rr) / d + 2 : (rr - gg) / d + 4;
  return [h * 60, s, l];
}

function fromHsl([h, s, l]: Rgb): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0), f(8), f(4)].map((v) => Math.round(v * 255)) as Rgb;
}

const rgbText = ([r, g, b]: Rgb) => `rgb(${r}, ${g}, ${b})`;

/**
 * Spec §9: the 26 chart colours, starting from the brand colour (default
 * 17,75,138). The rest walk round the colour wheel by the golden angle, so
 * neighbours differ, with lightness alternating so adjacent slices stay apart.
 */
export function chartPalette(brandColor: string | null | undefined, size = 26): string[] {
  const base = (brandColor && parseColor(brandColor)) || (parseColor(DEFAULT_BRAND_COLOR) as Rgb);
  const [h, s, l] = toHsl(base);
  const out = [rgbText(base)];
  for (let i = 1; i < size; i++) {
    const lightness = Math.min(0.7, Math.max(0.3, i % 2 ? l + 0.12 : l - 0.04));
    out.push(rgbText(fromHsl([(h + i * 137.508) % 360, Math.max(0.45, s), lightness])));
  }
  return out;
}

/** The "Where views come from" cards (issue 30): each dimension's title, and how an empty value reads. */
export const VIEW_SOURCE_TEXTS = {
  card: 'Where views come from',
  download: 'Download view sources (.xlsx)',
  /** DB-IP's licence (CC-BY 4.0) asks for this link wherever its results are shown. */
  attribution: { text: 'IP geolocation by DB-IP', href: 'https://db-ip.com' },
  dimensions: {
    source: 'Source',
    referrer: 'Referring site',
    campaign: 'Campaign',
    device: 'Device',
    os: 'Operating system',
    browser: 'Browser',
    country: 'Country',
  },
  /** A view without a referrer or a campaign. */
  none: { referrer: 'No referrer', campaign: 'No campaign' },
  values: {
    qr: 'QR code',
    nfc: 'NFC tap',
    link: 'Link',
    wallet: 'Wallet pass',
    signature: 'Email signature',
    direct: 'Direct',
    other: 'Other',
    unknown: 'Unknown',
    mobile: 'Mobile',
    desktop: 'Desktop',
    tablet: 'Tablet',
    tv: 'TV',
  } as Record<string, string>,
  /** Rows each card lists; the spreadsheet has every value. */
  topN: 5,
} as const;

const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** How a dimension's stored value reads on the cards and in the spreadsheet (a country by its English name). */
export function viewSourceName(dimension: string, value: string): string {
  if (value === '') return (VIEW_SOURCE_TEXTS.none as Record<string, string>)[dimension] ?? STATS_TEXTS.other;
  if (dimension === 'country' && /^[A-Z]{2}$/.test(value)) {
    try {
      return regions.of(value) ?? value;
    } catch {
      return value;
    }
  }
  if (dimension === 'referrer' || dimension === 'campaign' || dimension === 'os' || dimension === 'browser') {
    return value === 'other' || value === 'unknown' ? VIEW_SOURCE_TEXTS.values[value]! : value;
  }
  return VIEW_SOURCE_TEXTS.values[value] ?? value;
}
