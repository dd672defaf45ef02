import { describe, expect, it } from 'vitest';
import { UsersListQuerySchema } from './users.schemas.ts';
import { nextSort, resultsText, statisticsAlias, usersExportFileName, usersTitle } from './users.ts';

describe('nextSort (spec §4 Lists)', () => {
  it('cycles asc → desc → none on one column; another column starts at asc', () => {
    const asc = nextSort(null, 'NAME');
    expect(asc).toEqual({ orderBy: 'NAME', order: 'asc' });
    const desc = nextSort(asc, 'NAME');
    expect(desc).toEqual({ orderBy: 'NAME', order: 'desc' });
    expect(nextSort(desc, 'NAME')).toBeNull();
    expect(nextSort(desc, 'VIEWS')).toEqual({ orderBy: 'VIEWS', order: 'asc' });
  });
});

describe('list texts', () => {
  it('titles, result ranges and export names', () => {
    expect(usersTitle(3)).toBe('Users (3 User(s))');
    expect(resultsText(0, 50, 50, 120, false)).toBe('1 to 50 of 120 results');
    expect(resultsText(2, 50, 20, 120, true)).toBe('101 to 120 of 120 results filtered');
    expect(resultsText(0, 50, 0, 0, true)).toBe('0 to 0 of 0 results filtered');
    expect(usersExportFileName('Acme', new Date('2026-11-22T10:00:00Z'), ['Sales', 'Support'])).toBe('Acme - Users - 2026-11-22 - Sales, Support.xlsx');
    expect(usersExportFileName('Acme', new Date('2026-11-22T10:00:00Z'), [], 'csv')).toBe('Acme - Users - 2026-11-22.csv');
    expect(statisticsAlias(12, 3, 'Jane Doe!')).toBe('12_3_jane-doe');
  });

  it('reads the comma-joined companyId and the zero-based page', () => {
    expect(UsersListQuerySchema.parse({ companyId: '3, 7', page: '2' })).toMatchObject({ companyId: [3, 7], page: 2, pageSize: 10 });
    expect(UsersListQuerySchema.parse({ companyId: '' }).companyId).toEqual([]);
    expect(UsersListQuerySchema.safeParse({ companyId: '0' }).success).toBe(false);
  });
});
