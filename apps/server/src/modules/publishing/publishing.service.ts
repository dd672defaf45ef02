/**
 * Publishing (spec §4 Publication, DESIGN §3 "Build"): render the effective
 * content to static HTML, store it with the published snapshot and the site,
 * set `publishedAt`. The public page is served from what is stored here.
 */
import { markExpired, nextExpiry, pageRenderInput, type RenderInput, renderProfilePage } from '@profilehub/profile-page';
import { type ErrorBody, PROFILE_API_MESSAGES as M, type MissingItem, type ProfileContent, type Site } from '@profilehub/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { errorBody } from '../../http/errors.ts';
import { flagsOf } from '../companies/companies.queries.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { storedLeadForm } from '../leads/lead-forms.queries.ts';
import { missingItemsOf, pageContentOf, siteOf } from '../profiles/profile-content.ts';
import { type CompanyRow, loadProfileContext, type ProfileContext, type ProfileRow, type ThemeRow, themeForCompany } from '../profiles/profiles.queries.ts';
import {
  clearPublishedPage,
  insertPublication,
  publishedChildren,
  publishedProfileIds,
  publishedProfileIdsUsingLeadForm,
  publishedProfileWithCompany,
  storePublishedPage,
  storeRebuiltPage,
  storeRerenderedPage,
} from './publishing.queries.ts';

/** Where pages live: the public domain and the hub's scheme and port (pages share them locally). */
export type SiteConfig = Pick<Config, 'PUBLIC_DOMAIN' | 'PUBLIC_URL'>;

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
function renderPublishedPage(input: PublishedPageInput): { html: string; etag: string } {
  return renderProfilePage(
    pageRenderInput({
      content: input.content,
      profile: input.profile,
      company: input.company,
      theme: input.theme,
      pageUrl: input.url,
      leadForm: input.leadForm ?? null,
    }),
  );
}

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

type ThemeLookup = (themeId: number, companyId: number) => Promise<ThemeRow | null>;

/** Looks each theme up once (a rebuild renders many pages with the same few themes). */
function themeLookup(db: Db): ThemeLookup {
  const seen = new Map<string, Promise<ThemeRow | null>>();
  return (themeId, companyId) => {
    const key = `${companyId}:${themeId}`;
    let found = seen.get(key);
    if (!found) {
      found = themeForCompany(db, themeId, companyId).then((t) => t ?? null);
      seen.set(key, found);
    }
    return found;
  };
}

/**
 * Renders a profile's page. Gallery items already expired are marked
 * `expired` in the stored content, so its {@link nextExpiry} is when the page
 * next needs rebuilding (see {@link refreshExpiredPage}).
 */
async function renderFor(
  db: Db,
  ctx: ProfileContext,
  own: Record<string, unknown>,
  config: SiteConfig,
  themeOf: ThemeLookup,
  now: Date,
  drawn?: PageLeadForm | null,
) {
  const content = markExpired(pageContentOf(ctx, own), now);
  const theme = typeof content.stylingId === 'number' ? await themeOf(content.stylingId, ctx.company.id) : null;
  const site = siteOf(ctx.profile, ctx.company, config.PUBLIC_DOMAIN);
  const leadForm = drawn !== undefined ? drawn : await leadFormFor(db, ctx.company.id, content);
  const { html, etag } = renderPublishedPage({
    profile: ctx.profile,
    company: ctx.company,
    content,
    theme,
    site,
    url: pageUrl(site, ctx.profile.alias, config),
    leadForm,
  });
  return { content, html, etag, site, leadForm };
}

/**
 * When a published page next changes by itself: the earliest `expireAt` of a
 * gallery item not yet marked expired in its stored content (ms), or null.
 */
export function pageExpiresAt(publishedContent: Record<string, unknown> | null | undefined): number | null {
  const at = publishedContent ? nextExpiry(publishedContent as ProfileContent, 0) : null;
  return at === null ? null : Date.parse(at);
}

/**
 * What a re-render of a stored page needs: the database and the hub's address (for the page's
 * own URL). With PUBLIC_DOMAIN, the page moves to its division's current address (a domain
 * verified or removed since it was published); without it, it keeps the address it has.
 */
export type RerenderEnv = { db: Db; config: Pick<SiteConfig, 'PUBLIC_URL'> & Partial<Pick<SiteConfig, 'PUBLIC_DOMAIN'>> };

/**
 * Re-renders a published page from its published content (never from later,
 * unpublished edits): expired gallery items are marked, the stored lead form
 * is read again. With `onlyIfExpired`, nothing happens unless an item expired.
 * Written only if the page is still the one that was read (a publish meanwhile
 * wins). Returns whether a new page was stored.
 */
/**
 * Re-renders a published page from its published content. The lead form is the one the
 * page already shows (its snapshot), unless `freshLeadForm`: a change of the form by
 * someone who may publish it.
 */
