import { describe, expect, it } from 'vitest';
import { aliasFormatError, canInvite, inviteButtonLabel, typeInviteAlias, validateInvite } from './invite-rules.ts';

const form = (o: Partial<Parameters<typeof validateInvite>[0]> = {}) => ({
  name: 'Mary',
  email: 'm@x.test',
  alias: '',
  companyId: 3,
  notify: true,
  role: 'user' as const,
  ...o,
});

describe('invite rules (spec §5)', () => {
  it('names each missing field with the spec’s words, devision as spelled', () => {
    expect(validateInvite(form({ name: '  ', email: ' ', companyId: null }))).toEqual({
      name: 'Please enter a full name',
      email: 'Please enter an email address',
      companyId: 'Please select a devision',
    });
    expect(validateInvite(form())).toEqual({});
  });

  it('cleans the alias as it is typed and checks its format', () => {
    expect(typeInviteAlias('Mary  Ann__Smith')).toBe('mary-ann_smith');
    expect(typeInviteAlias('a..b--c')).toBe('a.b-c');
    expect(aliasFormatError('mary.ann')).toBeNull();
    expect(aliasFormatError('')).toBeNull();
    expect(aliasFormatError('mary!')).toBe('The alias can only have lowercase letters, numbers, a dash or an underscore.');
  });

  it('allows Invite only with a free (or no) alias and name and email filled; labels the button', () => {
    expect(canInvite(form(), 'empty')).toBe(true);
    expect(canInvite(form({ alias: 'x' }), 'approved')).toBe(true);
    for (const state of ['testing', 'invalid', 'not-approved'] as const) expect(canInvite(form({ alias: 'x' }), state)).toBe(false);
    expect(canInvite(form({ name: ' ' }), 'empty')).toBe(false);
    expect(inviteButtonLabel('testing', false)).toBe('Checking Alias');
    expect(inviteButtonLabel('approved', true)).toBe('Please wait...');
    expect(inviteButtonLabel('approved', false)).toBe('Invite');
  });
});
