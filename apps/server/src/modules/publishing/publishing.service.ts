/**
 * Publishing (spec §4 Publication, DESIGN §3 "Build"): render the effective
 * content to static HTML, store it with the published snapshot and the site,
 * set `publishedAt`. The public page is served from what is stored here.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { markExpired, nextPageChange, pageRenderInput, type RenderInput, renderProfilePage } from '@profilehub/profile-page';
import {
  type ErrorBody,
  PROFILE_API_MESSAGES as M,
  type MissingItem,
  type ProfileContent,
  type Site,
  type TemplateRebuild as TemplateRebuildStatus,
} from '@profilehub/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { errorBody } from '../../http/errors.ts';
import type { CompanyScope } from '../../http/scope.ts';
import { flagsOf } from '../companies/companies.queries.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { storedLeadForm } from '../leads/lead-forms.queries.ts';
import { missingItemsOf, pageContentOf, siteOf } from '../profiles/profile-content.ts';
import { type CompanyRow, loadProfileContext, type ProfileContext, type ProfileRow, type ThemeRow, themeForCompany } from '../profiles/profiles.queries.ts';
import {
  claimDuePage,
  claimDuePages,
  clearPublishedPage,
  countPublishedChildren,
  type DuePage,
  deleteFinishedRebuilds,
  finishTemplateRebuild,
  insertPublication,
  insertTemplateRebuild,
  type PageForms,
  publishedChildrenAfter,
  publishedProfileIds,
  publishedProfileIdsUsingLeadForm,
  publishedProfileWithCompany,
  type RebuiltPage,
  recordRebuildBatch,
  startTemplateRebuild,
  storeNextChange,
  storePublishedPage,
  storeRebuiltPages,
  storeRerenderedPage,
  type TemplateRebuild,
  templateRebuildById,
} from './publishing.queries.ts';

/** Where pages live: the public domain and the hub's scheme and port (pages share them locally). */
export type SiteConfig = Pick<Config, 'PUBLIC_DOMAIN' | 'PUBLIC_URL'> & Partial<Pick<Config, 'APPLE_PASS_TYPE_ID' | 'GOOGLE_WALLET_ISSUER_ID'>>;

/** The wallets a page offers (issue #30): those the install has keys for (loadConfig takes each whole or not at all). */
export const walletsOf = (config: Partial<SiteConfig>) => ({ apple: Boolean(config.APPLE_PASS_TYPE_ID), google: Boolean(config.GOOGLE_WALLET_ISSUER_ID) });

/**
 * What publishing needs: the database, where pages live, and (in the server)
 * the served-page cache, told at once so this server never serves an old page.
 */
export type PublishEnv = { db: Db; config: SiteConfig; publishedPages?: { forget(companyId: number, alias: string | null): void } };

type PublishedPageInput = {
  profile: ProfileRow;
  company: CompanyRow;
  /** The effective content the page shows (spec §4 Inheritance, published view). */
  content: ProfileContent;
  theme: ThemeRow | null;
  site: Site;
  /** The page's public address, e.g. `http://acme.localhost:3000/jane-doe`. */
  url: string;
  /** The stored lead form the contact form names, if any (its fields replace the contact form's switches). */
  leadForm?: PageLeadForm | null;
  wallets: { apple: boolean; google: boolean };
  /** The moment the page is rendered for: which scheduled buttons and links it shows. */
  now: Date;
};

/**
 * A lead form as a page draws it: what the renderer takes, and the form's title (not drawn,
 * but a change of it is shown to the approver). Stored with the page (`published_lead_form`)
 * and with an approval request (what the supervisor reviewed).
 */
export type PageLeadForm = NonNullable<RenderInput['leadForm']> & { title?: string };

/**
 * The one place that turns a profile into its public HTML and ETag (stored
 * unquoted; the page server quotes it): the profile-page renderer (React
 * server rendering, no hydration), fed by `pageRenderInput` — the same function
 * the editor's preview uses, so the preview is the page.
 */
