import { describe, expect, it } from 'vitest';
import { LeadFormsQuerySchema, REPORT_MESSAGES, ReportQuerySchema } from './reports.schemas.ts';
import {
  addDays,
  chartPalette,
  DATE_PRESETS,
  daysInRange,
  formatCount,
  formatMonth,
  formatShare,
  GETTING_IN_TOUCH,
  isIsoDay,
  lineChartWidth,
  monthsOf,
  percentage,
  pieSlices,
  presetOf,
  presetRange,
  previousPeriod,
  sliderMonth,
  sliderRange,
  sliderStep,
  sliderValues,
  sumRow,
} from './reports.ts';

describe('days', () => {
  it('accepts only real yyyy-MM-dd days', () => {
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2026-13-01')).toBe(false);
    expect(isIsoDay('2026-1-01')).toBe(false);
    expect(isIsoDay('01/02/2026')).toBe(false);
  });
  it('counts days across month and year edges', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysInRange('2026-01-01', '2026-01-01')).toBe(1);
    expect(daysInRange('2025-12-25', '2026-01-31')).toBe(38);
  });
});

describe('previousPeriod (spec §4: same length, ending the day before the start)', () => {
  it('of a 7-day range', () => {
    expect(previousPeriod('2026-03-08', '2026-03-14')).toEqual({ start: '2026-03-01', end: '2026-03-07' });
  });
  it('across a year edge', () => {
    expect(previousPeriod('2026-01-01', '2026-01-31')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
  });
  it('of one day is the day before', () => {
    expect(previousPeriod('2026-03-01', '2026-03-01')).toEqual({ start: '2026-02-28', end: '2026-02-28' });
  });
});

describe('date presets (spec §2 Date picker)', () => {
  const today = '2026-05-31';
  it('lists every preset in the spec order', () => {
    expect(DATE_PRESETS).toEqual(['Lifetime', 'This Month', 'Last Month', 'Last 3 Months', 'Last 6 Months', 'Last 12 Months', 'This Year', 'Last Year']);
  });
  it.each([
    ['Lifetime', null, '2026-05-31'],
    ['This Month', '2026-05-01', '2026-05-31'],
    ['Last Month', '2026-04-01', '2026-04-30'],
    ['Last 3 Months', '2026-03-01', '2026-05-31'],
    ['Last 6 Months', '2025-12-01', '2026-05-31'],
    ['Last 12 Months', '2025-06-01', '2026-05-31'],
    ['This Year', '2026-01-01', '2026-05-31'],
    ['Last Year', '2025-01-01', '2025-12-31'],
  ] as const)('%s on 31 May 2026', (preset, start, end) => {
    expect(presetRange(preset, today)).toEqual({ start, end });
  });
  it('Last Month in January is December of last year', () => {
    expect(presetRange('Last Month', '2026-01-15')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
  });
  it('Last 3 Months on 15 May starts 16 Feb; on 30 May the same day of February is clamped', () => {
    expect(presetRange('Last 3 Months', '2026-05-15').start).toBe('2026-02-16');
    expect(presetRange('Last 3 Months', '2026-05-30').start).toBe('2026-03-01');
  });
  it('presetOf names the preset of a range, or none', () => {
    expect(presetOf({ start: null, end: today }, today)).toBe('Lifetime');
    expect(presetOf({ start: '2025-01-01', end: '2025-12-31' }, today)).toBe('Last Year');
    expect(presetOf({ start: '2026-02-03', end: '2026-02-09' }, today)).toBeNull();
  });
});

describe('month slider (0 to 100 in one-month steps)', () => {
  const today = '2026-05-20';
  it('has one stop per month, the first at 0 and this month at 100', () => {
    expect(sliderStep(12)).toBeCloseTo(100 / 11);
    expect(sliderMonth(0, 12, today)).toBe('2025-06-01');
    expect(sliderMonth(100, 12, today)).toBe('2026-05-01');
  });
  it('the whole slider is the last 12 months up to today', () => {
    expect(sliderRange([0, 100], 12, today)).toEqual({ start: '2025-06-01', end: '2026-05-20' });
  });
  it('two neighbouring stops are two whole months; one stop is one month', () => {
    const step = sliderStep(12);
    expect(sliderRange([step, 2 * step], 12, today)).toEqual({ start: '2025-07-01', end: '2025-08-31' });
    expect(sliderRange([3 * step, 3 * step], 12, today)).toEqual({ start: '2025-09-01', end: '2025-09-30' });
  });
  it('a range becomes slider values and back', () => {
    const values = sliderValues({ start: '2025-09-01', end: '2025-11-30' }, 12, today);
    expect(sliderRange(values, 12, today)).toEqual({ start: '2025-09-01', end: '2025-11-30' });
    expect(sliderValues({ start: null, end: today }, 12, today)).toEqual([0, 100]);
  });
});

describe('numbers (spec §9)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.0K'],
    [1234, '1.2K'],
    [15_560, '15.6K'],
  ])('formatCount(%d) is %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });
  it("shares under 1% read '<1'", () => {
    expect(formatShare(1, 200)).toBe('<1');
    expect(formatShare(2, 200)).toBe('1');
    expect(formatShare(1, 3)).toBe('33');
    expect(formatShare(0, 3)).toBe('0');
    expect(formatShare(1, 0)).toBe('0');
  });
  it('percentage has one decimal', () => {
    expect(percentage(1, 3)).toBe(33.3);
    expect(percentage(0, 0)).toBe(0);
  });
  it('a line chart is 48 px per point', () => {
    expect(lineChartWidth(10)).toBe(480);
    expect(lineChartWidth(2, 300)).toBe(300);
  });
});

