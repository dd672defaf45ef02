import { sanitizeRichText } from '@profilehub/profile-page';
import {
  COMPANY_MESSAGES,
  type CompanyConsoleRow,
  type CompanyPreviewInput,
  type CompanyPreviewResult,
  DELETE_EXPORT_MAX_AGE_HOURS,
  type DeleteCompanyInput,
  type DeleteCompanyResult,
  DIVISION_EXPORT_MESSAGES,
  PROFILE_MESSAGES,
  type UpdateCompanyInput,
} from '@profilehub/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { audit } from '../audit/audit.service.ts';
import { domainHeldElsewhere } from '../domains/domains.queries.ts';
import { senderDomains } from '../mail/mailer.ts';
import { isUniqueViolation } from '../profiles/profiles.queries.ts';
import type { PublicSites } from '../public-pages/public-pages.service.ts';
import { queueDivisionRerender, RERENDER_DIVISION_JOB, renderSamplePage } from '../publishing/publishing.service.ts';
import type { FileStore } from '../uploads/file-store.ts';
import {
  companyRowById,
  deleteDivisionRows,
  divisionConsoleRow,
  firstDefaultThemeId,
  firstMasterProfileId,
  flagsOf,
  insertDivision,
  lockDivision,
  setDivisionArchived,
  updateDivision,
  uploadKeysOf,
} from './companies.queries.ts';
import { exportById, lastChangeOf } from './division-exports.queries.ts';
import { brandContrast, signInPreviewHtml } from './division-preview.ts';

/**
 * A new division, live, with its first master template in the hub's first default theme
 * (no flags: a division turns on what it bought). A taken subdomain is a 409 naming it.
 * Call it inside the caller's transaction so a failure leaves no half-made division.
 */
export async function createDivision(
  db: Db,
  input: { title: string; subdomain: string },
  opts: { path?: string } = {},
): Promise<{ id: number; masterProfileId: number }> {
  const stylingId = await firstDefaultThemeId(db);
  try {
    return await insertDivision(db, { ...input, stylingId });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'conflict', COMPANY_MESSAGES.subdomainTaken, opts.path ?? 'subdomain');
    throw err;
  }
}

/** The console's "New division": the division and its template, and who made it, in one transaction. */
export async function addDivision(db: Db, actorId: number, input: { title: string; subdomain: string }): Promise<CompanyConsoleRow> {
  const made = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const division = await createDivision(tx, input);
    await audit(tx, actorId, 'company.created', `company:${division.id}`, { after: { title: input.title, subdomain: input.subdomain } });
    return division;
  });
  return (await divisionConsoleRow(db, made.id))!;
}

type Settings = Omit<UpdateCompanyInput, 'updatedAt'>;
type CompanyRow = NonNullable<Awaited<ReturnType<typeof companyRowById>>>;

/** A division's settings as the console names them: what the audit log compares before and after a save. */
function settingsOf(row: CompanyRow): Record<string, unknown> {
  const { updatedAt: _stamp, ...whiteLabel } = row.whiteLabel ?? {};
  return {
    title: row.title,
    description: row.description,
    subdomain: row.subdomain,
    feature_flags: flagsOf(row),
    paymentStructure: row.paymentStructure,
    limits: { imageGallery: row.imageGalleryLimit },
    customSupportLink: row.customSupportLink,
    trainingVideoUrl: row.trainingVideoUrl,
    whiteLabel: row.whiteLabel ? whiteLabel : null,
    mailFromName: row.mailFromName,
    mailFromAddress: row.mailFromAddress,
    consent: { enable: row.consentEnabled, text: row.consentText },
    offboardingOutcome: row.offboardingOutcome,
    contactRetentionMonths: row.contactRetentionMonths,
    exchangeFollowUp: row.exchangeFollowUp,
  };
}

/** No division has this id: a look-up "held by any division other than this one" then covers every division. */
const NO_DIVISION = -1;

/**
 * The divisions console's save: only the settings sent change; a division changed since the
 * editor loaded it is refused (409), never overwritten. A white-label's hub domain is kept
 * lower-cased in its own column (the host look-up on every request reads it). Published
 * pages show the division's name and brand, so a job renders them again (queued with the save).
 * The division's own From address must be in its verified custom domain or the hub's mail
 * domain (`senderDomains`); any other is refused (400) rather than sent as someone else.
 */
