import { emailSignature, type PageContent } from '@profilehub/profile-page';
import {
  DEFAULT_SIGNATURE_LAYOUT,
  indexPermissions,
  SIGNATURE_MESSAGES as M,
  resolvePermission,
  SIGNATURE_LAYOUT_OPTIONS,
  type Signature,
  type SignatureLayout,
  taggedUrl,
} from '@profilehub/shared';
import { strToU8, zipSync } from 'fflate';
import type { Deps } from '../../deps.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { type Actor, canDownloadSignatures, canSeeCompany, canViewProfile } from '../../http/policy.ts';
import { scopeOf } from '../../http/scope.ts';
import { isChild, pageContentOf } from '../profiles/profile-content.ts';
import { entriesOf, loadProfileContext, type ProfileContext } from '../profiles/profiles.queries.ts';
import { visibleProfile } from '../profiles/profiles.service.ts';
import { pageUrl } from '../publishing/publishing.service.ts';
import { publishedProfileIds } from './signatures.queries.ts';

type Env = Pick<Deps, 'db' | 'config'>;

/** Whether the template fixes the layout for this profile (its `emailSignatureLayout` entry says edit: false). */
function layoutLocked(ctx: ProfileContext): boolean {
  return isChild(ctx) && !resolvePermission(indexPermissions(entriesOf(ctx.childPermissions)), ['emailSignatureLayout']).edit;
}

/**
 * The signature of a published profile. The layout is the profile's (a locked one is the
 * template's, as inheritance gives it), or `preview` when the profile may choose; the rest is
 * the published page, so the signature says what the card says.
 */
function signatureOf(env: Env, ctx: ProfileContext, preview?: SignatureLayout): Signature {
  const { profile, company } = ctx;
  if (profile.isMaster) throw new AppError(409, 'conflict', M.template);
  if (!profile.publishedAt || !profile.publishedContent || !profile.site) throw new AppError(409, 'conflict', M.notPublished);
  const locked = layoutLocked(ctx);
  const layout = (!locked && preview) || pageContentOf(ctx).emailSignatureLayout || DEFAULT_SIGNATURE_LAYOUT;
  const page = pageUrl(profile.site, profile.alias, env.config);
  // The source tag tells the card's visits from a signature apart from the others in the statistics.
  const cardUrl = taggedUrl(page, 'signature'); // its views count as the signature's (decision 032)
  const { html, text } = emailSignature(profile.publishedContent as PageContent, {
    layout,
    cardUrl,
    qrUrl: `${page}/qr.png`,
    organization: company.title,
    brandColor: company.whiteLabel?.brand_color,
  });
  return { layout, locked, layouts: SIGNATURE_LAYOUT_OPTIONS, html, text, cardUrl };
}

/** GET /profiles/{id}/signature: for whoever may edit the profile (others get 404, as for a missing one). */
export async function profileSignature(env: Env, actor: Actor, id: number, preview?: SignatureLayout): Promise<Signature> {
  return signatureOf(env, await visibleProfile(env, actor, id), preview);
}

/** A signature as a file of its own: an HTML page a mail client's "insert signature from file" or a browser opens. */
const signatureFile = (s: Signature) =>
  `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Email signature</title></head><body>\n${s.html}\n</body></html>\n`;

/**
 * Every signature of a division's published people as one zip (`{alias}.html` and `{alias}.txt`),
 * for a supervisor to hand out or roll out. Another division answers 404; someone of the division
 * who does not run it, 403.
 */
export async function divisionSignatures(env: Env, actor: Actor, companyId: number): Promise<{ fileName: string; body: Buffer }> {
  if (!canSeeCompany(actor, companyId)) throw notFound('There is no such division.');
  if (!canDownloadSignatures(actor, companyId)) throw forbidden(M.notAllowed);
  const files: Record<string, Uint8Array> = {};
  let division = '';
  for (const id of await publishedProfileIds(env.db, companyId, scopeOf(actor))) {
    const ctx = await loadProfileContext(env.db, id);
    if (!ctx || !canViewProfile(actor, ctx.profile)) continue;
    const name = (ctx.profile.alias ?? `profile-${id}`).replace(/[^a-z0-9_-]/gi, '') || `profile-${id}`;
    const signature = signatureOf(env, ctx);
    division = ctx.company.subdomain;
    files[`${name}.html`] = strToU8(signatureFile(signature));
    files[`${name}.txt`] = strToU8(`${signature.text}\n`);
  }
  if (!Object.keys(files).length) throw notFound(M.noneToDownload);
  return { fileName: `signatures-${division.replace(/[^a-z0-9-]/gi, '')}.zip`, body: Buffer.from(zipSync(files, { level: 6 })) };
}
