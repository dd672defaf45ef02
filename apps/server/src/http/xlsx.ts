import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A sheet column: the header a person reads and how to take the cell from a row. */
export type XlsxColumn<Row> = { header: string; width?: number; value: (row: Row) => string | number | Date | null | undefined };

/** How a date-time reads in our exports: year first, 24 hours, to the second (UTC, as the headers say). */
const EXPORT_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** A file name safe for Content-Disposition: no path, quote or control characters, at most `max` characters. */
export function attachmentName(name: string, max = 200): string {
  const ext = name.match(/\.[a-z0-9]+$/i)?.[0] ?? '';
  const base = name
    .slice(0, name.length - ext.length)
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${base.slice(0, max - ext.length)}${ext}`;
}

/**
 * Streams rows into an .xlsx download: rows are committed one by one, so memory
 * stays flat however many there are. `rows` may be an async iterable (a cursor).
 * Text is written as it was typed: an xlsx string cell is never a formula (a formula is
 * an element of its own), so it needs none of the CSV's injection guard, whose `'` would
 * show as part of the name. Dates are date cells shown as EXPORT_TIME_FORMAT.
 */
export async function sendXlsx<Row>(
  reply: FastifyReply,
  options: { fileName: string; sheetName: string; columns: XlsxColumn<Row>[]; rows: Iterable<Row> | AsyncIterable<Row> },
): Promise<FastifyReply> {
  const fileName = attachmentName(options.fileName);
  const body = new PassThrough();
  reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', `attachment; filename="${fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('Cache-Control', 'no-store');
  // Loaded at the first export, not at start: ExcelJS and what it pulls in cost ~0.3 s of every start.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: body, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(options.sheetName.slice(0, 31).replace(/[[\]:*?/\\]/g, ' '));
  sheet.columns = options.columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 24 }));
  sheet.getRow(1).font = { bold: true };
  const write = async () => {
    for await (const row of options.rows) {
      const added = sheet.addRow(options.columns.map((c) => c.value(row) ?? null));
      added.eachCell((cell) => {
        if (cell.value instanceof Date) cell.numFmt = EXPORT_TIME_FORMAT;
      });
      added.commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => body.destroy(error as Error));
  return reply.send(body);
}