export async function updateDivisionSettings(
  deps: Pick<Deps, 'db' | 'config' | 'jobs'>,
  actorId: number,
  id: number,
  input: Settings & { updatedAt: string },
): Promise<CompanyConsoleRow> {
  const { updatedAt, limits, feature_flags, whiteLabel, consent, ...rest } = input;
  const before = await companyRowById(deps.db, id);
  if (!before) throw notFound('Division not found');
  const loadedAt = new Date(updatedAt);
  if (rest.mailFromAddress) {
    const allowed = senderDomains(before.customDomain, deps.config.MAIL_FROM);
    if (!allowed.includes(rest.mailFromAddress.split('@')[1]!)) throw badRequest(COMPANY_MESSAGES.mailFromDomain(allowed), 'mailFromAddress');
  }
  const values: Parameters<typeof updateDivision>[3] = { ...rest };
  if (rest.title !== undefined) values.name = rest.title;
  if (limits) values.imageGalleryLimit = limits.imageGallery;
  if (feature_flags) values.featureFlags = { ...before.featureFlags, ...feature_flags };
  if (consent) {
    // Kept as the hub shows it (the Disclaimer modal): sanitised like every rich text, our own images only.
    const text = sanitizeRichText(consent.text, undefined, { ownImagesOnly: true });
    // A text that was nothing but what sanitising removes leaves nothing to agree to.
    if (consent.enable && text === '') throw badRequest(PROFILE_MESSAGES.consentTextRequired, 'consent.text');
    values.consentEnabled = consent.enable;
    values.consentText = text;
  }
  if (whiteLabel !== undefined) {
    values.whiteLabel = whiteLabel ? { ...whiteLabel, updatedAt: new Date().toISOString() } : null;
    values.hubDomain = whiteLabel?.domain?.trim().toLowerCase() || null;
    // A hub host is never a division's pages' own domain (its own included): one host, one meaning.
    if (values.hubDomain && values.hubDomain !== before.hubDomain && (await domainHeldElsewhere(deps.db, values.hubDomain, NO_DIVISION)))
      throw new AppError(409, 'conflict', COMPANY_MESSAGES.hubDomainTaken, 'whiteLabel.domain');
  }
  let row: Awaited<ReturnType<typeof updateDivision>>;
  try {
    // The line is written with the change, in one transaction. `before` is the row this save
    // replaced: it was read after the editor loaded it, the save lands only on the version the
    // editor loaded, and every write moves updatedAt on — so a landed save replaced `before`.
    row = await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const saved = await updateDivision(tx, id, loadedAt, values);
      if (saved) {
        await audit(tx, actorId, 'company.updated', `company:${id}`, { before: settingsOf(before), after: settingsOf(saved) });
        await queueDivisionRerender(deps.jobs, tx, id);
      }
      return saved;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const hub = values.hubDomain && values.hubDomain !== before.hubDomain;
      throw new AppError(409, 'conflict', hub ? COMPANY_MESSAGES.hubDomainTaken : COMPANY_MESSAGES.subdomainTaken, hub ? 'whiteLabel.domain' : 'subdomain');
    }
    throw err;
  }
  if (!row) throw new AppError(409, 'stale_version', COMPANY_MESSAGES.changedMeanwhile);
  deps.jobs.wakeWorker(RERENDER_DIVISION_JOB);
  return (await divisionConsoleRow(deps.db, id))!;
}

/**
 * The console's live preview: the division's sign-in page and its template's public page with
 * the settings sent (unsaved) over the stored ones. The caller checked who may ask.
 */
export async function previewDivision(deps: Pick<Deps, 'db' | 'config'>, id: number, input: CompanyPreviewInput): Promise<CompanyPreviewResult> {
  const row = await companyRowById(deps.db, id);
  if (!row) throw notFound('Division not found');
  const whiteLabel = input.whiteLabel !== undefined ? input.whiteLabel : row.whiteLabel;
  const title = input.title ?? row.title;
  const customSupportLink = input.customSupportLink !== undefined ? input.customSupportLink : row.customSupportLink;
  const templateId = await firstMasterProfileId(deps.db, id);
  const page = templateId ? await renderSamplePage(deps, templateId, { title, whiteLabel }) : undefined;
  return {
    signIn: signInPreviewHtml({ whiteLabel, customSupportLink }),
    page: page ?? '<!doctype html><html lang="en"><body><p>This division has no template to preview.</p></body></html>',
    contrast: brandContrast(whiteLabel?.brand_color),
  };
}

