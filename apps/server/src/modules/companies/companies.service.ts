import { COMPANY_MESSAGES, type CompanyConsoleRow, type CompanyPreviewInput, type CompanyPreviewResult, type UpdateCompanyInput } from '@profilehub/shared';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { audit } from '../auth/auth.queries.ts';
import { senderDomains } from '../mail/mailer.ts';
import { isUniqueViolation } from '../profiles/profiles.queries.ts';
import { renderSamplePage, rerenderAllPublished } from '../publishing/publishing.service.ts';
import {
  companyRowById,
  divisionConsoleRow,
  firstDefaultThemeId,
  firstMasterProfileId,
  insertDivision,
  setDivisionArchived,
  updateDivision,
} from './companies.queries.ts';
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
    await audit(tx, actorId, 'company.created', `company:${division.id}`);
    return division;
  });
  return (await divisionConsoleRow(db, made.id))!;
}

type Settings = Omit<UpdateCompanyInput, 'updatedAt'>;

/**
 * The divisions console's save: only the settings sent change; a division changed since the
 * editor loaded it is refused (409), never overwritten. A white-label's hub domain is kept
 * lower-cased in its own column (the host look-up on every request reads it). Published
 * pages show the division's name and brand, so they are rendered again in the background.
 * The division's own From address must be in its verified custom domain or the hub's mail
 * domain (`senderDomains`); any other is refused (400) rather than sent as someone else.
 */
export async function updateDivisionSettings(
  deps: Pick<Deps, 'db' | 'config' | 'background'>,
  actorId: number,
  id: number,
  input: Settings & { updatedAt: string },
): Promise<CompanyConsoleRow> {
  const { updatedAt, limits, feature_flags, whiteLabel, ...rest } = input;
  const before = await companyRowById(deps.db, id);
  if (!before) throw notFound('Division not found');
  if (rest.mailFromAddress) {
    const allowed = senderDomains(before.customDomain, deps.config.MAIL_FROM);
    if (!allowed.includes(rest.mailFromAddress.split('@')[1]!)) throw badRequest(COMPANY_MESSAGES.mailFromDomain(allowed), 'mailFromAddress');
  }
  const values: Parameters<typeof updateDivision>[3] = { ...rest };
  if (rest.title !== undefined) values.name = rest.title;
  if (limits) values.imageGalleryLimit = limits.imageGallery;
  if (feature_flags) values.featureFlags = { ...before.featureFlags, ...feature_flags };
  if (whiteLabel !== undefined) {
    values.whiteLabel = whiteLabel ? { ...whiteLabel, updatedAt: new Date().toISOString() } : null;
    values.hubDomain = whiteLabel?.domain?.trim().toLowerCase() || null;
  }
  let row: Awaited<ReturnType<typeof updateDivision>>;
  try {
    row = await updateDivision(deps.db, id, new Date(updatedAt), values);
  } catch (err) {
    if (isUniqueViolation(err)) {
      const hub = values.hubDomain && values.hubDomain !== before.hubDomain;
      throw new AppError(409, 'conflict', hub ? COMPANY_MESSAGES.hubDomainTaken : COMPANY_MESSAGES.subdomainTaken, hub ? 'whiteLabel.domain' : 'subdomain');
    }
    throw err;
  }
  if (!row) throw new AppError(409, 'stale_version', COMPANY_MESSAGES.changedMeanwhile);
  await audit(deps.db, actorId, 'company.updated', `company:${id}`);
  deps.background.run('rendering the division’s pages again', async () => {
    await rerenderAllPublished(deps, new Date(), id);
  });
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
    if (done) await audit(tx, actorId, archived ? 'company.archived' : 'company.restored', `company:${id}`);
    return done;
  });
  if (changed === undefined) throw notFound('Division not found');
  deps.publishedPages.forgetDivision(id);
  return (await divisionConsoleRow(deps.db, id))!;
}
