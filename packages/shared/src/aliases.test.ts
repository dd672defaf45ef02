import { describe, expect, it } from 'vitest';
import {
  aliasTakenMessage,
  cleanEditorAlias,
  cleanInviteAlias,
  EDITOR_ALIAS_MAX,
  INVITE_ALIAS_MESSAGE,
  isValidEditorAlias,
  isValidInviteAlias,
} from './index.ts';

describe('editor alias (spec §5)', () => {
  it('trims, lower-cases and turns spaces into dashes', () => {
    expect(cleanEditorAlias('  Jane Doe ')).toBe('jane-doe');
  });
  it('drops characters other than letters, digits, space, underscore and dash', () => {
    expect(cleanEditorAlias('Jane.Doe!@#')).toBe('janedoe');
    expect(cleanEditorAlias('jané')).toBe('jan');
  });
  it('collapses runs of separators so they never follow each other', () => {
    expect(cleanEditorAlias('jane  -  doe')).toBe('jane-doe');
    expect(cleanEditorAlias('jane__doe')).toBe('jane_doe');
    expect(cleanEditorAlias('jane_-doe')).toBe('jane_doe');
  });
  it(`keeps at most ${EDITOR_ALIAS_MAX} characters`, () => {
    expect(EDITOR_ALIAS_MAX).toBe(30);
    expect(cleanEditorAlias('a'.repeat(40))).toHaveLength(30);
  });
  it('accepts only clean aliases', () => {
    expect(isValidEditorAlias('jane-doe_2')).toBe(true);
    expect(isValidEditorAlias('a'.repeat(30))).toBe(true);
    for (const bad of ['', 'a'.repeat(31), 'Jane', 'jane doe', 'jane--doe', 'jane-_doe', '-jane', 'jane-', 'jane.doe']) {
      expect(isValidEditorAlias(bad), bad).toBe(false);
    }
  });
  it('a cleaned alias of real text is valid', () => {
    for (const input of ['  Jane Doe ', 'JANE__DOE', 'Sales Team 7']) expect(isValidEditorAlias(cleanEditorAlias(input)), input).toBe(true);
  });
});

describe('invite alias (spec §5)', () => {
  it('trims, lower-cases, turns spaces into dashes and collapses repeated separators', () => {
    expect(cleanInviteAlias('  Jane   Doe ')).toBe('jane-doe');
    expect(cleanInviteAlias('jane..doe')).toBe('jane.doe');
    expect(cleanInviteAlias('jane-_doe')).toBe('jane-doe');
  });
  it('allows lowercase letters, digits, dash, underscore or dot, never two separators in a row', () => {
    for (const ok of ['jane', 'jane-doe', 'jane_doe', 'jane.doe', 'j4ne.d-o_e']) expect(isValidInviteAlias(ok), ok).toBe(true);
    for (const bad of ['', 'Jane', 'jane doe', 'jane--doe', 'jane.-doe', '.jane', 'jane.', 'jane!']) expect(isValidInviteAlias(bad), bad).toBe(false);
  });
  it('has the spec messages', () => {
    expect(INVITE_ALIAS_MESSAGE).toBe('The alias can only have lowercase letters, numbers, a dash or an underscore.');
    expect(aliasTakenMessage('jane')).toBe('The alias `jane` has already been taken.');
  });
});