function renderPublishedPage(input: PublishedPageInput): { html: string; etag: string; nextChangeAt: Date | null } {
  const page = renderProfilePage(
    pageRenderInput({
      content: input.content,
      profile: input.profile,
      company: input.company,
      theme: input.theme,
      pageUrl: input.url,
      leadForm: input.leadForm ?? null,
      wallets: input.wallets,
      now: input.now,
    }),
  );
  // When this page next looks different by itself (decision 028): stored with it, re-rendered then.
  const next = nextPageChange(input.content, input.now);
  return { ...page, nextChangeAt: next === null ? null : new Date(next) };
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli's quality for a stored page (decision 035): not 11 (~38 ms of CPU for a 42 KB page,
 * 10 % smaller), but the knee of size against time (~0.9 ms); the page is sent as compressed here.
 */
const PAGE_BROTLI_QUALITY = 5;
/** gzip's level for a stored page: for the few clients without brotli (as small as 9 on these pages). */
const PAGE_GZIP_LEVEL = 6;

/**
 * The one place a page's compressed forms are made: a publish and every re-render store them
 * beside its HTML, and a page stored without them gets them on its first visit. Both run on
 * libuv's thread pool, not on the thread that answers requests.
 */
export async function pageForms(html: string): Promise<PageForms & { publishedBr: Buffer; publishedGzip: Buffer }> {
  const raw = Buffer.from(html, 'utf8');
  const [br, gz] = await Promise.all([
    brotliAsync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipAsync(raw, { level: PAGE_GZIP_LEVEL }),
  ]);
  return { publishedHtml: html, publishedBr: br, publishedGzip: gz };
}

/**
 * A page stored without its compressed forms (old ones cleared with it): a template's rebuild
 * writes 10,000 pages within its budget (decision 034), and compressing each there made it take
 * three to four times as long (decision 035). A visit that misses compresses it and stores them.
 */
const formsLater = (html: string): PageForms => ({ publishedHtml: html, publishedBr: null, publishedGzip: null });

/** The stored lead form a page's contact form names, as the renderer takes it. */
async function leadFormFor(db: Db, companyId: number, content: ProfileContent): Promise<PageLeadForm | null> {
  const form = await storedLeadForm(db, companyId, content.contactForm?.formId);
  if (!form) return null;
  return {
    formId: form.formId,
    title: form.title,
    fields: form.fields as PageLeadForm['fields'],
    thankYouMessage: form.formSubmittedMessage,
  };
}

/** The lead form a publish of the profile's current content would draw, or null (what an approval request binds to). */
export function pageLeadFormOf(db: Db, ctx: ProfileContext): Promise<PageLeadForm | null> {
  return leadFormFor(db, ctx.company.id, pageContentOf(ctx));
}

/**
 * Why a profile cannot be published yet (spec §4 steps 1 and 3): the 400 body,
 * with the Profile Checklist's missing items; null when it can be.
 */
export function publishBlock(ctx: ProfileContext): (ErrorBody & { missing: MissingItem[] }) | null {
  const missing = missingItemsOf(ctx);
  if (missing.length > 0) {
    return { ...errorBody(400, 'missing_for_publish', M.missingForPublish(missing.map((m) => m.label))), missing };
  }
  if (!ctx.profile.isMaster && !ctx.profile.alias) return { ...errorBody(400, 'alias_required', M.aliasRequired, 'alias'), missing: [] };
  return null;
}

/** `{scheme}//{domain}[:port]/{alias}`, the scheme and port taken from the hub's own address. */
export function pageUrl(site: Site, alias: string | null, config: Pick<SiteConfig, 'PUBLIC_URL'>): string {
  const hub = new URL(config.PUBLIC_URL);
  return `${hub.protocol}//${site.domainName}${hub.port ? `:${hub.port}` : ''}/${alias ?? ''}`;
}

