import { createHash } from 'node:crypto';
import { PAGE_SCRIPT } from '@profilehub/profile-page';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../http/errors.ts';
import { SingleFlight } from '../../http/single-flight.ts';
import { pageForms, refreshDuePage } from '../publishing/publishing.service.ts';
import type { PageChanges } from './page-changes.ts';
import {
  companyIdByCustomDomain,
  companyIdBySubdomain,
  type Offboarded,
  publishedEtagByAlias,
  storedPageOf,
  storeMissingForms,
} from './public-pages.queries.ts';

/**
 * A published page ready to send: its brotli and gzip forms as stored (decision 035), with its
 * CSP. Not the HTML: the rare client that accepts neither gets the gzip form inflated.
 */
export type ServedPage = {
  profileId: number;
  etag: string;
  gzip: Buffer;
  br: Buffer;
  csp: string;
  /** When it was last checked, or served as it was while the database did not answer (ms). */
  checkedAt: number;
  /** When the database last confirmed it (ms); what the change feed vouches from. */
  confirmedAt: number;
  /**
   * When the page next changes by itself (a gallery item expires, a button's window opens or
   * closes) and must be re-rendered before it is served (ms), or null (decision 028).
   */
  nextChangeAt: number | null;
};

/** Which division a public host belongs to: `{subdomain}.{PUBLIC_DOMAIN}` or a custom domain. */
async function companyIdForHost(db: Db, host: string, publicDomain: string): Promise<number | null> {
  const suffix = `.${publicDomain.toLowerCase()}`;
  if (host.endsWith(suffix)) {
    const sub = host.slice(0, -suffix.length);
    if (!/^[a-z0-9-]{1,63}$/.test(sub)) return null;
    return companyIdBySubdomain(db, sub);
  }
  return companyIdByCustomDomain(db, host);
}

type Site = { companyId: number | null };

/**
 * Which division a request's host serves, remembered for a few seconds: every public page
 * request asks. Hub hosts serve the web app (null); a division's subdomain of PUBLIC_DOMAIN
 * or its custom domain serves its public pages; another subdomain serves only the 404 page.
 * Any other host is unknown (`isKnown`): it gets neither the hub nor a page.
 */
export class PublicSites {
  readonly #db: Db;
  readonly #publicDomain: string;
  readonly #hubHosts: Set<string>;
  readonly #isHubDomain: (host: string) => Promise<boolean>;
  /** Hosts met lately, least recently used dropped first. */
  readonly #known = new LRUCache<string, { site: Site | null; hub: boolean; at: number }>({ max: 5000 });
  readonly #looking = new SingleFlight<string, { site: Site | null; hub: boolean }>();
  constructor(o: { db: Db; publicDomain: string; hubHosts: string[]; isHubDomain: (host: string) => Promise<boolean> }) {
    this.#db = o.db;
    this.#publicDomain = o.publicDomain.toLowerCase();
    this.#hubHosts = new Set(o.hubHosts.map((h) => h.toLowerCase()));
    this.#isHubDomain = o.isHubDomain;
  }

  /** A Host header's name without its port, lower case. */
  static hostOf(hostHeader: string | undefined): string {
    return (hostHeader ?? '').replace(/:\d+$/, '').toLowerCase();
  }

  isHub(host: string): boolean {
    return this.#hubHosts.has(host);
  }

  /** Drops what this copy remembers of a host (its division's domain changed); other copies learn within seconds. */
  forget(host: string): void {
    this.#known.delete(host);
  }

