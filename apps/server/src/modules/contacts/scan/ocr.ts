/**
 * Card-scan OCR (issue #29): tesseract.js in worker threads, offline. The English model and
 * the WebAssembly core come from npm packages on this machine (@tesseract.js-data/eng,
 * tesseract.js-core); the worker entry (ocr-worker.cjs) refuses any network call.
 *
 * At most `workers` images are read at once and at most `queue` more wait; past that a scan
 * is refused at once (503, try again), so twenty people scanning together neither exhaust
 * memory nor starve the server's other requests of the two cores. Workers start on the first
 * scan, not with the server, and stop with it.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { CONTACTS_MESSAGES } from '@profilehub/shared';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { AppError } from '../../../http/errors.ts';

const require = createRequire(import.meta.url);

/** The directory holding eng.traineddata.gz: the LSTM "best int" model, the smallest and fastest English one the package has. */
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
const WORKER_PATH = path.join(import.meta.dirname, 'ocr-worker.cjs');

type OcrLine = { text: string; confidence: number; height: number };
export type OcrResult = { text: string; lines: OcrLine[]; confidence: number };

const SCAN_BUSY_MESSAGE = CONTACTS_MESSAGES.scanBusy;

/**
 * One OCR worker thread with the English model read from `langPath`. tesseract.js throws a
 * worker's error out of its message handler unless given an errorHandler (which would end the
 * process), and never settles createWorker when the model fails to load: both are caught here,
 * a failed start rejecting. A failed job's own promise rejects as well, so later errors are dropped.
 */
export async function startWorker(langPath: string): Promise<Worker> {
  let failed!: (err: Error) => void;
  const failure = new Promise<never>((_, reject) => {
    failed = reject;
  });
  const worker = await Promise.race([
    createWorker('eng', OEM.LSTM_ONLY, {
      workerPath: WORKER_PATH,
      langPath,
      gzip: true,
      // Nothing is written beside the server (tesseract.js caches the model in the working directory by default).
      cacheMethod: 'none',
      legacyCore: false,
      legacyLang: false,
      errorHandler: (data: unknown) => failed(new Error(String(data))),
    }),
    failure,
  ]);
  // A card photo carries no resolution; saying 300 dpi keeps tesseract from guessing (and logging that it did).
  await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO, preserve_interword_spaces: '1', user_defined_dpi: '300' });
  return worker;
}

export class CardOcr {
  readonly #size: number;
  readonly #queueLimit: number;
  #idle: Worker[] = [];
  #started = 0;
  #waiting: { resolve: (w: Worker) => void; reject: (err: Error) => void }[] = [];
  #closed = false;

  constructor(opts: { workers: number; queue: number }) {
    this.#size = opts.workers;
    this.#queueLimit = opts.queue;
  }

  /** Scans waiting for a worker (for tests and the benchmark). */
  get waiting(): number {
    return this.#waiting.length;
  }

  async #acquire(): Promise<Worker> {
    if (this.#closed) throw new AppError(503, 'scan_unavailable', SCAN_BUSY_MESSAGE);
    const idle = this.#idle.pop();
    if (idle) return idle;
    if (this.#started < this.#size) {
      this.#started += 1;
      try {
        return await startWorker(LANG_PATH);
      } catch (err) {
        this.#started -= 1;
        throw err;
      }
    }
    if (this.#waiting.length >= this.#queueLimit) throw Object.assign(new AppError(503, 'scan_busy', SCAN_BUSY_MESSAGE), { retryAfterS: 5 });
    return new Promise<Worker>((resolve, reject) => this.#waiting.push({ resolve, reject }));
  }

  #release(worker: Worker): void {
    if (this.#closed) {
      void worker.terminate();
      return;
    }
    const next = this.#waiting.shift();
    if (next) next.resolve(worker);
    else this.#idle.push(worker);
  }

  /**
   * Runs `job` with one worker held throughout (a card tried in several turns takes its place in
   * the queue once): `read` gives the lines of a prepared image (PNG or JPEG bytes) with their
   * confidence and height.
   */
  async run<T>(job: (read: (image: Buffer) => Promise<OcrResult>) => Promise<T>): Promise<T> {
    const worker = await this.#acquire();
    try {
      return await job(async (image) => {
        const { data } = await worker.recognize(image, { rotateAuto: true }, { text: true, blocks: true });
        const lines: OcrLine[] = [];
        for (const block of data.blocks ?? [])
          for (const para of block.paragraphs)
            for (const line of para.lines) {
              const text = line.text.trim();
              if (text) lines.push({ text, confidence: line.confidence, height: line.bbox.y1 - line.bbox.y0 });
            }
        return { text: data.text, lines, confidence: data.confidence };
      });
    } finally {
      this.#release(worker);
    }
  }

  /** Stops the idle workers now and each busy one when its card is read; scans waiting are refused. */
  async close(): Promise<void> {
    this.#closed = true;
    const idle = this.#idle;
    this.#idle = [];
    for (const w of this.#waiting.splice(0)) w.reject(new AppError(503, 'scan_unavailable', SCAN_BUSY_MESSAGE));
    await Promise.all(idle.map((w) => w.terminate()));
  }
}
