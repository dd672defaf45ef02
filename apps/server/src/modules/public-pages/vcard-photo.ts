/**
 * The profile photo for "Add to contacts": iOS and Android show a vCard's
 * photo only when it is embedded, so the photo is read from our own files (an
 * upload, or a demo image of the web app — never fetched from another host),
 * cropped square, resized to 256 px and re-encoded as a small JPEG.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import type { FileStore } from '../uploads/file-store.ts';
import { KEY_PATTERN } from '../uploads/rules.ts';
import { servedUpload } from '../uploads/uploads.queries.ts';

/** Spec §9 profile photo minimum: 256 px square. */
const VCARD_PHOTO_SIZE = 256;
const MAX_SOURCE_BYTES = 10 * 1024 * 1024;
const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/dist');
const UPLOAD = /^\/uploads\/([^/?#]+)$/;
const DEMO = /^\/demo\/([a-z0-9-]{1,80}\.(?:svg|png|jpg|jpeg|webp))$/;

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

export type PhotoLoader = (url: string | null | undefined) => Promise<string | null>;

/** A loader of vCard photos (base64 JPEG) with a small memory cache: upload keys and demo files never change their bytes. */
export function createVcardPhotoLoader(o: {
  db: Db;
  store: FileStore;
  webDist?: string | undefined;
  log?: { warn(obj: object, msg: string): void };
}): PhotoLoader {
  // A card without a photo is remembered too (as null), so a broken image is not re-read on every download.
  const cache = new LRUCache<string, { photo: string | null }>({ max: 500 });
  const sourceOf = async (url: string): Promise<Buffer | null> => {
    const upload = UPLOAD.exec(url)?.[1];
    if (upload) {
      if (!KEY_PATTERN.test(upload)) return null;
      const row = await servedUpload(o.db, upload);
      if (!row?.mime.startsWith('image/')) return null;
      const stream = await o.store.read(upload);
      return stream ? readAll(stream) : null;
    }
    const demo = DEMO.exec(url)?.[1];
    if (demo) return readFile(path.join(o.webDist ?? DEFAULT_WEB_DIST, 'demo', demo)).catch(() => null);
    return null;
  };
  return async (url) => {
    if (!url) return null;
    const known = cache.get(url);
    if (known) return known.photo;
    let photo: string | null = null;
    try {
      const source = await sourceOf(url);
      if (source) {
        const jpeg = await sharp(source, { limitInputPixels: 40_000_000 })
          .rotate()
          .resize(VCARD_PHOTO_SIZE, VCARD_PHOTO_SIZE, { fit: 'cover' })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 80, mozjpeg: true })
          .toBuffer();
        photo = jpeg.toString('base64');
      }
    } catch (err) {
      // A broken image leaves the card without a photo rather than failing the download.
      o.log?.warn({ err, url }, 'vCard photo could not be made');
    }
    cache.set(url, { photo });
    return photo;
  };
}