/**
 * Archives or restores a division (the console's Archive and Restore). While archived, its
 * public pages answer 410 and its members who belong to no other live division cannot sign
 * in; a restore brings all back as it was, pages included, without publishing again. The
 * same call twice is a no-op, audited once. This server forgets its held pages at once;
 * the others see the change at their next check of a page (within a second).
 */
export async function setArchived(deps: Pick<Deps, 'db' | 'publishedPages'>, actorId: number, id: number, archived: boolean): Promise<CompanyConsoleRow> {
  // One transaction: the row's lock orders parallel calls, so their audit lines follow the changes.
  const changed = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const done = await setDivisionArchived(tx, id, archived);
    if (done)
      await audit(tx, actorId, archived ? 'company.archived' : 'company.restored', `company:${id}`, {
        before: { archived: !archived },
        after: { archived },
      });
    return done;
  });
  if (changed === undefined) throw notFound('Division not found');
  deps.publishedPages.forgetDivision(id);
  return (await divisionConsoleRow(deps.db, id))!;
}

type DeleteEnv = Pick<Deps, 'db' | 'publishedPages' | 'config'> & { store: FileStore; sites: PublicSites; log: FastifyBaseLogger };

/**
 * Deletes a division for good (the console's Delete division), only with its name typed and
 * a finished export of it made after its last change and within the last day — so nothing
 * is lost that the export does not hold. Everything of it goes in one transaction, which
 * frees its subdomain, custom domain and hub domain at once; its accounts of no other
 * division go too (platform staff stay). Its files leave the store after the commit. The
 * division's row lock orders parallel calls: the first deletes, the rest find nothing (404).
 * Deleting the last division is allowed: superadmins keep their accounts and make new ones.
 */
export async function deleteDivision(env: DeleteEnv, actorId: number, id: number, input: DeleteCompanyInput): Promise<DeleteCompanyResult> {
  const M = DIVISION_EXPORT_MESSAGES;
  const done = await env.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const company = await lockDivision(tx, id);
    if (!company) throw notFound('Division not found');
    if (input.confirm.trim() !== company.title.trim()) throw new AppError(400, 'name_mismatch', M.nameMismatch, 'confirm');
    const made = input.exportId ? await exportById(tx, input.exportId) : undefined;
    if (!made || made.companyId !== id || made.status !== 'ready' || !made.snapshotAt) throw new AppError(409, 'export_required', M.exportFirst, 'exportId');
    if (!made.storageKey || made.expiresAt.getTime() <= Date.now()) throw new AppError(409, 'export_expired', M.expired, 'exportId');
    const oldest = Date.now() - DELETE_EXPORT_MAX_AGE_HOURS * 3_600_000;
    if (made.snapshotAt.getTime() < oldest || made.snapshotAt < (await lastChangeOf(tx, id))) {
      throw new AppError(409, 'export_required', M.exportOutdated, 'exportId');
    }
    const keys = await uploadKeysOf(tx, id);
    const usersDeleted = await deleteDivisionRows(tx, id);
    await audit(tx, actorId, 'company.deleted', `company:${id}`, {
      companyId: id,
      before: { title: company.title, subdomain: company.subdomain, customDomain: company.customDomain, hubDomain: company.hubDomain },
      details: { exportId: made.id, usersDeleted },
    });
    return { company, keys, usersDeleted };
  });
  const { company, keys } = done;
  env.publishedPages.forgetDivision(id);
  for (const host of [`${company.subdomain}.${env.config.PUBLIC_DOMAIN}`, company.customDomain, company.pendingDomain, company.hubDomain]) {
    if (host) env.sites.forget(host.toLowerCase());
  }
  let filesDeleted = 0;
  for (const key of keys) {
    try {
      await env.store.delete(key);
      filesDeleted += 1;
    } catch (err) {
      // The row is gone, so the file is no longer served; only its bytes linger.
      env.log.warn({ err, key }, 'could not remove a deleted division’s file');
    }
  }
  return { id, usersDeleted: done.usersDeleted, filesDeleted };
}
