import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

const encoder = new TextEncoder();

/**
 * A zip written to a file as it is made (fflate's streaming Zip): each entry is pushed in
 * chunks and the writer waits whenever the file falls behind, so memory stays flat whatever
 * the size. fflate writes no ZIP64: an archive must stay under 4 GB.
 */
export class ZipFileWriter {
  readonly #out: WriteStream;
  readonly #zip: Zip;
  #error: Error | null = null;

  constructor(file: string) {
    this.#out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
    this.#out.on('error', (err) => {
      this.#error ??= err;
    });
    this.#zip = new Zip((err, chunk, final) => {
      if (err) {
        this.#error ??= err;
        return;
      }
      this.#out.write(chunk);
      if (final) this.#out.end();
    });
  }

  async #drain(): Promise<void> {
    if (this.#error) throw this.#error;
    if (this.#out.writableNeedDrain) await once(this.#out, 'drain');
    if (this.#error) throw this.#error;
  }

  /** A JSON array written item by item from pages of rows (never the whole list in memory). */
  async addJsonArray(name: string, pages: AsyncIterable<unknown[]>): Promise<number> {
    const entry = new ZipDeflate(name, { level: 6 });
    this.#zip.add(entry);
    let n = 0;
    entry.push(encoder.encode('['));
    for await (const page of pages) {
      for (const item of page) {
        entry.push(encoder.encode(`${n === 0 ? '' : ','}\n${JSON.stringify(item)}`));
        n += 1;
      }
      await this.#drain();
    }
    entry.push(encoder.encode('\n]\n'), true);
    await this.#drain();
    return n;
  }

  /** One JSON document. */
  async addJson(name: string, value: unknown): Promise<void> {
    const entry = new ZipDeflate(name, { level: 6 });
    this.#zip.add(entry);
    entry.push(encoder.encode(`${JSON.stringify(value, null, 2)}\n`), true);
    await this.#drain();
  }

  /** A file copied as it is read: stored, not compressed again (images and videos are compressed already). */
  async addStream(name: string, source: AsyncIterable<Uint8Array>): Promise<void> {
    const entry = new ZipPassThrough(name);
    this.#zip.add(entry);
    for await (const chunk of source) {
      entry.push(chunk);
      await this.#drain();
    }
    entry.push(new Uint8Array(0), true);
    await this.#drain();
  }

  /** Writes the central directory and closes the file. */
  async finish(): Promise<void> {
    this.#zip.end();
    await finished(this.#out);
    if (this.#error) throw this.#error;
  }

  /** Stops writing (the work failed); the caller removes the file. */
  abort(): void {
    this.#zip.terminate();
    this.#out.destroy();
  }
}
