import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PAGE_SCRIPT } from '@profilehub/profile-page';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { companies, pageChanges, profiles } from '../../db/schema.ts';
import { createCompany } from '../../test/factories.ts';
import { withDatabase } from '../../test/global-setup.ts';
import { useTestApp } from '../../test/harness.ts';
import { pageForms } from '../publishing/publishing.service.ts';
import { PAGE_CHANGES_KEPT_MS, PageChanges } from './page-changes.ts';
import { prunePageChanges } from './public-pages.queries.ts';
import { PublicSites, PublishedPageCache } from './public-pages.service.ts';

const t = useTestApp();

const SCRIPT = 'document.body.dataset.ready="1"';
const html = (name: string) =>
  `<!doctype html><html lang="en"><head><title>${name}</title><style>body{color:red}</style></head><body><h1>${name}</h1><script>${SCRIPT}</script></body></html>`;

async function publishedProfile(o: { alias: string; name?: string; published?: boolean; content?: Record<string, unknown> }) {
  const company = await createCompany(t.app.deps.db);
  const [p] = await t.app.deps.db
    .insert(profiles)
    .values({
      companyId: company.id,
      alias: o.alias,
      publishedAt: o.published === false ? null : new Date(),
      publishedHtml: html(o.name ?? 'Jane Doe'),
      publishedEtag: `etag-${o.alias}`,
      publishedContent: o.content ?? { fullName: o.name ?? 'Jane Doe' },
    })
    .returning();
  return { company, profile: p! };
}

const get = (host: string, url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host, ...headers } });

