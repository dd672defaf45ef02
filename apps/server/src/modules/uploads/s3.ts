import { createHash, createHmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FileStore } from './file-store.ts';
import { assertKey } from './rules.ts';

export type S3Options = {
  /** e.g. https://s3.eu-west-1.amazonaws.com, http://127.0.0.1:9000 (MinIO), https://<account>.r2.cloudflarestorage.com */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style (`endpoint/bucket/key`, MinIO and most compatibles) or virtual-hosted (`bucket.endpoint/key`). */
  pathStyle: boolean;
  /** Prepended to every key, e.g. `uploads/`. */
  prefix: string;
  fetch?: typeof fetch;
  now?: () => Date;
};

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding of one path segment, as SigV4 wants it. */
const encodeSegment = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export type SignInput = {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (e.g. range). */
  headers?: Record<string, string>;
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  date: Date;
};

/**
 * AWS Signature Version 4 for S3 (header form, unsigned query-less requests).
 * Returns every header the request must carry, Authorization included.
 */
export function signV4(i: SignInput): Record<string, string> {
  const amzDate = i.date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    host: i.url.host,
    'x-amz-content-sha256': i.payloadHash,
    'x-amz-date': amzDate,
    ...Object.fromEntries(Object.entries(i.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
  };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalQuery = [...i.url.searchParams]
    .map(([k, v]) => [encodeSegment(k), encodeSegment(v)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [i.method, i.url.pathname, canonicalQuery, canonicalHeaders, signedHeaders, i.payloadHash].join('\n');
  const scope = `${day}/${i.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${i.secretAccessKey}`, day), i.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  const authorization = `AWS4-HMAC-SHA256 Credential=${i.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`;
  const { host: _host, ...rest } = headers;
  return { ...rest, authorization };
}

/** An S3-compatible store with no SDK: PUT, GET (with Range) and DELETE object, signed with SigV4. */
export function createS3Store(o: S3Options): FileStore {
  const doFetch = o.fetch ?? fetch;
  const now = o.now ?? (() => new Date());
  const base = new URL(o.endpoint);
  const urlOf = (key: string) => {
    assertKey(key);
    const objectPath = `${o.prefix}${key}`.split('/').map(encodeSegment).join('/');
    const url = new URL(base);
    const basePath = base.pathname.replace(/\/$/, '');
    if (o.pathStyle) url.pathname = `${basePath}/${encodeSegment(o.bucket)}/${objectPath}`;
    else {
      url.hostname = `${o.bucket}.${base.hostname}`;
      url.pathname = `${basePath}/${objectPath}`;
    }
    return url;
  };
  const send = (method: string, url: URL, payloadHash: string, extra: Record<string, string> = {}, body?: Buffer, unsigned: Record<string, string> = {}) =>
    doFetch(url, {
      method,
      headers: {
        ...signV4({ method, url, headers: extra, payloadHash, region: o.region, accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey, date: now() }),
        ...unsigned,
      },
      body: body ? new Uint8Array(body) : undefined,
    });
  const fail = async (what: string, res: Response) => {
    const text = await res.text().catch(() => '');
    const code = /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1] ?? '';
    return new Error(`S3 ${what} failed: ${res.status} ${code}`.trim());
  };

  return {
    kind: 's3',
    async put(key, bytes, mime) {
      const res = await send('PUT', urlOf(key), sha256(bytes), {}, bytes, { 'content-type': mime, 'content-length': String(bytes.length) });
      if (!res.ok) throw await fail('PUT', res);
      await res.body?.cancel();
    },
    async putFile(key, file, mime) {
      // Signed with the file's real hash (read once to hash it, once to send it): memory stays flat whatever its size.
      const hash = createHash('sha256');
      for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
      const { size } = await stat(file);
      const url = urlOf(key);
      const payloadHash = hash.digest('hex');
      const res = await doFetch(url, {
        method: 'PUT',
        headers: {
          ...signV4({ method: 'PUT', url, payloadHash, region: o.region, accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey, date: now() }),
          'content-type': mime,
          'content-length': String(size),
        },
        body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
        duplex: 'half',
      } as RequestInit);
      if (!res.ok) throw await fail('PUT', res);
      await res.body?.cancel();
    },
    async delete(key) {
      const res = await send('DELETE', urlOf(key), EMPTY_SHA256);
      if (!res.ok && res.status !== 404) throw await fail('DELETE', res);
      await res.body?.cancel();
    },
    async read(key, range) {
      const extra: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end}` } : {};
      const res = await send('GET', urlOf(key), EMPTY_SHA256, extra);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok || !res.body) throw await fail('GET', res);
      return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
    },
  };
}
