import { describe, expect, it } from 'vitest';
import { csvField } from './csv.ts';

describe('csvField', () => {
  it('quotes every field, so a `;`-separated locale never splits a cell into a formula', () => {
    expect(csvField('Jane;=HYPERLINK("http://evil.example","x")')).toBe('"Jane;=HYPERLINK(""http://evil.example"",""x"")"');
    expect(csvField('Plain')).toBe('"Plain"');
    // A cell that starts like a formula is text first; phone numbers stay as typed.
    expect(csvField('=1+1')).toBe(`"'=1+1"`);
    expect(csvField('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvField('\t=cmd')).toBe(`"'\t=cmd"`);
    expect(csvField('+27 21 555 0100')).toBe('"+27 21 555 0100"');
    expect(csvField(null)).toBe('');
  });
});
