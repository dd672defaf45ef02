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

  it.each(['=1+1', '+SUM(A1)', '-2+cmd|x', '@cmd', '\tx', '\rx', '＝1'])('writes %j as text, not a formula', (v) => {
    expect(csvField(v)).toBe(`"'${v}"`);
  });

  it('leaves ordinary text and numbers alone', () => {
    expect(csvField('Jane Doe')).toBe('"Jane Doe"');
    expect(csvField('+27 (82) 555-0100')).toBe('"+27 (82) 555-0100"');
    expect(csvField(-5)).toBe('"-5"');
  });

  it('writes a time as YYYY-MM-DD HH:MM:SS in UTC, without milliseconds', () => {
    expect(csvField(new Date('2026-03-04T05:06:07.890Z'))).toBe('"2026-03-04 05:06:07"');
    expect(csvField(new Date('2026-12-31T23:59:59.999+02:00'))).toBe('"2026-12-31 21:59:59"');
  });
});
