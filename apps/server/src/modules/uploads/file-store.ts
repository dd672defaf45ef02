import type { Readable } from 'node:stream';

/** An inclusive byte range of a stored file. */
export type ByteRange = { start: number; end: number };

/**
 * Where uploaded bytes live. Keys are the server-generated names of KEY_PATTERN
 * (never anything a client chose); the `uploads` table holds mime and size.
 */
export interface FileStore {
  readonly kind: 'disk' | 's3';
  put(key: string, bytes: Buffer, mime: string): Promise<void>;
  /** Stores a local file of any size by streaming it (a division's export), never holding it in memory. */
  putFile(key: string, file: string, mime: string): Promise<void>;
  /** Removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The file's bytes (or the given range of them), or null when there is no such file. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
}