  /** One look-up per host at a time: the requests that meet a host unknown or stale wait for it. */
  async siteOf(host: string): Promise<Site | null> {
    return (await this.#hostOf(host)).site;
  }

  /** Whether the host is a hub (the product's or a division's white-labelled one), where people sign in. */
  async isHubHost(host: string): Promise<boolean> {
    return (await this.#hostOf(host)).hub;
  }

  /** Whether this server serves the host at all: a hub host, a white-labelled hub or a public site. */
  async isKnown(host: string): Promise<boolean> {
    const { site, hub } = await this.#hostOf(host);
    return hub || site !== null;
  }

  #hostOf(host: string): Promise<{ site: Site | null; hub: boolean }> {
    if (this.#hubHosts.has(host)) return Promise.resolve({ site: null, hub: true });
    const known = this.#known.get(host);
    if (known && Date.now() - known.at < 5000) return Promise.resolve(known);
    return this.#looking.run(host, () => this.#lookUp(host, known));
  }

  async #lookUp(host: string, known: { site: Site | null; hub: boolean } | undefined): Promise<{ site: Site | null; hub: boolean }> {
    const looking = this.#ask(host);
    let site: Site | null;
    let hub: boolean;
    try {
      // A host this server knew keeps its answer while the database is slow to answer or away (stale-if-error).
      ({ site, hub } = known ? await withinOr(looking, STALE_AFTER_MS, () => known) : await looking);
    } catch (err) {
      if (!known || !isDatabaseUnavailable(err)) throw err;
      ({ site, hub } = known);
    }
    this.#known.set(host, { site, hub, at: Date.now() });
    return { site, hub };
  }

  async #ask(host: string): Promise<{ site: Site | null; hub: boolean }> {
    if (await this.#isHubDomain(host)) return { site: null, hub: true };
    const companyId = await companyIdForHost(this.#db, host, this.#publicDomain);
    return { site: companyId !== null || host.endsWith(`.${this.#publicDomain}`) ? { companyId } : null, hub: false };
  }
}

/**
 * How long a visitor waits for the database to confirm what this server already holds (a
 * page, a host's site) before it is served as it was. The check runs on and updates what is
 * held when it answers; a database that black-holes its connections (no error for up to 20 s)
 * then costs a visitor at most this, the same as one that refuses at once.
 */
const STALE_AFTER_MS = 60;

/** The work's outcome, or `fallback()` if it has not settled within `ms` (the work runs on; a later failure is dropped). */
function withinOr<T>(work: Promise<T>, ms: number, fallback: () => T): Promise<T> {
  work.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback()), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('base64');

/** The hash of the renderer's own page script: the only inline script a public page may run. */
const PAGE_SCRIPT_HASH = `'sha256-${sha256(PAGE_SCRIPT)}'`;

/**
 * The page's Content-Security-Policy. The page is static and the same for every
 * visitor, so the renderer's one inline script is allowed by hash rather than a
 * per-response nonce: the bytes (and their compressed forms) can then be cached and
 * served as they are. The hash is of the script the renderer ships, never of what the
 * stored HTML happens to hold, so an inline script that got into a stored page can
 * never run. Frames only from YouTube; the page may be framed by the hub (editor preview).
 */
function pageCsp(hubOrigin: string): string {
  const scriptSrc = `'self' ${PAGE_SCRIPT_HASH}`;
  return [
    "default-src 'none'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data: blob:",
    "font-src 'self' https: data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    'frame-src https://www.youtube-nocookie.com https://www.youtube.com',
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors 'self' ${hubOrigin}`,
  ].join('; ');
}

/** What the cache holds for an archived division's address: its pages answer 410 Gone. */
type Gone = { gone: true; checkedAt: number; confirmedAt: number };
export const GONE = 'gone' as const;
/** What the cache holds for a deactivated person's page (decision 022): where it sends the visitor instead. */
export type OffboardedPage = { offboarded: Offboarded; checkedAt: number; confirmedAt: number };
type Held = ServedPage | Gone | OffboardedPage;
const isGone = (held: Held): held is Gone => 'gone' in held;
const isPage = (held: Held): held is ServedPage => 'br' in held;

/**
 * Published pages by host and alias, kept in memory. An entry is trusted while the change
 * feed (`PageChanges`, decision 036) has read no change to its division since the database
 * confirmed it; without a feed that answers, for a second. Then its ETag is checked against the
 * database. So a publish or an unpublish shows within about a second on every server without a
 * shared cache, and a page held costs no query per visit.
 *
 * One look-up per page at a time: the requests that meet a stale or missing entry while
 * it is being checked or loaded wait for that one check, so a cold start or a publish
 * under load costs one query, not one per waiting visitor. A page is stored with its
 * compressed forms (decision 035), so a page not held costs one read, no compression; only a
 * page stored before them is compressed here (on libuv's thread pool), once: its forms are
 * then stored with it.
 *
 * A page whose stored next change has come (spec §5 expiry, a button's window, decision 028)
 * is re-rendered before it is served if the every-minute job has not done it yet (checked at
 * serve time, so it holds across restarts and on every server; one re-render per page at a time).
 */
export class PublishedPageCache {
  /**
   * Pages this server holds, bounded by bytes (both encodings; 64 MiB, as when it also held
   * each page's HTML) and count; the least recently visited goes first, so a burst of rare
   * pages never empties the whole cache.
   */
  private readonly pages = new LRUCache<string, Held>({
    max: 20_000,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (page) => (isPage(page) ? page.gzip.length + page.br.length + HELD_OVERHEAD : HELD_OVERHEAD),
  });
  private readonly db: Db;
  private readonly hubOrigin: string;
  /** Every page's CSP, the same for all: held once, not once a page. */
  private readonly csp: string;
  private readonly freshMs: number;
  /** The divisions whose pages changed, read by this server; none: each held page is checked every `freshMs`. */
  private readonly changes: PageChanges | undefined;
  private readonly refreshing = new SingleFlight<number, boolean>();
  /** The one check or load in flight per page key. */
  private readonly loading = new SingleFlight<string, Held | null>();
  /** Counts `forget` calls: a load that began before one never fills the cache. */
  private forgotten = 0;
  constructor(db: Db, hubOrigin: string, freshMs = 1000, changes?: PageChanges) {
    this.db = db;
    this.hubOrigin = hubOrigin;
    this.csp = pageCsp(hubOrigin);
    this.freshMs = freshMs;
    this.changes = changes;
  }

  /** The published page at `alias`, or null when there is none, its division is archived or its owner deactivated. */
  async get(companyId: number, alias: string): Promise<ServedPage | null> {
    const page = await this.lookUp(companyId, alias);
    return page === GONE || page === null || !isPage(page) ? null : page;
  }

  /**
   * The published page at `alias`, null when there is none, or GONE while its division is
   * archived (any alias, '' included: the division's other addresses ask with it). The archive
   * is checked with the ETag, so it shows within `freshMs` on every server; an archive once
   * seen is held like a page, so stale-if-error never brings the page back while the
   * database is away.
   */
  async lookUp(companyId: number, alias: string): Promise<ServedPage | typeof GONE | OffboardedPage | null> {
    const page = await this.load(companyId, alias);
    if (page && isGone(page)) return GONE;
    if (!page || !isPage(page) || page.nextChangeAt === null || page.nextChangeAt > Date.now()) return page;
    await this.refresh(page.profileId);
    const again = await this.load(companyId, alias);
    return again && isGone(again) ? GONE : again;
  }

  /** Re-renders a page whose next change has come; concurrent requests for it wait for the one re-render. */
  private async refresh(profileId: number): Promise<void> {
    await this.refreshing.run(profileId, () => refreshDuePage({ db: this.db, config: { PUBLIC_URL: this.hubOrigin } }, profileId));
    for (const [key, page] of this.pages) if (isPage(page) && page.profileId === profileId) this.pages.delete(key);
  }

  private load(companyId: number, alias: string): Promise<Held | null> {
    const key = `${companyId}/${alias}`;
    const cached = this.pages.get(key);
    if (cached && this.isFresh(cached, companyId)) return Promise.resolve(cached);
    return this.loading.run(key, () => this.check(key, companyId, alias, cached));
  }

  /** Checked (or served as it was) less than `freshMs` ago, or vouched for by the change feed since the database confirmed it. */
  private isFresh(held: Held, companyId: number): boolean {
    const now = Date.now();
    return now - held.checkedAt < this.freshMs || (this.changes?.vouchesFor(companyId, held.confirmedAt, now) ?? false);
  }

  private async check(key: string, companyId: number, alias: string, cached: Held | undefined): Promise<Held | null> {
    const now = Date.now();
    const stale = (held: Held) => {
      held.checkedAt = now;
      return held;
    };
    const reloading = this.reload(key, companyId, alias, cached, now);
    try {
      // A page this server holds is served as it was when the database is slow to confirm it
      // (a black hole answers nothing for up to 20 s); the check runs on and updates the page.
      return cached ? await withinOr(reloading, STALE_AFTER_MS, () => stale(cached)) : await reloading;
    } catch (err) {
      // Stale-if-error: while the database is away, a page this server already holds keeps
      // being served as it was (checked again after freshMs), instead of failing every visit.
      if (!cached || !isDatabaseUnavailable(err)) throw err;
      return stale(cached);
    }
  }

  private async reload(key: string, companyId: number, alias: string, cached: Held | undefined, now: number): Promise<Held | null> {
    const forgotten = this.forgotten;
    const row = await publishedEtagByAlias(this.db, companyId, alias);
    if (row?.archived) {
      const gone: Gone = { gone: true, checkedAt: now, confirmedAt: now };
      if (forgotten === this.forgotten) this.pages.set(key, gone);
      return gone;
    }
    if (!row?.id || !row.etag) {
      this.pages.delete(key);
      return null;
    }
    if (row.offboarded) {
      const moved: OffboardedPage = { offboarded: row.offboarded, checkedAt: now, confirmedAt: now };
      if (forgotten === this.forgotten) this.pages.set(key, moved);
      return moved;
    }
    if (cached && isPage(cached) && cached.etag === `"${row.etag}"`) {
      cached.checkedAt = now;
      cached.confirmedAt = now;
      return cached;
    }
    const full = await storedPageOf(this.db, row.id);
    if (!full?.etag) return null;
    const forms = full.br && full.gzip ? { br: full.br, gzip: full.gzip } : full.html ? await this.compressOnce(row.id, full.etag, full.html) : null;
    if (!forms) return null;
    const page: ServedPage = {
      profileId: row.id,
      etag: `"${full.etag}"`,
      br: asBuffer(forms.br),
      gzip: asBuffer(forms.gzip),
      csp: this.csp,
      checkedAt: now,
      confirmedAt: now,
      nextChangeAt: full.nextChangeAt?.getTime() ?? null,
    };
    if (forgotten === this.forgotten) this.pages.set(key, page);
    return page;
  }

  /**
   * A page stored before its compressed forms were (migration 0043): compressed here, and its
   * forms stored with it unless it changed meanwhile, so it is compressed once, not on every
   * server's every miss. A failed store only leaves it for the next miss.
   */
  private async compressOnce(profileId: number, etag: string, html: string): Promise<{ br: Uint8Array; gzip: Uint8Array }> {
    const forms = await pageForms(html);
    await storeMissingForms(this.db, profileId, etag, forms).catch(() => {});
    return { br: forms.publishedBr, gzip: forms.publishedGzip };
  }

  /**
   * Drops what this server holds for a profile at once (publish, unpublish, delete on this
   * server); the next request looks it up afresh instead of joining a look-up begun before.
   */
  forget(companyId: number, alias: string | null): void {
    if (!alias) return;
    const key = `${companyId}/${alias}`;
    this.pages.delete(key);
    this.loading.forget(key);
    this.forgotten++;
  }

  /** Drops everything this server holds for a division at once (archived or restored here). */
  forgetDivision(companyId: number): void {
    for (const key of [...this.pages.keys()]) if (key.startsWith(`${companyId}/`)) this.pages.delete(key);
    this.forgotten++;
  }
}

/** What an entry costs besides its bytes (its key, ETag, CSP and the cache's own bookkeeping), roughly. */
const HELD_OVERHEAD = 512;

/** The bytes of a stored form as a Buffer, without copying them. */
const asBuffer = (bytes: Uint8Array) => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/** Picks the best encoding the client accepts: brotli, then gzip, then none. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}
