import { eq, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { profiles } from '../db/schema.ts';
import { AppError } from './errors.ts';
import { type Actor, actorFrom } from './policy.ts';
import { adminScope, inScope, ownOrSupervised, scopeOf } from './scope.ts';

const dialect = new PgDialect();
const render = (condition: SQL | undefined) => {
  if (!condition) return undefined;
  const { sql, params } = dialect.sqlToQuery(condition);
  return { sql, params };
};

const superadmin: Actor = { userId: 1, sessionId: 's', role: 'superadmin', companyIds: [], supervisedCompanyIds: [] };
const supervisor: Actor = { userId: 2, sessionId: 's', role: 'supervisor', companyIds: [10, 11, 12], supervisedCompanyIds: [10, 11] };
const user: Actor = { userId: 3, sessionId: 's', role: 'user', companyIds: [10], supervisedCompanyIds: [] };

describe('scopeOf / adminScope: which divisions a list covers', () => {
  it('a superadmin sees every division, or the ones a filter names', () => {
    expect(adminScope(superadmin)).toBe('all');
    expect(adminScope(superadmin, [12, 99])).toEqual([12, 99]);
  });

  it('a supervisor sees the supervised divisions; a filter naming others narrows to nothing, not to a 403', () => {
    expect(adminScope(supervisor)).toEqual([10, 11]);
    expect(adminScope(supervisor, [11, 12])).toEqual([11]);
    expect(adminScope(supervisor, [12])).toEqual([]);
  });

  it('a plain user has no administration list (403), but sees their own divisions elsewhere', () => {
    expect(() => adminScope(user)).toThrow(AppError);
    expect(() => adminScope(user)).toThrow(expect.objectContaining({ status: 403 }));
    expect(scopeOf(user)).toEqual([10]);
    expect(scopeOf(user, [10, 11])).toEqual([10]);
  });
});

describe('inScope: the scope as SQL', () => {
  it('no condition for every division, a false one for none, an IN list otherwise', () => {
    expect(inScope(profiles.companyId, 'all')).toBeUndefined();
    expect(render(inScope(profiles.companyId, []))?.sql).toBe('false');
    expect(render(inScope(profiles.companyId, [10, 11]))).toEqual({ sql: '"profiles"."company_id" in ($1, $2)', params: [10, 11] });
  });
});

describe('ownOrSupervised: a person’s own things, plus their divisions’ for a supervisor', () => {
  const own = (a: Actor) => eq(profiles.userId, a.userId);
  const inDivisions = (ids: number[]) => inScope(profiles.companyId, ids)!;

  it('everything for a superadmin, their own for a user, own or supervised for a supervisor', () => {
    expect(ownOrSupervised(superadmin, own(superadmin), inDivisions)).toBeUndefined();
    expect(render(ownOrSupervised(user, own(user), inDivisions))).toEqual({ sql: '"profiles"."user_id" = $1', params: [3] });
    expect(render(ownOrSupervised(supervisor, own(supervisor), inDivisions))).toEqual({
      sql: '("profiles"."user_id" = $1 or "profiles"."company_id" in ($2, $3))',
      params: [2, 10, 11],
    });
  });
});

describe('actorFrom: an actor from a user and their memberships', () => {
  it('a supervisor supervises the divisions where they are a supervisor member; a plain user supervises nothing', () => {
    const memberships = [
      { companyId: 10, role: 'supervisor' },
      { companyId: 12, role: 'member' },
    ];
    expect(actorFrom({ id: 2, role: 'supervisor' }, memberships, 's1')).toEqual({
      userId: 2,
      sessionId: 's1',
      role: 'supervisor',
      companyIds: [10, 12],
      supervisedCompanyIds: [10],
    });
    expect(actorFrom({ id: 3, role: 'user' }, memberships, 's2').supervisedCompanyIds).toEqual([]);
  });
});
