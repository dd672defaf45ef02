/**
 * Decision 035: a page is compressed when it is stored (brotli and gzip beside its HTML), and a
 * visit sends those stored bytes; only a page stored before them is compressed on a visit, once.
 */
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { childDetails, createTemplateDivision, getProfileRow, setProfile } from '../../test/factories.ts';
import { type Headers, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

const publish = (headers: Headers, id: number) => t.app.inject({ method: 'PUT', url: `/api/profiles/${id}/publish`, headers });
const visit = (host: string, alias: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url: `/${alias}`, headers: { host, ...(encoding ? { 'accept-encoding': encoding } : {}) } });

/** A staff member's page published through the API. */
async function publishedPage(name: string) {
  const d = await createTemplateDivision(t.db);
  const person = await t.signedIn({ companyId: d.company.id, masterProfileId: d.masterId, content: childDetails(name) });
  expect((await publish(person.headers, person.id)).statusCode).toBe(200);
  const row = (await getProfileRow(t.db, person.id))!;
  return { person, row, host: `${d.company.subdomain}.localhost`, alias: row.alias! };
}

const stored = async (profileId: number) => {
  const row = (await getProfileRow(t.db, profileId))!;
  return { row, br: Buffer.from(row.publishedBr!), gzip: Buffer.from(row.publishedGzip!) };
};

describe('pages stored compressed (decision 035)', () => {
  it('a publish stores the brotli and gzip forms of the page, and a visit is sent exactly those bytes', async () => {
    const p = await publishedPage('Ann Able');
    const { row, br, gzip } = await stored(p.person.id);
    expect(brotliDecompressSync(br).toString()).toBe(row.publishedHtml);
    expect(gunzipSync(gzip).toString()).toBe(row.publishedHtml);

    // Other valid encodings of the same page put in their place: a visit that compressed the
    // page itself would send different bytes than these.
    const html = Buffer.from(row.publishedHtml!);
    const otherBr = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
    const otherGzip = gzipSync(html, { level: 1 });
    expect(otherBr.equals(br)).toBe(false);
    expect(otherGzip.equals(gzip)).toBe(false);
    await setProfile(t.db, p.person.id, { publishedBr: otherBr, publishedGzip: otherGzip });

    const brRes = await visit(p.host, p.alias, 'gzip, deflate, br');
    expect(brRes.statusCode).toBe(200);
    expect(brRes.headers['content-encoding']).toBe('br');
    expect(brRes.headers.etag).toBe(`"${row.publishedEtag}"`);
    expect(brRes.rawPayload.equals(otherBr)).toBe(true);
    const gzipRes = await visit(p.host, p.alias, 'gzip');
    expect(gzipRes.headers['content-encoding']).toBe('gzip');
    expect(gzipRes.rawPayload.equals(otherGzip)).toBe(true);
    // A client that accepts neither gets the HTML itself.
    const plain = await visit(p.host, p.alias);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(row.publishedHtml);
  });

  it('a publish of changed content stores new forms with the new ETag, and visits get them', async () => {
    const p = await publishedPage('Ben Busy');
    const before = await stored(p.person.id);
    expect(brotliDecompressSync((await visit(p.host, p.alias, 'br')).rawPayload).toString()).toContain('Ben Busy');

    await setProfile(t.db, p.person.id, { content: childDetails('Ben Newer') });
    expect((await publish(p.person.headers, p.person.id)).statusCode).toBe(200);
    const after = await stored(p.person.id);
    expect(after.row.publishedEtag).not.toBe(before.row.publishedEtag);
    expect(after.br.equals(before.br)).toBe(false);
    expect(after.gzip.equals(before.gzip)).toBe(false);
    expect(brotliDecompressSync(after.br).toString()).toBe(after.row.publishedHtml);
    expect(gunzipSync(after.gzip).toString()).toBe(after.row.publishedHtml);

    const res = await visit(p.host, p.alias, 'br');
    expect(res.headers.etag).toBe(`"${after.row.publishedEtag}"`);
    expect(res.rawPayload.equals(after.br)).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('Ben Newer');
  });

  it('a page stored before its forms were is compressed on its first visit and its forms stored, once', async () => {
    const p = await publishedPage('Cat Early');
    await setProfile(t.db, p.person.id, { publishedBr: null, publishedGzip: null });

    const res = await visit(p.host, p.alias, 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(p.row.publishedHtml);
    const filled = await stored(p.person.id);
    expect(filled.row.publishedEtag).toBe(p.row.publishedEtag);
    expect(filled.br.equals(res.rawPayload)).toBe(true);
    expect(gunzipSync(filled.gzip).toString()).toBe(p.row.publishedHtml);
  });
});
