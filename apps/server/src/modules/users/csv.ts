import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { attachmentName, safeCell, type XlsxColumn } from '../../http/xlsx.ts';

/**
 * One CSV field, formula-neutralised like the spreadsheet cells, and always quoted
 * (RFC 4180): spreadsheets in locales that split on `;` would otherwise read
 * `Jane;=HYPERLINK(…)` as two cells, the second a formula.
 */
export function csvField(value: string | number | Date | null | undefined): string {
  const cell = safeCell(value);
  if (cell === null) return '';
  const text = cell instanceof Date ? cell.toISOString() : String(cell);
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
