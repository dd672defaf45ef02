import { inflateRawSync } from 'node:zlib';
import Fastify from 'fastify';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { attachmentName, sendXlsx } from './xlsx.ts';

/** The first sheet's XML, unzipped through the zip's central directory, to see what its cells are made of. */
function sheetXml(xlsx: Buffer): string {
  const end = xlsx.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let entry = xlsx.readUInt32LE(end + 16);
  for (let n = xlsx.readUInt16LE(end + 10); n > 0; n--) {
    const nameLength = xlsx.readUInt16LE(entry + 28);
    const name = xlsx.subarray(entry + 46, entry + 46 + nameLength).toString();
    if (name === 'xl/worksheets/sheet1.xml') {
      const size = xlsx.readUInt32LE(entry + 20);
      const local = xlsx.readUInt32LE(entry + 42);
      const start = local + 30 + xlsx.readUInt16LE(local + 26) + xlsx.readUInt16LE(local + 28);
      return inflateRawSync(xlsx.subarray(start, start + size)).toString();
    }
    entry += 46 + nameLength + xlsx.readUInt16LE(entry + 30) + xlsx.readUInt16LE(entry + 32);
  }
  throw new Error('no sheet in the workbook');
}

describe('attachmentName', () => {
  it('drops path and quote characters and keeps the extension within the limit', () => {
    expect(attachmentName('a/b"c.xlsx')).toBe('a b c.xlsx');
    const long = attachmentName(`${'x'.repeat(300)}.xlsx`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.xlsx')).toBe(true);
  });
});

describe('sendXlsx', () => {
  it('writes typed text as it was typed, as string cells (never formulas), and times as date cells', async () => {
    const app = Fastify();
    const when = new Date('2026-03-04T05:06:07.890Z');
    const rows = [
      { name: '=HYPERLINK("http://evil")', n: 3, at: when },
      { name: "O'Brien", n: 4, at: null },
      { name: '@SUM(A1)', n: 5, at: null },
    ];
    app.get('/x', (_req, reply) =>
      sendXlsx(reply, {
        fileName: 'Users 2026.xlsx',
        sheetName: 'Users',
        columns: [
          { header: 'Name', value: (r: (typeof rows)[number]) => r.name },
          { header: 'Views', value: (r) => r.n },
          { header: 'At (UTC)', value: (r) => r.at },
        ],
        rows,
      }),
    );
    const res = await app.inject('/x');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Users 2026.xlsx');
    // Read back by another library than the one that wrote it.
    const sheet = await readSheet(res.rawPayload);
    expect(sheet).toEqual([
      ['Name', 'Views', 'At (UTC)'],
      ['=HYPERLINK("http://evil")', 3, when],
      ["O'Brien", 4, null],
      ['@SUM(A1)', 5, null],
    ]);
    // A cell is a formula only with an <f> element; none is written.
    const xml = sheetXml(res.rawPayload);
    expect(xml).toContain('HYPERLINK');
    expect(xml).not.toContain('<f>');
    expect(xml).not.toContain("'=HYPERLINK");
    await app.close();
  });
});
