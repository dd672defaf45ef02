/**
 * The OCR pool: it reads offline (the model from disk; a worker that tries the network fails),
 * and it bounds how many scans run and wait.
 */
import net from 'node:net';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../http/errors.ts';
import { CardOcr, startWorker } from './ocr.ts';

const text = async (words: string) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="900" height="160"><rect width="900" height="160" fill="#fff"/>
    <text x="40" y="100" font-family="DejaVu Sans" font-size="56">${words}</text></svg>`),
  )
    .png()
    .toBuffer();

const ocr = new CardOcr({ workers: 1, queue: 1 });
afterAll(() => ocr.close());

describe('CardOcr', () => {
  it('reads with no network call: the model and the core come from disk', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const read = await ocr.run((r) => text('Northwind Traders').then(r));
    expect(read.lines.map((l) => l.text)).toEqual(['Northwind Traders']);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(connect).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
    connect.mockRestore();
  });

  it('runs its worker with the network refused: a model asked of a URL fails instead of being fetched', async () => {
    await expect(startWorker('https://cdn.jsdelivr.net/npm/@tesseract.js-data/eng/4.0.0_best_int')).rejects.toThrow(/may not use the network/);
  });

  it('runs one scan per worker, lets `queue` wait, and refuses the next at once with 503 and Retry-After', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const first = ocr.run(async () => {
      started();
      await gate;
      return 'first';
    });
    await running;
    const second = ocr.run(async () => 'second');
    expect(ocr.waiting).toBe(1);
    const third = await ocr.run(async () => 'third').catch((err: unknown) => err);
    expect(third).toBeInstanceOf(AppError);
    expect(third).toMatchObject({
      status: 503,
      code: 'scan_busy',
      retryAfterS: 5,
      message: 'Many cards are being read right now. Please try again in a moment.',
    });
    open();
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(ocr.waiting).toBe(0);
  });
});
