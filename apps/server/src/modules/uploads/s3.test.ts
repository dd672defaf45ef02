import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createUser, multipartBody, signIn } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { createS3Store, signV4 } from './s3.ts';
import { createFileStore } from './store.ts';
import { sweepUploads } from './sweep.ts';
import { png } from './test-images.ts';

const EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('signV4', () => {
  it('matches the GET Object example of the AWS SigV4 documentation', () => {
    const headers = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: EMPTY,
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers).toEqual({
      'x-amz-content-sha256': EMPTY,
      'x-amz-date': '20130524T000000Z',
      range: 'bytes=0-9',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    });
  });
});

/** An S3 stand-in that checks every request's signature from what actually arrived on the wire. */
function fakeS3(secret: string) {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const amzDate = String(req.headers['x-amz-date']);
    const date = new Date(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    );
    const payloadHash = String(req.headers['x-amz-content-sha256']);
    const expected = signV4({
      method: req.method!,
      url: new URL(`http://${req.headers.host}${req.url}`),
      headers: req.headers.range ? { range: req.headers.range } : {},
      payloadHash,
      region: 'eu-test-1',
      accessKeyId: 'AKTEST',
      secretAccessKey: secret,
      date,
    }).authorization;
    const hashOk = payloadHash === createHash('sha256').update(body).digest('hex');
    if (req.headers.authorization !== expected || !hashOk) {
      res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      return;
    }
    const path = req.url!;
    if (req.method === 'PUT') {
      objects.set(path, { body, type: String(req.headers['content-type']) });
      res.writeHead(200).end();
    } else if (req.method === 'DELETE') {
      objects.delete(path);
      res.writeHead(204).end();
    } else if (req.method === 'GET') {
      const o = objects.get(path);
      if (!o) {
        res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
        return;
      }
      const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
      if (m) res.writeHead(206, { 'content-range': `bytes ${m[1]}-${m[2]}/${o.body.length}` }).end(o.body.subarray(Number(m[1]), Number(m[2]) + 1));
      else res.writeHead(200, { 'content-type': o.type }).end(o.body);
    } else res.writeHead(405).end();
  });
  return { server, objects };
}

describe('S3-compatible store', () => {
  const SECRET = 'fake-secret-key';
  const s3 = fakeS3(SECRET);
  let endpoint: string;
  // After-hooks run in reverse: the app closes before the fake bucket.
  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => s3.server.close(resolve));
  });
  const t = useTestApp(() => ({
    env: {
      S3_BUCKET: 'media',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'eu-test-1',
      S3_ACCESS_KEY_ID: 'AKTEST',
      S3_SECRET_ACCESS_KEY: SECRET,
      S3_PREFIX: 'uploads/',
    },
  }));

  it('uploads, serves (whole and by range) and deletes through the bucket', async () => {
    const user = await createUser(t.app, { role: 'superadmin' });
    const { headers } = await signIn(t.app, user.email);
    const body = multipartBody([
      { name: 'purpose', value: 'general' },
      { name: 'files', filename: 'a.png', data: await png(20, 10) },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    const [item] = res.json() as { id: number; url: string; size: number }[];
    const key = item!.url.replace('/uploads/', '');
    const stored = s3.objects.get(`/media/uploads/${key}`);
    expect(stored?.type).toBe('image/png');
    expect(stored?.body.length).toBe(item!.size);

    const served = await t.app.inject({ method: 'GET', url: item!.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(stored!.body)).toBe(true);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const part = await t.app.inject({ method: 'GET', url: item!.url, headers: { range: 'bytes=1-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('PNG');

    const del = await t.app.inject({ method: 'DELETE', url: `/api/upload/files/${item!.id}`, headers });
    expect(del.statusCode).toBe(200);
    // Removed files go in the upkeep sweep, once nothing shows them.
    expect(s3.objects.has(`/media/uploads/${key}`)).toBe(true);
    expect(await sweepUploads(t.app.deps.db, createFileStore(t.config), t.app.log)).toBe(1);
    expect(s3.objects.has(`/media/uploads/${key}`)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: item!.url })).statusCode).toBe(404);
  });

  it('stores a local file by streaming it (a division export), signed with its real hash', async () => {
    const file = path.join(t.config.DATA_DIR, 'export.zip');
    const bytes = randomBytes(300_000);
    writeFileSync(file, bytes);
    const key = `export-${'e'.repeat(32)}.zip`;
    const store = createFileStore(t.config);
    await store.putFile(key, file, 'application/zip');
    const stored = s3.objects.get(`/media/uploads/${key}`);
    expect(stored?.type).toBe('application/zip');
    expect(stored?.body.equals(bytes)).toBe(true);
    await expect(store.putFile('../x.zip', file, 'application/zip')).rejects.toThrow('invalid storage key');
  });

  it('reports a refused signature, answers null for a missing object, and builds virtual-hosted URLs', async () => {
    const key = `${'c'.repeat(32)}.png`;
    const wrong = createS3Store({
      endpoint,
      bucket: 'media',
      region: 'eu-test-1',
      accessKeyId: 'AKTEST',
      secretAccessKey: 'nope',
      pathStyle: true,
      prefix: '',
    });
    await expect(wrong.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow('S3 PUT failed: 403 SignatureDoesNotMatch');

    const right = createS3Store({
      endpoint,
      bucket: 'media',
      region: 'eu-test-1',
      accessKeyId: 'AKTEST',
      secretAccessKey: SECRET,
      pathStyle: true,
      prefix: '',
    });
    expect(await right.read(key)).toBeNull();
    await right.put(key, Buffer.from('hello'), 'image/png');
    expect(await text((await right.read(key))!)).toBe('hello');
    await right.delete(key);
    await right.delete(key);
    await expect(right.read('../etc/passwd')).rejects.toThrow('invalid storage key');

    const urls: string[] = [];
    const capture: typeof fetch = async (input) => {
      urls.push(String(input));
      return new Response(null, { status: 200 });
    };
    const aws = createS3Store({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'media',
      region: 'eu-west-1',
      accessKeyId: 'A',
      secretAccessKey: 'S',
      pathStyle: false,
      prefix: 'p/',
      fetch: capture,
    });
    await aws.put(key, Buffer.from('x'), 'image/png');
    expect(urls).toEqual([`https://media.s3.eu-west-1.amazonaws.com/p/${key}`]);
  });

  it('configuration: S3_BUCKET needs both keys', () => {
    expect(() => loadConfig({ S3_BUCKET: 'media' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'a' })).toThrow('S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set');
    expect(loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' })).toMatchObject({
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
    });
  });
});