describe('months (spec §9 formats)', () => {
  it("formats 'MMM yyyy' and 'MMM yy'", () => {
    expect(formatMonth('2026-01-15')).toBe('Jan 2026');
    expect(formatMonth('2025-12', 'MMM yy')).toBe('Dec 25');
  });
  it('lists the months of a range across a year edge', () => {
    expect(monthsOf('2025-11-20', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});

describe('pie (top 5 + Other)', () => {
  it('keeps the five largest and sums the rest as Other', () => {
    const items = [1, 7, 3, 9, 5, 2, 8].map((data, i) => ({ label: `L${i}`, data }));
    expect(pieSlices(items)).toEqual([
      { label: 'L3', data: 9 },
      { label: 'L6', data: 8 },
      { label: 'L1', data: 7 },
      { label: 'L4', data: 5 },
      { label: 'L2', data: 3 },
      { label: 'Other', data: 3 },
    ]);
  });
  it('has no Other when five or fewer have data', () => {
    expect(
      pieSlices([
        { label: 'a', data: 2 },
        { label: 'b', data: 0 },
      ]).map((s) => s.label),
    ).toEqual(['a']);
  });
});

describe('chartPalette', () => {
  it('has 26 distinct colours starting with the default 17,75,138', () => {
    const p = chartPalette(null);
    expect(p).toHaveLength(26);
    expect(p[0]).toBe('rgb(17, 75, 138)');
    expect(new Set(p).size).toBe(26);
  });
  it('starts from the brand colour', () => {
    expect(chartPalette('#c2410c')[0]).toBe('rgb(194, 65, 12)');
    expect(chartPalette('not a colour')[0]).toBe('rgb(17, 75, 138)');
  });
});

describe('Getting in touch rows', () => {
  it('counts messages from WhatsApp and SMS, navigate only from the directions link', () => {
    const items = [
      { action: 'click', type: 'whatsapp', label: 'WhatsApp', data: 2 },
      { action: 'click', type: 'sms', label: 'SMS', data: 1 },
      { action: 'click', type: 'url', label: 'Directions', data: 4 },
      { action: 'click', type: 'url', label: 'Website', data: 9 },
    ];
    const row = (key: string) => GETTING_IN_TOUCH.find((r) => r.key === key)!;
    expect(sumRow(row('messages'), items)).toBe(3);
    expect(sumRow(row('navigate'), items)).toBe(4);
  });
});

describe('ReportQuerySchema', () => {
  const errorOf = (q: Record<string, string>) => ReportQuerySchema.safeParse(q).error?.issues[0]?.message;
  it('parses the spec §7 parameters', () => {
    const q = ReportQuerySchema.parse({
      start: '2026-01-01',
      end: '2026-01-31',
      companyId: '3,4',
      profileId: '9',
      isLive: 'false',
      values: 'phone,email',
      limit: '10',
    });
    expect(q).toMatchObject({ companyId: [3, 4], profileId: 9, isLive: false, values: ['phone', 'email'], limit: 10 });
  });
  it('treats empty values as absent', () => {
    expect(ReportQuerySchema.parse({ start: '', companyId: '' })).toEqual({});
  });
  it('refuses bad days, reversed and too long ranges with a message', () => {
    expect(errorOf({ start: '2026-02-30' })).toBe(REPORT_MESSAGES.badDay);
    expect(errorOf({ start: '2026-02-02', end: '2026-02-01' })).toBe(REPORT_MESSAGES.endBeforeStart);
    expect(errorOf({ start: '2000-01-01', end: '2026-01-01' })).toBe(REPORT_MESSAGES.rangeTooLong);
    expect(errorOf({ companyId: '1;drop' })).toBe(REPORT_MESSAGES.badCompanyIds);
    expect(errorOf({ values: 'phone,fax' })).toBe(REPORT_MESSAGES.badTypes);
    expect(errorOf({ color: 'red' })).toBeDefined();
  });
  it('lead-forms takes the range and a format', () => {
    expect(LeadFormsQuerySchema.parse({ end: '2026-01-01', format: 'xlsx' })).toEqual({ end: '2026-01-01', format: 'xlsx' });
  });
});