/** What a render looks up in the database: a page's theme and the lead form its contact form names. */
type Lookups = {
  themeOf: (themeId: number, companyId: number) => Promise<ThemeRow | null>;
  leadFormOf: (companyId: number, content: ProfileContent) => Promise<PageLeadForm | null>;
};

/** Looks each theme and lead form up once (a rebuild renders many pages with the same few of each). */
function lookups(db: Db): Lookups {
  const themes = new Map<string, Promise<ThemeRow | null>>();
  const forms = new Map<string, Promise<PageLeadForm | null>>();
  return {
    themeOf: (themeId, companyId) => {
      const key = `${companyId}:${themeId}`;
      let found = themes.get(key);
      if (!found) {
        found = themeForCompany(db, themeId, companyId).then((t) => t ?? null);
        themes.set(key, found);
      }
      return found;
    },
    leadFormOf: (companyId, content) => {
      const key = `${companyId}:${content.contactForm?.formId ?? ''}`;
      let found = forms.get(key);
      if (!found) {
        found = leadFormFor(db, companyId, content);
        forms.set(key, found);
      }
      return found;
    },
  };
}

/**
 * Renders a profile's page at `now`. Gallery items already expired are marked `expired` in
 * the stored content; when the page next changes by itself is stored with it (decision 028).
 */
async function renderFor(ctx: ProfileContext, own: Record<string, unknown>, config: SiteConfig, look: Lookups, now: Date, drawn?: PageLeadForm | null) {
  const content = markExpired(pageContentOf(ctx, own), now);
  const theme = typeof content.stylingId === 'number' ? await look.themeOf(content.stylingId, ctx.company.id) : null;
  const site = siteOf(ctx.profile, ctx.company, config.PUBLIC_DOMAIN);
  const leadForm = drawn !== undefined ? drawn : await look.leadFormOf(ctx.company.id, content);
  const { html, etag, nextChangeAt } = renderPublishedPage({
    profile: ctx.profile,
    company: ctx.company,
    content,
    theme,
    site,
    url: pageUrl(site, ctx.profile.alias, config),
    leadForm,
    wallets: walletsOf(config),
    now,
  });
  return { content, html, etag, nextChangeAt, site, leadForm };
}

/**
 * What a re-render of a stored page needs: the database and the hub's address (for the page's
 * own URL). With PUBLIC_DOMAIN, the page moves to its division's current address (a domain
 * verified or removed since it was published); without it, it keeps the address it has.
 */
export type RerenderEnv = {
  db: Db;
  config: Pick<SiteConfig, 'PUBLIC_URL'> & Partial<Pick<SiteConfig, 'PUBLIC_DOMAIN' | 'APPLE_PASS_TYPE_ID' | 'GOOGLE_WALLET_ISSUER_ID'>>;
};

/**
 * Re-renders a published page at `now` from its published content (never from later,
 * unpublished edits): expired gallery items are marked, buttons and links outside their
 * window left out. The lead form is the one the page already shows (its snapshot), unless
 * `freshLeadForm`: a change of the form by someone who may publish it. Written only if the
 * page is still the one that was read (a publish meanwhile wins); an unchanged page still
 * stores when it next changes. Returns whether a new page was stored.
 */
