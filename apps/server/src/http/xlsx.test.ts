import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { attachmentName, safeCell, sendXlsx } from './xlsx.ts';

describe('safeCell', () => {
  it.each(['=1+1', '+SUM(A1)', '-2+cmd|x', '@cmd', '\tx', '\rx', '＝1'])('writes %j as text, not a formula', (v) => {
    expect(safeCell(v)).toBe(`'${v}`);
  });
  it('leaves ordinary text, numbers and dates alone', () => {
    const d = new Date();
    expect(safeCell('Jane Doe')).toBe('Jane Doe');
    expect(safeCell('+27 (82) 555-0100')).toBe('+27 (82) 555-0100');
    expect(safeCell(-5)).toBe(-5);
    expect(safeCell(d)).toBe(d);
    expect(safeCell(undefined)).toBeNull();
  });
});

describe('attachmentName', () => {
  it('drops path and quote characters and keeps the extension within the limit', () => {
    expect(attachmentName('a/b"c.xlsx')).toBe('a b c.xlsx');
    const long = attachmentName(`${'x'.repeat(300)}.xlsx`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.xlsx')).toBe(true);
  });
});

describe('sendXlsx', () => {
  it('streams a workbook whose cells read back as the rows, user formulas neutralised', async () => {
    const app = Fastify();
    const rows = [
      { name: '=HYPERLINK("http://evil")', n: 3 },
      { name: 'Jane', n: 4 },
    ];
    app.get('/x', (_req, reply) =>
      sendXlsx(reply, {
        fileName: 'Users 2026.xlsx',
        sheetName: 'Users',
        columns: [
          { header: 'Name', value: (r: (typeof rows)[number]) => r.name },
          { header: 'Views', value: (r) => r.n },
        ],
        rows,
      }),
    );
    const res = await app.inject('/x');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Users 2026.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Users');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Name', 'Views']);
    expect(sheet?.getRow(2).getCell(1).value).toBe(`'=HYPERLINK("http://evil")`);
    expect(sheet?.getRow(2).getCell(1).formula).toBeUndefined();
    expect(sheet?.getRow(3).values).toEqual([undefined, 'Jane', 4]);
    await app.close();
  });
});
