import { describe, expect, it } from 'vitest';
import { parseStatsAlias, rangeFromSearch, rangeTitle, showsFilters, showsTopProfiles, statsAlias } from './statistics-rules.ts';

describe('statistics alias (spec §2: profileId_companyId_name)', () => {
  it('reads the profile and division ids', () => {
    expect(parseStatsAlias('12_3_jane-doe')).toEqual({ profileId: 12, companyId: 3 });
    expect(parseStatsAlias('12')).toEqual({ profileId: 12, companyId: null });
    expect(parseStatsAlias('jane_3')).toEqual({ profileId: null, companyId: 3 });
    expect(parseStatsAlias(undefined)).toEqual({ profileId: null, companyId: null });
  });
  it('writes one a person can read, and it reads back', () => {
    expect(statsAlias(12, 3, 'Zoë O’Brien')).toBe('12_3_zoe-o-brien');
    expect(parseStatsAlias(statsAlias(12, 3, 'Zoë'))).toEqual({ profileId: 12, companyId: 3 });
  });
});

describe('role rules (spec §6)', () => {
  it('Top viewed profiles is hidden for role user and for one profile', () => {
    expect(showsTopProfiles('user', { kind: 'company', profileCount: 5 })).toBe(false);
    expect(showsTopProfiles('supervisor', { kind: 'profile', profileCount: 1 })).toBe(false);
    expect(showsTopProfiles('supervisor', { kind: 'company', profileCount: 1 })).toBe(false);
    expect(showsTopProfiles('supervisor', { kind: 'company', profileCount: 2 })).toBe(true);
    expect(showsTopProfiles('superadmin', { kind: 'company', profileCount: 9 })).toBe(true);
  });
  it('plain users get no filters', () => {
    expect(showsFilters('user')).toBe(false);
    expect(showsFilters('supervisor')).toBe(true);
  });
});

describe('date title', () => {
  const today = '2026-05-20';
  it("is 'Lifetime overview' by default, the preset's name, or the days", () => {
    expect(rangeTitle({ start: null, end: today }, today)).toBe('Lifetime overview');
    expect(rangeTitle({ start: '2026-04-01', end: '2026-04-30' }, today)).toBe('Last Month');
    expect(rangeTitle({ start: '2026-03-02', end: '2026-03-09' }, today)).toBe('2 Mar 2026 – 9 Mar 2026');
  });
  it('the range comes from the query string; anything unreadable is lifetime', () => {
    expect(rangeFromSearch(new URLSearchParams('start=2026-01-01&end=2026-01-31'), today)).toEqual({ start: '2026-01-01', end: '2026-01-31' });
    expect(rangeFromSearch(new URLSearchParams('start=junk'), today)).toEqual({ start: null, end: today });
    expect(rangeFromSearch(new URLSearchParams('start=2026-02-01&end=2026-01-01'), today)).toEqual({ start: null, end: today });
  });
});
