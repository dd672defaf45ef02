/**
 * Reads a staff-import file (issue #26) one row at a time: a CSV (comma or semicolon
 * separated) by an incremental parser over its text, an .xlsx by ExcelJS's streaming reader.
 * Neither builds a worksheet of cell objects, so a 10,000-row file costs its bytes and the
 * row being read, not a model of the whole sheet.
 */
import { Readable } from 'node:stream';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '@profilehub/shared';
import { AppError, badRequest } from '../../http/errors.ts';

/** A data row: its number in the file (the header is row 1 of a CSV) and its cells as text, one per header. */
export type SheetRow = { row: number; cells: string[] };
export type Sheet = { headers: string[]; rows: AsyncIterable<SheetRow> };

/** RFC 4180 records of a text, one at a time ("" inside quotes is a quote; CR LF, LF or CR end a record). */
function* csvRecords(text: string, delimiter: string): Generator<string[]> {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const cells: string[] = [];
    let cell = '';
    for (;;) {
      if (text[i] === '"') {
        i++;
        for (;;) {
          const q = text.indexOf('"', i);
          if (q < 0) {
            cell += text.slice(i);
            i = n;
            break;
          }
          cell += text.slice(i, q);
          if (text[q + 1] === '"') {
            cell += '"';
            i = q + 2;
          } else {
            i = q + 1;
            break;
          }
        }
      }
      let j = i;
      while (j < n && text[j] !== delimiter && text[j] !== '\n' && text[j] !== '\r') j++;
      cell += text.slice(i, j);
      i = j;
      if (i < n && text[i] === delimiter) {
        cells.push(cell);
        cell = '';
        i++;
        continue;
      }
      cells.push(cell);
      if (text[i] === '\r') i++;
      if (text[i] === '\n') i++;
      break;
    }
    yield cells;
  }
}

/** The rows of a CSV, numbered from 1 (its header). */
async function* csvRows(bytes: Buffer): AsyncGenerator<SheetRow> {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let row = 0;
  for (const cells of csvRecords(text, delimiter)) yield { row: ++row, cells };
}

/** The rows of an .xlsx's first sheet, by their numbers in it, each cell as the text Excel shows. */
async function* xlsxRows(bytes: Buffer): AsyncGenerator<SheetRow> {
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    for await (const r of sheet as AsyncIterable<{ number: number; cellCount: number; getCell(c: number): { text: string } }>) {
      const cells: string[] = [];
      for (let c = 1; c <= r.cellCount; c++) cells.push(r.getCell(c).text);
      yield { row: r.number, cells };
    }
    return;
  }
}

/**
 * The upload's header row and an iterator over its data rows (blank ones left out), each
 * trimmed and as wide as the header. Unreadable, empty or too long files answer 400 / 413.
 */
export async function openSheet(fileName: string, base64: string): Promise<Sheet> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > IMPORT_MAX_BYTES) throw new AppError(413, 'file_too_large', IMPORT_MESSAGES.tooLarge);
  const isXlsx = /\.xlsx$/i.test(fileName) || bytes.subarray(0, 2).toString('latin1') === 'PK';
  const source = (isXlsx ? xlsxRows(bytes) : csvRows(bytes))[Symbol.asyncIterator]();
  const next = async () => {
    try {
      for (;;) {
        const r = await source.next();
        if (r.done) return null;
        const cells = r.value.cells.map((c) => c.trim());
        if (cells.some(Boolean)) return { row: r.value.row, cells };
      }
    } catch {
      throw badRequest(IMPORT_MESSAGES.unreadable);
    }
  };
  const head = await next();
  const first = head && (await next());
  if (!head || !first) throw badRequest(IMPORT_MESSAGES.empty);
  const headers = head.cells.map((h, i) => h || `Column ${i + 1}`);
  const width = headers.length;
  const padded = (r: SheetRow): SheetRow => ({ row: r.row, cells: Array.from({ length: width }, (_, i) => r.cells[i] ?? '') });
  async function* rows(): AsyncGenerator<SheetRow> {
    let count = 1;
    yield padded(first!);
    for (let r = await next(); r; r = await next()) {
      if (++count > IMPORT_MAX_ROWS) throw new AppError(413, 'file_too_large', IMPORT_MESSAGES.tooManyRows);
      yield padded(r);
    }
  }
  return { headers, rows: rows() };
}