async function rerenderPublished(env: RerenderEnv, profileId: number, now: Date, freshLeadForm = false): Promise<boolean> {
  const { db } = env;
  const row = await publishedProfileWithCompany(db, profileId);
  if (!row?.profile.publishedContent || !row.profile.site) return false;
  const { profile, company } = row;
  const site = env.config.PUBLIC_DOMAIN ? siteOf(profile, company, env.config.PUBLIC_DOMAIN) : row.profile.site;
  const published = profile.publishedContent as ProfileContent;
  const content = markExpired(published, now);
  const theme = typeof content.stylingId === 'number' ? ((await themeForCompany(db, content.stylingId, company.id)) ?? null) : null;
  const leadForm = freshLeadForm || !profile.publishedLeadForm ? await leadFormFor(db, company.id, content) : (profile.publishedLeadForm as PageLeadForm);
  const { html, etag, nextChangeAt } = renderPublishedPage({
    profile,
    company,
    content,
    theme,
    site,
    url: pageUrl(site, profile.alias, env.config),
    leadForm,
    wallets: walletsOf(env.config),
    now,
  });
  if (etag === profile.publishedEtag) {
    await storeNextChange(db, profileId, etag, nextChangeAt);
    return false;
  }
  return storeRerenderedPage(db, profileId, profile.publishedEtag!, {
    ...(await pageForms(html)),
    publishedEtag: etag,
    publishedContent: content as Record<string, unknown>,
    publishedLeadForm: leadForm,
    nextChangeAt,
    site,
  });
}

/**
 * Bump when the stored HTML of every published page must change (new addresses, new
 * markup): start-up re-renders each page once from its published content (bootstrap/startup.ts).
 * 2: the vCard and QR code are addressed by alias on the page's own host.
 * 3: the link preview and iOS icon are the page server's square PNGs; first and last name in the head.
 * 4: every page stores when it next changes by itself (`next_change_at`, decision 028).
 * 5: "Share my details" (issue #29 Contact exchange) and the address of its form's module.
 */
export const PAGE_FORMAT = 5;

/**
 * Re-renders every published page (of one division, when given: its brand or name changed)
 * from its published content; returns how many changed.
 */
/** The durable job that renders every published page of one division again (`queueDivisionRerender`). */
export const RERENDER_DIVISION_JOB = 'rerender-division';

/**
 * A division's name, brand or domain changed: its published pages are rendered again by a job
 * queued in the caller's transaction, so the change and the work commit together and a restart
 * loses neither. Its queue is `stately` per division: however many saves come while a render
 * waits, it runs once, after the last of them, and reads the newest settings.
 */
export async function queueDivisionRerender(jobs: Pick<Jobs, 'queue'>, tx: Db, companyId: number): Promise<void> {
  await jobs.queue(tx, RERENDER_DIVISION_JOB, { companyId }, { expireInSeconds: 3_600, heartbeatSeconds: 60, singletonKey: `company:${companyId}` });
}

export async function rerenderAllPublished(env: RerenderEnv, now = new Date(), companyId?: number): Promise<number> {
  const published = await publishedProfileIds(env.db, companyId);
  let changed = 0;
  for (const { id } of published) if (await rerenderPublished(env, id, now)) changed += 1;
  return changed;
}

/** How long a claimed page stays with the copy that claimed it before another may take it (it died mid-way). */
const DUE_LEASE_MS = 5 * 60_000;
/** Pages claimed at a time: a short statement, and a copy that dies leaves few behind. */
const DUE_BATCH = 50;

/** The upkeep job that re-renders pages whose next change has come (decision 028), every minute. */
export const PAGES_DUE_JOB = 'published-pages-due';

/**
 * A page changes by itself when a button's or social link's window opens or closes, or a
 * gallery item expires (issue #30, spec §5): every page whose stored `next_change_at` has
 * passed is re-rendered at `now` from its published content, through the same path as every
 * other re-render (new ETag, `next_change_at` moved on), and this copy forgets what it holds of
 * it; other copies see the new ETag within a second. Each page is claimed first, so two copies
 * running this at once never render the same page. Returns the pages it rendered, changed or not.
 */
