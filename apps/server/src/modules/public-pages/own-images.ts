/**
 * Square rasters of our own images: the vCard's photo (iOS and Android show one only when
 * it is embedded), the page's icons and link-preview image (PNG at real sizes: an SVG or a
 * `sizes: "any"` JPEG makes a page uninstallable and previews blank) and the favicon. The
 * source is an upload, a demo image of the web app or the product's icon — never fetched
 * from another host.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import type { FileStore } from '../uploads/file-store.ts';
import { KEY_PATTERN, MAX_PIXELS } from '../uploads/rules.ts';
import { servedUpload } from '../uploads/uploads.queries.ts';

const MAX_SOURCE_BYTES = 10 * 1024 * 1024;
const UPLOAD = /^\/uploads\/([^/?#]+)$/;
const DEMO = /^\/demo\/([a-z0-9-]{1,80}\.(?:svg|png|jpg|jpeg|webp))$/;
/** The product's own icon in the web app's build (apps/web/public/favicon.svg). */
export const PRODUCT_ICON = '/favicon.svg';

type Square = {
  size: number;
  /** `cover` crops a photo to the square; `contain` fits a logo inside it on white. */
  fit: 'cover' | 'contain';
  format: 'png' | 'jpeg';
};
export type OwnImages = { square(url: string | null | undefined, o: Square): Promise<Buffer | null> };

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_SOURCE_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Reads and re-encodes with a small memory cache: upload keys, demo files and the product icon never change their bytes. */
export function createOwnImages(o: { db: Db; store?: FileStore | undefined; webDist: string; log?: { warn(obj: object, msg: string): void } }): OwnImages {
  // An image that cannot be made is remembered too (as null), so a broken one is not re-read on every request.
  const cache = new LRUCache<string, { out: Buffer | null }>({ max: 500, maxSize: 32 * 1024 * 1024, sizeCalculation: (v) => v.out?.length || 1 });
  const sourceOf = async (url: string): Promise<Buffer | null> => {
    const upload = UPLOAD.exec(url)?.[1];
    if (upload) {
      if (!o.store || !KEY_PATTERN.test(upload)) return null;
      const row = await servedUpload(o.db, upload);
      if (!row?.mime.startsWith('image/')) return null;
      const stream = await o.store.read(upload);
      return stream ? readAll(stream) : null;
    }
    const demo = DEMO.exec(url)?.[1];
    const file = demo ? path.join('demo', demo) : url === PRODUCT_ICON ? 'favicon.svg' : null;
    return file ? readFile(path.join(o.webDist, file)).catch(() => null) : null;
  };
  const make = async (source: Buffer, s: Square): Promise<Buffer> => {
    const meta = await sharp(source, { limitInputPixels: MAX_PIXELS }).metadata();
    // An SVG is drawn at its own size (72 dpi) unless told otherwise: draw it at least as large as the square, so it stays sharp.
    const side = Math.min(meta.width ?? s.size, meta.height ?? s.size);
    const density = meta.format === 'svg' ? Math.min(2400, Math.max(72, Math.ceil((72 * s.size) / Math.max(1, side)))) : undefined;
    const img = sharp(source, { limitInputPixels: MAX_PIXELS, ...(density ? { density } : {}) })
      .rotate()
      .resize(s.size, s.size, { fit: s.fit, background: '#ffffff' })
      // Home screens and previews show transparency as black or as their own colour: white is what the page shows.
      .flatten({ background: '#ffffff' });
    return s.format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  };
  return {
    async square(url, s) {
      if (!url) return null;
      const key = `${url}|${s.size}|${s.fit}|${s.format}`;
      const known = cache.get(key);
      if (known) return known.out;
      let out: Buffer | null = null;
      try {
        const source = await sourceOf(url);
        if (source) out = await make(source, s);
      } catch (err) {
        // A broken image leaves the card without it rather than failing the request.
        o.log?.warn({ err, url }, 'image could not be re-encoded');
      }
      cache.set(key, { out });
      return out;
    },
  };
}
