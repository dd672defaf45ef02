import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { PermissionEntrySchema, PermissionRecordSchema, PermissionSetSchema } from './permissions.schemas.ts';
import {
  indexPermissions,
  PERMISSION_TOOLTIPS,
  type PermissionEntry,
  type PermissionEntryInput,
  permissionRecordTitle,
  resolvePermission,
  togglePermission,
} from './permissions.ts';

describe('permission schemas (spec §3)', () => {
  it('a new entry has every flag true', () => {
    expect(PermissionEntrySchema.parse({ key: 'jobTitle' })).toEqual({ key: 'jobTitle', show: true, edit: true, optional: true, sortable: true });
  });
  it('the hand-written types are the schema’s types', () => {
    expectTypeOf<z.output<typeof PermissionEntrySchema>>().toEqualTypeOf<PermissionEntry>();
    expectTypeOf<z.input<typeof PermissionEntrySchema>>().toEqualTypeOf<PermissionEntryInput>();
  });
  it('a record refuses repeated keys, unknown fields and odd keys', () => {
    const twice = PermissionRecordSchema.safeParse({ title: 'Acme - Permissions', permissions: [{ key: 'a' }, { key: 'a', show: false }] });
    expect(twice.error?.issues[0]?.message).toBe('The permission key "a" appears twice.');
    expect(PermissionEntrySchema.safeParse({ key: 'a', hidden: true }).error?.issues[0]?.message).toBe('Unrecognized key: "hidden"');
    expect(PermissionEntrySchema.safeParse({ key: 'a b' }).error?.issues[0]?.message).toBe(
      'Permission keys may only have letters, digits, dots, dashes and underscores.',
    );
    expect(
      PermissionRecordSchema.safeParse({ title: 't', permissions: Array.from({ length: 2001 }, (_, i) => ({ key: `k${i}` })) }).error?.issues[0]?.message,
    ).toBe('A permission record can hold up to 2000 entries.');
  });
  it('a permission set defaults to empty lists', () => {
    expect(PermissionSetSchema.parse({ profileId: 4, profileName: 'Acme master', masterPermissionId: null })).toEqual({
      masterPermissions: [],
      childPermissions: [],
      masterPermissionId: null,
      profileId: 4,
      profileName: 'Acme master',
    });
  });
  it('a new record is named after the profile (spec §4)', () => {
    expect(permissionRecordTitle('Acme master')).toBe('Acme master - Permissions');
  });
  it('has the spec’s tooltips', () => {
    expect(PERMISSION_TOOLTIPS.optional.on).toBe('Field / Section is optional');
    expect(PERMISSION_TOOLTIPS.show.on).toBe('is visible to profile users');
    expect(PERMISSION_TOOLTIPS.edit.on).toBe('can be edited by profile users');
  });
});

describe('resolvePermission', () => {
  const index = indexPermissions([
    { key: 'links', sortable: false },
    { key: 'link-1', edit: false, optional: false },
    { key: 'testimonials', optional: true },
    { key: 'tm-1.review', optional: false },
    { key: 'hidden-section', show: false },
  ]);
  it('a key without an entry is shown, editable, sortable and required', () => {
    expect(resolvePermission(index, ['jobTitle'])).toEqual({ show: true, edit: true, optional: false, sortable: true });
    expect(resolvePermission(indexPermissions(undefined), ['x'])).toEqual({ show: true, edit: true, optional: false, sortable: true });
  });
  it('show, edit and sortable are restrictive along the chain', () => {
    expect(resolvePermission(index, ['links', 'link-1'])).toEqual({ show: true, edit: false, optional: false, sortable: false });
    expect(resolvePermission(index, ['links', 'link-2'])).toEqual({ show: true, edit: true, optional: true, sortable: false });
    expect(resolvePermission(index, ['infoSections', 'hidden-section']).show).toBe(false);
  });
  it('optional comes from the most specific entry', () => {
    expect(resolvePermission(index, ['testimonials', 'tm-1', 'tm-1.author']).optional).toBe(true);
    expect(resolvePermission(index, ['testimonials', 'tm-1', 'tm-1.review']).optional).toBe(false);
  });
  it('accepts a record as well as a list', () => {
    const fromRecord = indexPermissions({ permissions: [{ key: 'a', show: false }] });
    expect(resolvePermission(fromRecord, ['a']).show).toBe(false);
  });
});

describe('togglePermission (spec §4: flags flip independently)', () => {
  it('flips one flag of an existing entry', () => {
    const entries: PermissionEntry[] = [{ key: 'a', show: true, edit: true, optional: true, sortable: true }];
    const once = togglePermission(entries, 'a', 'edit');
    expect(once).toEqual([{ key: 'a', show: true, edit: false, optional: true, sortable: true }]);
    expect(togglePermission(once, 'a', 'edit')).toEqual(entries);
    expect(togglePermission(once, 'a', 'show')[0]).toEqual({ key: 'a', show: false, edit: false, optional: true, sortable: true });
    expect(entries[0]?.edit).toBe(true);
  });
  it('creates a new (all true) entry and flips the flag', () => {
    expect(togglePermission([], 'jobTitle', 'optional')).toEqual([{ key: 'jobTitle', show: true, edit: true, optional: false, sortable: true }]);
  });
});