export async function rerenderDuePages(
  env: RerenderEnv & Pick<PublishEnv, 'publishedPages'>,
  now = new Date(),
  onError: (profileId: number, err: unknown) => void = () => {},
): Promise<{ rendered: number[]; changed: number }> {
  const rendered: number[] = [];
  let changed = 0;
  for (;;) {
    const due: DuePage[] = await claimDuePages(env.db, now, new Date(now.getTime() + DUE_LEASE_MS), DUE_BATCH);
    for (const page of due) {
      try {
        if (await rerenderPublished(env, page.id, now)) changed += 1;
        rendered.push(page.id);
        env.publishedPages?.forget(page.companyId, page.alias);
      } catch (err) {
        // One broken page must not hold up the others; its lease runs out and it is tried again.
        onError(page.id, err);
      }
    }
    if (due.length < DUE_BATCH) return { rendered, changed };
  }
}

/**
 * A visit met a page whose next change has come before the job did: it is re-rendered now
 * (claimed like the job claims it, so the two never both render it). Whether a new page was stored.
 */
export async function refreshDuePage(env: RerenderEnv, profileId: number, now = new Date()): Promise<boolean> {
  if (!(await claimDuePage(env.db, profileId, now, new Date(now.getTime() + DUE_LEASE_MS)))) return false;
  return rerenderPublished(env, profileId, now);
}

/**
 * A stored lead form changed: the published pages whose contact form names it
 * are re-rendered from their published content, so the page shows the fields
 * the submit route now asks for (a visitor is never asked for a field the page
 * does not show). Returns how many pages changed.
 */
export async function rerenderPagesUsingLeadForm(env: RerenderEnv, companyId: number, formId: string, now = new Date()): Promise<number> {
  const using = await publishedProfileIdsUsingLeadForm(env.db, companyId, formId);
  let changed = 0;
  for (const { id } of using) if (await rerenderPublished(env, id, now, true)) changed += 1;
  return changed;
}

/**
 * Builds and stores the page of a profile from its current content. The
 * caller has checked who may publish and what is required (spec §4 steps 1–5).
 * `leadForm`: the form to draw (an approval's reviewed snapshot; null for none);
 * absent, the stored form the content names is drawn as it is now.
 */
export async function publishProfile(
  env: PublishEnv,
  ctx: ProfileContext,
  now = new Date(),
  leadForm?: PageLeadForm | null,
): Promise<{ site: Site; publishedAt: Date }> {
  const own = ctx.profile.content;
  const page = await renderFor(ctx, own, env.config, lookups(env.db), now, leadForm);
  const { content, site } = page;
  const forms = await pageForms(page.html);
  await env.db.transaction(async (tx) => {
    // The page's update locks the profile's row until commit, so publishes of one profile
    // record their history one after another, on one server or several.
    await storePublishedPage(tx as unknown as Db, ctx.profile.id, {
      publishedAt: now,
      publishedLeadForm: page.leadForm,
      ...forms,
      publishedEtag: page.etag,
      publishedContent: content as Record<string, unknown>,
      nextChangeAt: page.nextChangeAt,
      publishedOverrides: own,
      site,
    });
    // History for rolling back to the previously published version (users module).
    await insertPublication(tx as unknown as Db, {
      profileId: ctx.profile.id,
      publishedAt: now,
      content: own,
      publishedContent: content as Record<string, unknown>,
    });
  });
  env.publishedPages?.forget(ctx.profile.companyId, ctx.profile.alias);
  return { site, publishedAt: now };
}

/**
 * The divisions console's preview of a sample public page: the division's template rendered
 * exactly as publishing renders it (same renderer, same CSS sanitising), with the division's
 * unsaved name and white-label in place of the stored ones and a sample name where the
 * template has none. Nothing is stored. Undefined when the template is gone.
 */
export async function renderSamplePage(
  env: { db: Db; config: SiteConfig },
  templateId: number,
  unsaved: Pick<CompanyRow, 'title' | 'whiteLabel'>,
): Promise<string | undefined> {
  const ctx = await loadProfileContext(env.db, templateId);
  if (!ctx) return undefined;
  const own = ctx.profile.content as Record<string, unknown>;
  const sample = { ...own, firstName: own.firstName || 'Jane', lastName: own.lastName || 'Doe', jobTitle: own.jobTitle || 'Sales' };
  const page = await renderFor({ ...ctx, company: { ...ctx.company, ...unsaved } }, sample, env.config, lookups(env.db), new Date());
  return page.html;
}

