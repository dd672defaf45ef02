import {
  type EditorContent,
  effectiveContent,
  type MissingItem,
  missingForPublish,
  type ProfileContent,
  publishedContent,
  type Site,
} from '@profilehub/shared';
import { type CompanyRow, entriesOf, type ProfileContext, type ProfileRow } from './profiles.queries.ts';

type Doc = Record<string, unknown>;

/** A child inherits from a master; masters and standalone profiles own their whole document. */
export const isChild = (ctx: ProfileContext): ctx is ProfileContext & { master: ProfileRow } => ctx.master !== null;

/** What the editor shows: a child's effective content (hidden keys left out); otherwise the profile's own document over the defaults. */
export function editorContentOf(ctx: ProfileContext, own: Doc = ctx.profile.content): EditorContent {
  return isChild(ctx) ? effectiveContent(ctx.master.content, own, entriesOf(ctx.childPermissions)) : effectiveContent(null, own);
}

/** What the public page shows (hidden keys carry the master's value). */
export function pageContentOf(ctx: ProfileContext, own: Doc = ctx.profile.content): ProfileContent {
  return isChild(ctx) ? publishedContent(ctx.master.content, own, entriesOf(ctx.childPermissions)) : publishedContent(null, own);
}

/** Spec §4 step 1 / §5: the Profile Checklist items still missing (a master is always publishable). */
export function missingItemsOf(ctx: ProfileContext): MissingItem[] {
  return missingForPublish(editorContentOf(ctx), {
    isMaster: ctx.profile.isMaster,
    permissions: isChild(ctx) ? entriesOf(ctx.childPermissions) : undefined,
    company: { name: ctx.company.name, subdomain: ctx.company.subdomain },
  });
}

/** The host of a division's public pages: its custom domain, else `{subdomain}.{PUBLIC_DOMAIN}`. */
export function profileDomainOf(company: Pick<CompanyRow, 'customDomain' | 'subdomain'>, publicDomain: string): string {
  return company.customDomain?.trim().toLowerCase() || `${company.subdomain}.${publicDomain.toLowerCase()}`;
}

/** Spec §3 `domain{siteId,domainName}`: one site per profile, on its division's host. */
export function siteOf(profile: Pick<ProfileRow, 'id'>, company: Pick<CompanyRow, 'customDomain' | 'subdomain'>, publicDomain: string): Site {
  return { siteId: String(profile.id), domainName: profileDomainOf(company, publicDomain) };
}