describe('public profile pages by host', () => {
  it('serves a published page at {subdomain}.{PUBLIC_DOMAIN}/{alias}, compressed, with ETag and a hash-based CSP', async () => {
    const { company } = await publishedProfile({ alias: 'jane-doe' });
    const res = await get(`${company.subdomain}.localhost:3000`, '/jane-doe', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('<h1>Jane Doe</h1>');
    expect(res.headers.etag).toBe('"etag-jane-doe"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    // Only the renderer's own script is allowed: the inline script this stored HTML holds is not.
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(csp).toContain(`script-src 'self' ${hash(PAGE_SCRIPT)};`);
    expect(csp).not.toContain(hash(SCRIPT));
    expect(csp).not.toContain("'unsafe-inline' 'sha256");
    expect(csp).toContain("frame-ancestors 'self' http://hub.test");
  });

  it('answers 304 to a matching If-None-Match and brotli when accepted', async () => {
    const { company } = await publishedProfile({ alias: 'etag-check' });
    const host = `${company.subdomain}.localhost`;
    expect((await get(host, '/etag-check', { 'if-none-match': '"etag-etag-check"' })).statusCode).toBe(304);
    expect((await get(host, '/etag-check', { 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe('br');
    const plain = await get(host, '/etag-check');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<h1>Jane Doe</h1>');
  });

  it('gives a page answered before Fastify every security header Fastify gives the 404 page next to it', async () => {
    const { company } = await publishedProfile({ alias: 'headers-check' });
    const host = `${company.subdomain}.localhost`;
    const page = await get(host, '/headers-check');
    // A card file of an unknown alias is answered by Fastify with the same 404 page.
    const missing = await get(host, '/no-such-alias/manifest.webmanifest');
    expect([page.statusCode, missing.statusCode]).toEqual([200, 404]);
    // helmet's headers on the Fastify answer; the page sets its own CSP, and both the same referrer policy.
    const helmetNames = [
      'x-frame-options',
      'x-dns-prefetch-control',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'x-xss-protection',
      'x-permitted-cross-domain-policies',
      'x-download-options',
    ];
    for (const name of helmetNames) {
      expect(missing.headers[name], name).toBeDefined();
      expect(page.headers[name], name).toBe(missing.headers[name]);
    }
    for (const name of ['x-content-type-options', 'referrer-policy']) expect(page.headers[name], name).toBe(missing.headers[name]);
  });

  it('answers HEAD with the headers and length of the page, and no body', async () => {
    const { company } = await publishedProfile({ alias: 'head-check' });
    const host = `${company.subdomain}.localhost`;
    const got = await get(host, '/head-check', { 'accept-encoding': 'br' });
    const head = await t.app.inject({ method: 'HEAD', url: '/head-check', headers: { host, 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(got.rawPayload.length));
    expect(head.headers.etag).toBe(got.headers.etag);
    expect(head.rawPayload.length).toBe(0);
  });

  it('shows the 404 page for an unknown alias, an unpublished profile, another division, and an unknown subdomain', async () => {
    const { company } = await publishedProfile({ alias: 'hidden-one', published: false });
    const other = await publishedProfile({ alias: 'elsewhere' });
    for (const [host, url] of [
      [`${company.subdomain}.localhost`, '/nobody'],
      [`${company.subdomain}.localhost`, '/hidden-one'],
      [`${company.subdomain}.localhost`, '/elsewhere'],
      ['no-such-division.localhost', '/elsewhere'],
      [`${other.company.subdomain}.localhost`, '/../etc/passwd'],
    ] as const) {
      const res = await get(host, url);
      expect(res.statusCode, `${host}${url}`).toBe(404);
      expect(res.body).toContain('Profile not found');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    }
  });

  // How soon (about a second, decision 036): `node bench/run-all.mjs scale-out`, across two copies.
  it('takes a page unpublished in the database down by itself on this server', async () => {
    const { company, profile } = await publishedProfile({ alias: 'soon-gone' });
    const host = `${company.subdomain}.localhost`;
    expect((await get(host, '/soon-gone')).statusCode).toBe(200);
    await t.app.deps.db.update(profiles).set({ publishedAt: null }).where(eq(profiles.id, profile.id));
    while ((await get(host, '/soon-gone')).statusCode !== 404) await new Promise((r) => setTimeout(r, 50));
  });

  it('serves a division custom domain, while hub hosts and white-label hub domains keep the web app', async () => {
    const { company } = await publishedProfile({ alias: 'custom-card' });
    await t.app.deps.db.update(companies).set({ customDomain: 'cards.example.test' }).where(eq(companies.id, company.id));
    expect((await get('cards.example.test', '/custom-card')).statusCode).toBe(200);
    const hub = await get('localhost:3000', '/custom-card');
    expect(hub.body).not.toContain('<h1>Jane Doe</h1>');
  });
});

describe('save to home screen: manifest and service worker', () => {
  it('serves a per-profile manifest and a service worker scoped to the card', async () => {
    const content = { fullName: 'Jane Doe', profilePhoto: { url: '/uploads/abc.png' }, cssVariables: { 'background-color': { color: '#fff7ed' } } };
    const { company } = await publishedProfile({ alias: 'pwa-card', content });
    const host = `${company.subdomain}.localhost`;
    const manifest = await get(host, '/pwa-card/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.json()).toMatchObject({
      name: 'Jane Doe',
      start_url: '/pwa-card',
      scope: '/pwa-card',
      theme_color: '#fff7ed',
      icons: [
        { src: '/pwa-card/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/pwa-card/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      ],
    });
    const sw = await get(host, '/pwa-card/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(sw.headers['service-worker-allowed']).toBe('/pwa-card');
    expect(sw.body).toContain('ph:pwa-card:etag-pwa-card');
    expect(sw.body).toContain('/uploads/abc.png');
  });

  it('answers the 404 page for an unpublished card’s manifest and worker', async () => {
    const { company } = await publishedProfile({ alias: 'pwa-hidden', published: false });
    for (const file of ['manifest.webmanifest', 'sw.js']) {
      expect((await get(`${company.subdomain}.localhost`, `/pwa-hidden/${file}`)).statusCode).toBe(404);
    }
  });
});

describe('PublishedPageCache', () => {
  it('keeps the compressed bytes while the stored ETag is unchanged, and reloads them after a publish', async () => {
    const { company, profile } = await publishedProfile({ alias: 'cache-check' });
    const cache = new PublishedPageCache(t.app.deps.db, 'http://hub.test', 0);
    const first = await cache.get(company.id, 'cache-check');
    const second = await cache.get(company.id, 'cache-check');
    expect(second?.br).toBe(first?.br);
    await t.app.deps.db
      .update(profiles)
      .set({ publishedEtag: 'etag-new', ...(await pageForms(html('Jane Again'))) })
      .where(eq(profiles.id, profile.id));
    // A check slower than the stale bound serves the held page once more and updates it when
    // it answers (a busy machine): wait for the new page rather than for one call.
    await expect.poll(async () => (await cache.get(company.id, 'cache-check'))?.etag, { timeout: 30_000 }).toBe('"etag-new"');
    const third = await cache.get(company.id, 'cache-check');
    expect(brotliDecompressSync(third!.br).toString()).toContain('Jane Again');
  });

  it('looks a page up once for all the requests that meet it missing at the same time', async () => {
    const { company } = await publishedProfile({ alias: 'cache-herd' });
    const cache = new PublishedPageCache(t.app.deps.db, 'http://hub.test');
    const pages = await Promise.all(Array.from({ length: 30 }, () => cache.get(company.id, 'cache-herd')));
    expect(gunzipSync(pages[0]!.gzip).toString()).toContain('Jane Doe');
    // One look-up made one page: every request got the very same object.
    for (const page of pages) expect(page).toBe(pages[0]);
  });

  it('answers a publish on this server from the new page, even while an older look-up is under way', async () => {
    const { company, profile } = await publishedProfile({ alias: 'cache-race' });
    const cache = new PublishedPageCache(t.app.deps.db, 'http://hub.test');
    const before = cache.get(company.id, 'cache-race');
    await t.app.deps.db
      .update(profiles)
      .set({ publishedEtag: 'etag-raced', ...(await pageForms(html('Jane Raced'))) })
      .where(eq(profiles.id, profile.id));
    cache.forget(company.id, 'cache-race');
    const after = await cache.get(company.id, 'cache-race');
    await before;
    expect(after?.etag).toBe('"etag-raced"');
    // The older look-up did not put its page back over the new one.
    expect((await cache.get(company.id, 'cache-race'))?.etag).toBe('"etag-raced"');
  });
});

describe('PublicSites', () => {
  it('looks a host up once for all the requests that meet it unknown at the same time', async () => {
    const { company } = await publishedProfile({ alias: 'sites-herd' });
    let hubChecks = 0;
    const sites = new PublicSites({
      db: t.app.deps.db,
      publicDomain: 'localhost',
      hubHosts: ['localhost'],
      isHubDomain: async () => {
        hubChecks++;
        return false;
      },
    });
    const found = await Promise.all(Array.from({ length: 30 }, () => sites.siteOf(`${company.subdomain}.localhost`)));
    expect(found[0]).toEqual({ companyId: company.id });
    for (const site of found) expect(site).toBe(found[0]);
    expect(hubChecks).toBe(1);
  });
});

describe('PageChanges (decision 036)', () => {
  /**
   * A feed after its first read, and a time after that read began (a page confirmed then): a
   * millisecond after it ended. A change the first read found counts from the millisecond the
   * read began, and a page confirmed within that millisecond may predate it, so the feed does not
   * vouch for it. The first read finds the changes this test just made whenever a transaction
   * anywhere on the server is older than they are (another test file's, on PostgreSQL), and a
   * read on a warm connection can begin and end within one millisecond.
   */
  async function readFeed() {
    const feed = new PageChanges(t.app.deps.db);
    await feed.read();
    return { feed, confirmed: Date.now() + 1 };
  }
  /**
   * Reads the feed and returns when the read began: the time to ask `vouchesFor` at. The feed is
   * trusted for a second from the start of its last read, so on a loaded machine a read slower
   * than that would leave every division unvouched by the time it ends.
   */
  async function readAt(feed: PageChanges): Promise<number> {
    const began = Date.now();
    await feed.read();
    return began;
  }
  /** The URL of this test file's own PostgreSQL database, for connections of the test's own. */
  async function ownDatabaseUrl(): Promise<string> {
    const { rows } = await t.database.executeSql('select current_database() as name');
    return withDatabase(process.env.TEST_DATABASE_URL!, String((rows[0] as { name: string }).name));
  }

  it('learns of a change to what a division’s pages show, and not of a draft edit or another division', async () => {
    const a = await publishedProfile({ alias: 'feed-a' });
    const b = await publishedProfile({ alias: 'feed-b' });
    const { feed, confirmed } = await readFeed();
    const at = await readAt(feed);
    expect(feed.vouchesFor(a.company.id, confirmed, at)).toBe(true);
    await t.app.deps.db.update(profiles).set({ publishedEtag: 'etag-feed-a-2' }).where(eq(profiles.id, a.profile.id));
    await t.app.deps.db
      .update(profiles)
      .set({ content: { fullName: 'Draft only' } })
      .where(eq(profiles.id, b.profile.id));
    const changedAt = await readAt(feed);
    expect(feed.vouchesFor(a.company.id, confirmed, changedAt)).toBe(false);
    expect(feed.vouchesFor(b.company.id, confirmed, changedAt)).toBe(true);
    // A page confirmed after the change was read is vouched for again.
    const reconfirmed = Date.now() + 1;
    await feed.read();
    expect(feed.vouchesFor(a.company.id, reconfirmed, reconfirmed)).toBe(true);
    // Archiving the division is a change to its pages too.
    await t.app.deps.db.update(companies).set({ archivedAt: new Date() }).where(eq(companies.id, b.company.id));
    await feed.read();
    expect(feed.vouchesFor(b.company.id, confirmed)).toBe(false);
  });

  it('learns of every division one statement changes (a rebuild batch), and of a page deleted or added', async () => {
    const a = await publishedProfile({ alias: 'feed-batch-a' });
    const b = await publishedProfile({ alias: 'feed-batch-b' });
    const c = await publishedProfile({ alias: 'feed-batch-c' });
    const { feed, confirmed } = await readFeed();
    await t.app.deps.db
      .update(profiles)
      .set({ publishedEtag: sql`${profiles.publishedEtag} || '-rebuilt'` })
      .where(inArray(profiles.id, [a.profile.id, b.profile.id]));
    const at = await readAt(feed);
    expect([a, b, c].map((x) => feed.vouchesFor(x.company.id, confirmed, at))).toEqual([false, false, true]);
    await t.app.deps.db.delete(profiles).where(eq(profiles.id, c.profile.id));
    const added = await publishedProfile({ alias: 'feed-batch-d' });
    const before = Date.now();
    await feed.read();
    expect(feed.vouchesFor(c.company.id, confirmed)).toBe(false);
    expect(feed.vouchesFor(added.company.id, before - 1)).toBe(false);
  });

  it('notes a division once a transaction, yet not a change a rolled-back savepoint took back', async () => {
    const { company, profile } = await publishedProfile({ alias: 'feed-savepoint' });
    const { feed, confirmed } = await readFeed();
    const noted = () => t.app.deps.db.select().from(pageChanges).where(eq(pageChanges.companyId, company.id));
    const before = (await noted()).length;
    const setEtag = (db: typeof t.app.deps.db, etag: string) => db.update(profiles).set({ publishedEtag: etag }).where(eq(profiles.id, profile.id));
    await t.app.deps.db.transaction(async (tx) => {
      await tx
        .transaction(async (savepoint) => {
          await setEtag(savepoint, 'etag-taken-back');
          throw new Error('roll the savepoint back');
        })
        .catch(() => {});
      await setEtag(tx, 'etag-kept');
      await setEtag(tx, 'etag-kept-2');
    });
    // One row for the transaction's two changes; none left by the savepoint.
    expect((await noted()).length - before).toBe(1);
    await feed.read();
    expect(feed.vouchesFor(company.id, confirmed)).toBe(false);
  });

  it('vouches for nothing before its first read, nor once its last read is more than a second old', async () => {
    const { company } = await publishedProfile({ alias: 'feed-trust' });
    const feed = new PageChanges(t.app.deps.db);
    expect(feed.vouchesFor(company.id, Date.now())).toBe(false);
    const at = await readAt(feed);
    const confirmed = Date.now() + 1;
    expect(feed.vouchesFor(company.id, confirmed, at)).toBe(true);
    expect(feed.vouchesFor(company.id, confirmed, at + 1_500)).toBe(false);
  });

  it('serves a held page without checking it until the feed reads its division’s change, then the new page', async () => {
    const { company, profile } = await publishedProfile({ alias: 'feed-cache' });
    const { feed } = await readFeed();
    // freshMs 0: only the feed keeps a page from being checked.
    const cache = new PublishedPageCache(t.app.deps.db, 'http://hub.test', 0, feed);
    const first = await cache.get(company.id, 'feed-cache');
    await t.app.deps.db
      .update(profiles)
      .set({ publishedEtag: 'etag-feed-new', ...(await pageForms(html('Jane Renewed'))) })
      .where(eq(profiles.id, profile.id));
    // Not read yet: the page held is served as it is, without a look at the database.
    expect(await cache.get(company.id, 'feed-cache')).toBe(first);
    await feed.read();
    const renewed = await cache.get(company.id, 'feed-cache');
    expect(renewed?.etag).toBe('"etag-feed-new"');
    expect(brotliDecompressSync(renewed!.br).toString()).toContain('Jane Renewed');
  });

  it('after a gap of more than half the time changes are kept, vouches only for pages confirmed since', async () => {
    const { company } = await publishedProfile({ alias: 'feed-gap' });
    const { feed, confirmed } = await readFeed();
    const at = await readAt(feed);
    expect(feed.vouchesFor(company.id, confirmed, at)).toBe(true);
    // The next good read comes after the gap: changes made meanwhile may have been deleted unread.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + PAGE_CHANGES_KEPT_MS / 2 + 1_000 });
    try {
      await feed.read();
      const now = Date.now();
      expect(feed.vouchesFor(company.id, confirmed, now)).toBe(false);
      expect(feed.vouchesFor(company.id, now, now)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the upkeep job deletes the changes older than they are kept, and only those', async () => {
    const old = await publishedProfile({ alias: 'feed-prune-old' });
    const recent = await publishedProfile({ alias: 'feed-prune-recent' });
    const db = t.app.deps.db;
    await db.update(profiles).set({ publishedEtag: 'etag-prune-old-2' }).where(eq(profiles.id, old.profile.id));
    await db.update(profiles).set({ publishedEtag: 'etag-prune-recent-2' }).where(eq(profiles.id, recent.profile.id));
    await db
      .update(pageChanges)
      .set({ at: sql`now() - make_interval(secs => ${PAGE_CHANGES_KEPT_MS / 1000 + 60})` })
      .where(eq(pageChanges.companyId, old.company.id));
    const rowsOf = async (companyId: number) => (await db.select().from(pageChanges).where(eq(pageChanges.companyId, companyId))).length;
    expect(await rowsOf(old.company.id)).toBeGreaterThan(0);
    const recentRows = await rowsOf(recent.company.id);
    expect(recentRows).toBeGreaterThan(0);
    await prunePageChanges(db, PAGE_CHANGES_KEPT_MS);
    expect(await rowsOf(old.company.id)).toBe(0);
    expect(await rowsOf(recent.company.id)).toBe(recentRows);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, a change made before the first read is not news to the next, while an older transaction stays open',
    async () => {
      const open = new pg.Client({ connectionString: await ownDatabaseUrl() });
      await open.connect();
      try {
        // An open transaction with an id holds every snapshot's oldest id behind it (in any database of the server).
        await open.query('begin');
        await open.query('select pg_current_xact_id()');
        const { company } = await publishedProfile({ alias: 'feed-held-back' });
        const { feed, confirmed } = await readFeed();
        const at = await readAt(feed);
        expect(feed.vouchesFor(company.id, confirmed, at)).toBe(true);
      } finally {
        await open.query('rollback');
        await open.end();
      }
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL, learns of a change whose transaction commits after a later one (ids out of order)', async () => {
    const a = await publishedProfile({ alias: 'feed-late' });
    const b = await publishedProfile({ alias: 'feed-early' });
    const { feed, confirmed } = await readFeed();
    const url = await ownDatabaseUrl();
    const [late, early] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    await Promise.all([late.connect(), early.connect()]);
    try {
      // The late transaction takes its id first; the early one, with a higher id, commits first.
      await late.query('begin');
      await late.query("update profiles set published_etag = 'etag-late' where id = $1", [a.profile.id]);
      await early.query('begin');
      await early.query("update profiles set published_etag = 'etag-early' where id = $1", [b.profile.id]);
      await early.query('commit');
      const at = await readAt(feed);
      expect(feed.vouchesFor(b.company.id, confirmed, at)).toBe(false);
      expect(feed.vouchesFor(a.company.id, confirmed, at)).toBe(true);
      await late.query('commit');
      await feed.read();
      expect(feed.vouchesFor(a.company.id, confirmed)).toBe(false);
      // Read again (the same rows while older transactions ran), a change is not news twice.
      const after = Date.now() + 1;
      await feed.read();
      expect(feed.vouchesFor(b.company.id, after, after)).toBe(true);
    } finally {
      await Promise.all([late.end(), early.end()]);
    }
  });
});
