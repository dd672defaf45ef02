import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { attachmentName, type XlsxColumn } from '../../http/xlsx.ts';

/** Characters that make a spreadsheet treat a typed-in text as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** Phone numbers and signed numbers start with + or - but can call nothing: they stay as typed. */
const PLAIN_NUMBER = /^[+-]?[\d\s().-]*$/;

/**
 * A CSV field is only text, which a spreadsheet reads as a formula when it starts like one:
 * a leading `=`, `+`, `-`, `@`, tab or carriage return (and their full-width forms) gets a
 * `'` in front, as OWASP recommends, unless it is only a phone number or a signed number.
 * (The .xlsx export needs no guard: its text cells are never formulas.)
 */
function safeCell(value: string | number | Date | null | undefined): string | number | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return value;
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * A time as `YYYY-MM-DD HH:MM:SS` in UTC (the column's header says UTC): Excel, LibreOffice
 * and Google Sheets read it as a date-time when they open the file, and it sorts as text
 * too; ISO 8601's `T…Z` form stays text in Excel, and milliseconds are noise to a reader.
 */
const csvTime = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/**
 * One CSV field, formula-neutralised (safeCell), and always quoted (RFC 4180):
 * spreadsheets in locales that split on `;` would otherwise read `Jane;=HYPERLINK(…)`
 * as two cells, the second a formula.
 */
export function csvField(value: string | number | Date | null | undefined): string {
  const cell = safeCell(value);
  if (cell === null) return '';
  const text = cell instanceof Date ? csvTime(cell) : String(cell);
  return `"${text.replaceAll('"', '""')}"`;
}

/** Streams rows as a UTF-8 CSV download (with a BOM, so spreadsheet programs read the accents). */
export async function sendCsv<Row>(
  reply: FastifyReply,
  options: { fileName: string; columns: XlsxColumn<Row>[]; rows: AsyncIterable<Row> | Iterable<Row> },
): Promise<FastifyReply> {
  const fileName = attachmentName(options.fileName);
  const body = new PassThrough();
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('Cache-Control', 'no-store');
  const write = async () => {
    body.write(`\uFEFF${options.columns.map((c) => csvField(c.header)).join(',')}\r\n`);
    for await (const row of options.rows) {
      if (!body.write(`${options.columns.map((c) => csvField(c.value(row))).join(',')}\r\n`)) await new Promise((r) => body.once('drain', r));
    }
    body.end();
  };
  write().catch((error: unknown) => body.destroy(error as Error));
  return reply.send(body);
}