/** Takes the page down (it then answers 404). The last published snapshot stays for approval diffs. */
export async function unpublishProfile(env: PublishEnv, profile: ProfileRow): Promise<void> {
  await clearPublishedPage(env.db, profile.id);
  env.publishedPages?.forget(profile.companyId, profile.alias);
}

/** The job that rebuilds a template's published children (a durable job: modules/jobs). */
export const REBUILD_CHILDREN_JOB = 'rebuild-children';
export type RebuildCounts = { total: number; rebuilt: number; failed: number };
/** The job's data: the template, and the progress row the editor follows (`queueTemplateRebuild`; SCIM waits for its run instead). */
export type RebuildChildrenData = { masterId: number; rebuildId?: number };

/**
 * Children rendered and written at a time (decision 034): one read and one write per batch.
 * The time of a rebuild is the database's (sending and writing ~27 KB pages), not the render's.
 */
const REBUILD_BATCH = 500;
/** Renders between two turns of the event loop: a batch never holds up the server's requests for long. */
const RENDERS_PER_TURN = 25;

/**
 * Queues the rebuild of a template's children as a job the editor follows: its progress row
 * and its job commit together; the caller wakes the worker after the commit.
 */
export async function queueTemplateRebuild(
  jobs: Pick<Jobs, 'queue'>,
  db: Db,
  masterId: number,
  companyId: number,
  createdBy: number | null,
): Promise<TemplateRebuild> {
  return db.transaction(async (tx) => {
    const row = await insertTemplateRebuild(tx as unknown as Db, { companyId, masterId, createdBy });
    await jobs.queue(tx as unknown as Db, REBUILD_CHILDREN_JOB, { masterId, rebuildId: row.id } satisfies RebuildChildrenData, {
      expireInSeconds: 3_600,
      heartbeatSeconds: 30,
    });
    return row;
  });
}

/** A rebuild of a template in `scope` (the actor's divisions), or undefined. */
export function templateRebuild(db: Db, id: number, scope: CompanyScope): Promise<TemplateRebuild | undefined> {
  return templateRebuildById(db, id, scope);
}

/** A rebuild's progress as the editor follows it. */
export function rebuildStatus(row: TemplateRebuild): TemplateRebuildStatus {
  const { id, masterId, total, done, rebuilt, failed } = row;
  return { id, templateId: masterId, state: row.state as TemplateRebuildStatus['state'], total, done, rebuilt, failed };
}

/** How long a finished rebuild's progress row is kept for an editor that comes back to it. */
const FINISHED_REBUILD_KEEP_DAYS = 7;

/** Upkeep: forgets rebuilds finished more than FINISHED_REBUILD_KEEP_DAYS ago (one row per template change otherwise stays for good). */
export function forgetFinishedRebuilds(db: Db, now = new Date()): Promise<number> {
  return deleteFinishedRebuilds(db, new Date(now.getTime() - FINISHED_REBUILD_KEEP_DAYS * 86_400_000));
}

/** The job gave up after its last try: the editor following it is told so. */
export async function failTemplateRebuild(db: Db, data: RebuildChildrenData): Promise<void> {
  if (data.rebuildId !== undefined) await finishTemplateRebuild(db, data.rebuildId, 'failed');
}

/**
 * The rebuild of a template's children as a job: run by whichever copy fetches it, again
 * after a crash (a retry of a followed rebuild goes on after its last written batch; SCIM's
 * renders the same pages again). The request that queued it checked who may ask; a template
 * deleted meanwhile has no children left to rebuild.
 */
