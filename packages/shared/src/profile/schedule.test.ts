/** Buttons and links that keep time (issue #30): switched off, shown from / until. */
import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from './constants.ts';
import { ProfileContentOverridesSchema, ProfileContentSchema } from './content.ts';
import { isShownAt, nextScheduleChange, scheduleIsOrdered, scheduleState } from './rules.ts';

const issues = (schema: typeof ProfileContentSchema | typeof ProfileContentOverridesSchema, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) ?? [];

describe('the schedule of a button or social link', () => {
  it('is stored in UTC, whatever zone it was written in; absent stays absent (stored content keeps working)', () => {
    const doc = ProfileContentSchema.parse({
      links: [
        { key: 'sale', title: 'Sale', url: 'https://acme.test', showFrom: '2026-03-01T14:30:00+02:00', showUntil: '2026-03-08T00:00:00Z' },
        { key: 'old', title: 'Old', url: 'https://acme.test' },
      ],
      socialLinks: [{ key: 'linkedin', url: 'linkedin.com/in/jane', showUntil: '2026-01-01T01:00:00-05:00' }],
    });
    expect(doc.links[0]).toMatchObject({ showFrom: '2026-03-01T12:30:00.000Z', showUntil: '2026-03-08T00:00:00.000Z' });
    expect(doc.links[1]).not.toHaveProperty('showFrom');
    expect(doc.links[1]).not.toHaveProperty('showUntil');
    expect(doc.socialLinks[0]!.showUntil).toBe('2026-01-01T06:00:00.000Z');
  });

  it('refuses an until that is not later than its from, naming the field', () => {
    const same = '2026-03-01T12:00:00Z';
    for (const schema of [ProfileContentSchema, ProfileContentOverridesSchema]) {
      expect(issues(schema, { links: [{ key: 'a', showFrom: same, showUntil: same }] })).toEqual([
        { path: 'links.0.showUntil', message: '"Show until" must be later than "Show from".' },
      ]);
      expect(issues(schema, { socialLinks: [{ key: 'x', showFrom: '2026-03-02T00:00:00Z', showUntil: '2026-03-01T00:00:00Z' }] })).toEqual([
        { path: 'socialLinks.0.showUntil', message: PROFILE_MESSAGES.showUntilBeforeFrom },
      ]);
    }
    expect(issues(ProfileContentSchema, { links: [{ key: 'a', showFrom: same, showUntil: '2026-03-01T12:01:00Z' }] })).toEqual([]);
  });

  it('refuses a moment without a time zone or that is no date, with a message that shows the form', () => {
    expect(issues(ProfileContentSchema, { links: [{ key: 'a', showFrom: '2026-03-01T14:30' }] })).toEqual([
      { path: 'links.0.showFrom', message: '"Show from" must be a date and time with its time zone, like 2025-03-01T14:30:00Z.' },
    ]);
    expect(issues(ProfileContentSchema, { links: [{ key: 'a', showUntil: 'next week' }] })).toEqual([
      { path: 'links.0.showUntil', message: '"Show until" must be a date and time with its time zone, like 2025-03-01T14:30:00Z.' },
    ]);
    // Empty means no bound (the editor cleared it).
    expect(issues(ProfileContentSchema, { links: [{ key: 'a', showFrom: '', showUntil: '' }] })).toEqual([]);
  });
});

describe('where a scheduled item stands', () => {
  const from = '2026-03-01T00:00:00.000Z';
  const until = '2026-03-08T00:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('is shown inside [from, until) when switched on; never when off', () => {
    const item = { showFrom: from, showUntil: until };
    expect(scheduleState(item, at('2026-02-28T23:59:59Z'))).toBe('upcoming');
    expect(scheduleState(item, at(from))).toBe('scheduled');
    expect(scheduleState(item, at(until))).toBe('ended');
    expect(isShownAt(item, at('2026-03-04T00:00:00Z'))).toBe(true);
    expect(isShownAt(item, at(until))).toBe(false);
    expect(scheduleState({ ...item, enabled: false }, at('2026-03-04T00:00:00Z'))).toBe('off');
    expect(scheduleState({}, 0)).toBe('always');
    expect(isShownAt({ enabled: true }, 0)).toBe(true);
    expect(scheduleIsOrdered({ showFrom: until, showUntil: from })).toBe(false);
  });

  it('next changes at the earliest bound still ahead of an item switched on', () => {
    const items = [
      { showFrom: from, showUntil: until },
      { showUntil: '2026-03-05T00:00:00.000Z' },
      { enabled: false, showFrom: '2026-03-02T00:00:00.000Z' },
      null,
    ];
    expect(nextScheduleChange(items, at('2026-02-01T00:00:00Z'))).toBe(at(from));
    expect(nextScheduleChange(items, at(from))).toBe(at('2026-03-05T00:00:00Z'));
    expect(nextScheduleChange(items, at('2026-03-06T00:00:00Z'))).toBe(at(until));
    expect(nextScheduleChange(items, at(until))).toBeNull();
  });
});
