import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { FileStore } from '../uploads/file-store.ts';
import { KEY_PATTERN } from '../uploads/rules.ts';

/** A brand's logo as the PNG a mail embeds, or null when there is none to be had. */
export type MailLogos = (source: string) => Promise<Buffer | null>;

/** Twice the 40 px the mail shows it at, for sharp screens. */
const HEIGHT = 80;
/** A logo bigger than this is not a logo; it is not read whole into memory for a mail. */
const MAX_BYTES = 2 * 1024 * 1024;
/** Logos rasterised so far (uploads' keys and the web app's files never change under one name). */
const CACHED = 64;

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The white-label logo of a mail, rasterised to PNG: Gmail and Outlook show no SVG, and
 * most logos are SVG. Only our own files are read — an upload (`/uploads/{key}`) or a file
 * of the web app (`/demo/acme-logo.svg`); an https URL a division typed is never fetched
 * by the server. A logo that cannot be read or decoded gives null: the mail goes without it.
 */
export function createMailLogos(opts: { store: FileStore; webDist: string; log: FastifyBaseLogger }): MailLogos {
  const root = path.resolve(opts.webDist);
  const cache = new Map<string, Buffer>();

  async function original(source: string): Promise<Buffer | null> {
    const upload = /^\/uploads\/(.+)$/.exec(source)?.[1];
    if (upload !== undefined) {
      if (!KEY_PATTERN.test(upload)) return null;
      const stream = await opts.store.read(upload);
      return stream ? bytesOf(stream) : null;
    }
    if (!source.startsWith('/')) return null;
    const file = path.resolve(root, `.${decodeURIComponent(source.split(/[?#]/)[0]!)}`);
    if (!file.startsWith(`${root}${path.sep}`)) return null;
    return readFile(file).catch(() => null);
  }

  return async (source) => {
    const hit = cache.get(source);
    if (hit) return hit;
    try {
      const bytes = await original(source);
      if (!bytes || bytes.length > MAX_BYTES) return null;
      // An SVG is drawn at a density well above the height, then scaled; a raster is only ever scaled down.
      const png = await sharp(bytes, { density: 300, limitInputPixels: 40_000_000 }).resize({ height: HEIGHT, withoutEnlargement: true }).png().toBuffer();
      if (cache.size >= CACHED) cache.delete(cache.keys().next().value!);
      cache.set(source, png);
      return png;
    } catch (err) {
      opts.log.warn({ err, source }, 'mail logo could not be rasterised; the mail goes without it');
      return null;
    }
  };
}
