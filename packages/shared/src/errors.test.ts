import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MESSAGE, ERROR_CODES, errorMessageOf, hasNoNul } from './index.ts';

describe('errorMessageOf (spec §8)', () => {
  it("falls back to 'Oops! Error' when the server gives no message", () => {
    expect(DEFAULT_ERROR_MESSAGE).toBe('Oops! Error');
    for (const body of [undefined, null, '', 'text', 42, {}, { errors: [] }, { errors: [{}] }, { message: '' }, { errors: [{ message: 7 }] }]) {
      expect(errorMessageOf(body)).toBe('Oops! Error');
    }
  });
  it('reads the first message of the first error', () => {
    expect(errorMessageOf({ message: 'outer', errors: [{ message: 'first' }, { message: 'second' }] })).toBe('first');
  });
  it('uses the top-level message when there are no error entries', () => {
    expect(errorMessageOf({ message: 'outer', errors: [] })).toBe('outer');
    expect(errorMessageOf({ message: 'outer' })).toBe('outer');
  });
});

describe('hasNoNul', () => {
  it('refuses text with a NUL character, which PostgreSQL cannot store', () => {
    expect(hasNoNul('jane@x.test')).toBe(true);
    expect(hasNoNul('')).toBe(true);
    expect(hasNoNul('a\u0000b')).toBe(false);
  });
});

describe('ERROR_CODES', () => {
  it('are unique snake_case ids, none taken for a Fastify code', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });
});
