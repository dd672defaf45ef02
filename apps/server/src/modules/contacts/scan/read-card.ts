/**
 * From a card's photo to its fields: the image made easy to read (grey, contrast stretched,
 * a bounded size), OCR, and — when the text comes out poor, as from a card photographed
 * sideways or upside down — the other three quarter turns, keeping the best read.
 */
import type { CardScanFields } from '@profilehub/shared';
import type { CountryCode } from 'libphonenumber-js';
import sharp from 'sharp';
import { parseCard } from './card-parser.ts';
import type { CardOcr, OcrResult } from './ocr.ts';

/** Wider than this is scaled down before OCR: a card's text is still 20+ px high, and the read stays well under a second. */
const OCR_WIDTH = 1600;
/** A read whose confidence is below this is tried turned as well. */
const GOOD_ENOUGH = 70;

export type CardRead = { fields: CardScanFields; lines: string[]; rotation: number; confidence: number };

async function prepared(image: Buffer, rotation: number): Promise<Buffer> {
  let img = sharp(image).rotate(rotation).greyscale().normalise();
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const turnedWidth = rotation % 180 === 0 ? width : height;
  if (turnedWidth > OCR_WIDTH) img = img.resize({ width: OCR_WIDTH });
  return img.png({ compressionLevel: 1 }).toBuffer();
}

/** How good a read is: confidence weighted by letters read, so an empty read of noise does not win. */
function score(r: OcrResult): number {
  const chars = r.lines.reduce((n, l) => n + l.text.replace(/\W/g, '').length, 0);
  if (!chars) return 0;
  return r.lines.reduce((s, l) => s + l.confidence * l.text.replace(/\W/g, '').length, 0) / chars;
}

/** Reads a card photo (auto-oriented already, e.g. by processUpload); `country` reads numbers written without their +code. */
export async function readCard(ocr: CardOcr, image: Buffer, country?: CountryCode): Promise<CardRead> {
  const upright = await prepared(image, 0);
  const best = await ocr.run((read) => bestTurn(read, image, upright));
  const lines = best.result.lines;
  return { fields: parseCard(lines, country), lines: lines.map((l) => l.text), rotation: best.rotation, confidence: Math.round(best.score) };
}

async function bestTurn(read: (image: Buffer) => Promise<OcrResult>, image: Buffer, upright: Buffer) {
  let best = { rotation: 0, result: await read(upright) };
  let bestScore = score(best.result);
  if (bestScore < GOOD_ENOUGH) {
    for (const rotation of [90, 270, 180]) {
      const result = await read(await prepared(image, rotation));
      const s = score(result);
      if (s > bestScore) {
        best = { rotation, result };
        bestScore = s;
      }
      if (s >= GOOD_ENOUGH) break;
    }
  }
  return { ...best, score: bestScore };
}