async function rerenderPublished(env: RerenderEnv, profileId: number, now: Date, onlyIfExpired: boolean, freshLeadForm = false): Promise<boolean> {
  const { db } = env;
  const row = await publishedProfileWithCompany(db, profileId);
  if (!row?.profile.publishedContent || !row.profile.site) return false;
  const { profile, company } = row;
  const site = env.config.PUBLIC_DOMAIN ? siteOf(profile, company, env.config.PUBLIC_DOMAIN) : row.profile.site;
  const published = profile.publishedContent as ProfileContent;
  const content = markExpired(published, now);
  if (onlyIfExpired && content === published) return false;
  const theme = typeof content.stylingId === 'number' ? ((await themeForCompany(db, content.stylingId, company.id)) ?? null) : null;
  const leadForm = freshLeadForm || !profile.publishedLeadForm ? await leadFormFor(db, company.id, content) : (profile.publishedLeadForm as PageLeadForm);
  const { html, etag } = renderPublishedPage({
    profile,
    company,
    content,
    theme,
    site,
    url: pageUrl(site, profile.alias, env.config),
    leadForm,
  });
  if (etag === profile.publishedEtag) return false;
  return storeRerenderedPage(db, profileId, profile.publishedEtag!, {
    publishedHtml: html,
    publishedEtag: etag,
    publishedContent: content as Record<string, unknown>,
    publishedLeadForm: leadForm,
    site,
  });
}

/**
 * Bump when the stored HTML of every published page must change (new addresses, new
 * markup): start-up re-renders each page once from its published content (bootstrap/startup.ts).
 * 2: the vCard and QR code are addressed by alias on the page's own host.
 * 3: the link preview and iOS icon are the page server's square PNGs; first and last name in the head.
 * 4: "Share my details" (issue #29 Contact exchange) and the address of its form's module.
 */
export const PAGE_FORMAT = 4;

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
  for (const { id } of published) if (await rerenderPublished(env, id, now, false)) changed += 1;
  return changed;
}

/**
 * Spec §5 expiry on a published page: once a gallery item's `expireAt` has
 * passed, the stored page is rebuilt from its published content with that
 * item gone. Returns whether a new page was stored.
 */
export function refreshExpiredPage(env: RerenderEnv, profileId: number, now = new Date()): Promise<boolean> {
  return rerenderPublished(env, profileId, now, true);
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
  for (const { id } of using) if (await rerenderPublished(env, id, now, false, true)) changed += 1;
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
  const page = await renderFor(env.db, ctx, own, env.config, themeLookup(env.db), now, leadForm);
  const { content, site } = page;
  await env.db.transaction(async (tx) => {
    // The page's update locks the profile's row until commit, so publishes of one profile
    // record their history one after another, on one server or several.
    await storePublishedPage(tx as unknown as Db, ctx.profile.id, {
      publishedAt: now,
      publishedLeadForm: page.leadForm,
      publishedHtml: page.html,
      publishedEtag: page.etag,
      publishedContent: content as Record<string, unknown>,
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
  const page = await renderFor(env.db, { ...ctx, company: { ...ctx.company, ...unsaved } }, sample, env.config, themeLookup(env.db), new Date());
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

/**
 * The rebuild of a template's children as a job: run by whichever copy fetches it, again
 * after a crash (a second run renders the same pages). The request that queued it checked
 * who may ask; a template deleted meanwhile has no children left to rebuild.
 */
export async function rebuildChildrenJob(env: PublishEnv, masterId: number, onError: (profileId: number, err: unknown) => void): Promise<RebuildCounts> {
  const master = await loadProfileContext(env.db, masterId);
  if (!master?.profile.isMaster) return { total: 0, rebuilt: 0, failed: 0 };
  return rebuildChildren(env, master, onError);
}

/**
 * Spec §2 "Update template and all published profiles": re-renders every
 * published child of a template with the template's current content merged
 * with what each child last published — a child's unpublished (or unapproved)
 * edits stay unpublished. Unpublished children are left alone.
 */
async function rebuildChildren(
  env: PublishEnv,
  masterCtx: ProfileContext,
  onError: (profileId: number, err: unknown) => void = () => {},
  now = new Date(),
): Promise<RebuildCounts> {
  const { db, config } = env;
  const children = await publishedChildren(db, masterCtx.profile.id);
  let rebuilt = 0;
  let failed = 0;
  const themeOf = themeLookup(db);
  for (const child of children) {
    try {
      const ctx: ProfileContext = {
        profile: { ...child.profile, ownerRole: child.ownerRole },
        company: { ...child.company, flags: flagsOf(child.company) },
        master: masterCtx.profile,
        childPermissions: masterCtx.childPermissions,
        masterPermissions: null,
      };
      const own = child.profile.publishedOverrides ?? child.profile.content;
      const { content, html, etag, site, leadForm } = await renderFor(db, ctx, own, config, themeOf, now);
      const stored = await storeRebuiltPage(db, child.profile.id, {
        publishedAt: now,
        publishedHtml: html,
        publishedEtag: etag,
        publishedContent: content as Record<string, unknown>,
        publishedLeadForm: leadForm,
        site,
      });
      if (stored) rebuilt += 1;
      env.publishedPages?.forget(child.profile.companyId, child.profile.alias);
    } catch (err) {
      // One broken child must not stop the others; the caller logs it.
      onError(child.profile.id, err);
      failed += 1;
    }
  }
  return { total: children.length, rebuilt, failed };
}
