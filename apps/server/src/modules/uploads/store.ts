import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import type { FileStore } from './file-store.ts';
import { assertKey, UPLOAD_MESSAGES } from './rules.ts';
import { createS3Store } from './s3.ts';

/** A fresh key for a file of this extension. */
export const newKey = (ext: string) => `${randomBytes(16).toString('hex')}.${ext}`;

/** The one file-system call a test may swap, to make the disk fail as a full one does (it cannot be filled for real without root). */
export type DiskWrite = (file: string, bytes: Buffer, opts: { mode: number; flag: string }) => Promise<void>;

/**
 * A disk that cannot take the file is the server's trouble, not the request's: a full disk or
 * quota (ENOSPC, EDQUOT) answers 507, a read-only or unwritable one 503 — both with Retry-After
 * and words a person can act on, the errno kept as the cause for the log. Anything else is thrown as it is.
 */
function storageError(err: unknown): unknown {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return Object.assign(new AppError(507, 'storage_full', UPLOAD_MESSAGES.storageFull), { retryAfterS: 300, cause: err });
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM' || code === 'EIO')
    return Object.assign(new AppError(503, 'storage_unavailable', UPLOAD_MESSAGES.storageUnavailable), { retryAfterS: 60, cause: err });
  return err;
}

/** Local disk under `dir`, sharded by the key's first two characters so no directory grows huge. */
export function createDiskStore(dir: string, write: DiskWrite = writeFile): FileStore {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    kind: 'disk',
    async put(key, bytes) {
      const file = fileOf(key);
      // Write beside, then rename: a reader never sees half a file, and a write that fails
      // half-way (a full disk) leaves nothing behind.
      const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await write(tmp, bytes, { mode: 0o644, flag: 'wx' });
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true }).catch(() => {});
        throw storageError(err);
      }
    },
    async putFile(key, source) {
      const file = fileOf(key);
      const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await pipeline(createReadStream(source), createWriteStream(tmp, { mode: 0o600, flags: 'wx' }));
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true }).catch(() => {});
        throw storageError(err);
      }
    },
    async delete(key) {
      await unlink(fileOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    },
    async read(key, range) {
      const handle = await open(fileOf(key), 'r').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (!handle) return null;
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
  };
}

/** S3-compatible storage when S3_BUCKET is set, else local disk under UPLOADS_DIR (default DATA_DIR/uploads). */
export function createFileStore(config: Config): FileStore {
  if (config.S3_BUCKET) {
    return createS3Store({
      endpoint: config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      pathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX ?? '',
    });
  }
  return createDiskStore(config.UPLOADS_DIR ?? path.join(config.DATA_DIR, 'uploads'));
}