export async function rebuildChildrenJob(
  env: PublishEnv,
  data: RebuildChildrenData,
  onError: (profileId: number, err: unknown) => void,
): Promise<RebuildCounts> {
  const master = await loadProfileContext(env.db, data.masterId);
  if (data.rebuildId === undefined) {
    if (!master?.profile.isMaster) return { total: 0, rebuilt: 0, failed: 0 };
    return rebuildChildren(env, master, onError);
  }
  const row = await startTemplateRebuild(env.db, data.rebuildId, master ? await countPublishedChildren(env.db, data.masterId) : 0);
  if (!row) return { total: 0, rebuilt: 0, failed: 0 };
  if (master?.profile.isMaster) await rebuildChildren(env, master, onError, new Date(), { id: row.id, afterId: row.afterId });
  await finishTemplateRebuild(env.db, row.id, 'done');
  const done = (await templateRebuildById(env.db, row.id, 'all'))!;
  return { total: done.total, rebuilt: done.rebuilt, failed: done.failed };
}

/**
 * Spec §2 "Update template and all published profiles": re-renders every
 * published child of a template with the template's current content merged
 * with what each child last published — a child's unpublished (or unapproved)
 * edits stay unpublished. Unpublished children are left alone.
 * In batches (decision 034): read by id after the last batch, rendered here, written in one
 * statement; with `progress`, the batch's counts are committed with its pages.
 */
async function rebuildChildren(
  env: PublishEnv,
  masterCtx: ProfileContext,
  onError: (profileId: number, err: unknown) => void = () => {},
  now = new Date(),
  progress?: { id: number; afterId: number },
): Promise<RebuildCounts> {
  const { db, config } = env;
  const look = lookups(db);
  const counts: RebuildCounts = { total: 0, rebuilt: 0, failed: 0 };
  let afterId = progress?.afterId ?? 0;
  for (;;) {
    const children = await publishedChildrenAfter(db, masterCtx.profile.id, afterId, REBUILD_BATCH);
    if (children.length === 0) break;
    const pages: RebuiltPage[] = [];
    let failed = 0;
    for (const [i, child] of children.entries()) {
      if (i % RENDERS_PER_TURN === RENDERS_PER_TURN - 1) await new Promise((r) => setImmediate(r));
      try {
        const ctx: ProfileContext = {
          profile: { ...child.profile, ownerRole: child.ownerRole },
          company: { ...child.company, flags: flagsOf(child.company) },
          master: masterCtx.profile,
          childPermissions: masterCtx.childPermissions,
          masterPermissions: null,
        };
        const own = child.profile.publishedOverrides ?? child.profile.content;
        const { content, html, etag, nextChangeAt, site, leadForm } = await renderFor(ctx, own, config, look, now);
        pages.push({
          id: child.profile.id,
          readPublishedAt: child.readPublishedAt,
          ...formsLater(html),
          publishedEtag: etag,
          nextChangeAt,
          publishedContent: content as Record<string, unknown>,
          publishedLeadForm: leadForm,
          site,
        });
      } catch (err) {
        // One broken child must not stop the others; the caller logs it.
        onError(child.profile.id, err);
        failed += 1;
      }
    }
    afterId = children[children.length - 1]!.profile.id;
    const batch = { afterId, done: children.length, failed, rebuilt: 0 };
    const stored = progress
      ? await db.transaction(async (tx) => {
          const ids = await storeRebuiltPages(tx as unknown as Db, now, pages);
          await recordRebuildBatch(tx as unknown as Db, progress.id, { ...batch, rebuilt: ids.length });
          return ids;
        })
      : await storeRebuiltPages(db, now, pages);
    counts.total += children.length;
    counts.rebuilt += stored.length;
    counts.failed += failed;
    for (const child of children) env.publishedPages?.forget(child.profile.companyId, child.profile.alias);
    if (children.length < REBUILD_BATCH) break;
  }
  return counts;
}
