/**
 * Spec §7 `/profile-banners`: a view over `content.banners` of one profile. Every
 * change goes through the profiles service's save path (PUT /profiles/{id}), so
 * authorization, the version check, the template's permissions and dropping
 * empty values are exactly those of a profile save.
 */
import {
  BANNER_LIMIT,
  BANNER_MESSAGES,
  type Banner,
  type BannerInput,
  type BannerResponse,
  type EditorContent,
  indexPermissions,
  PROFILE_API_MESSAGES as M,
  nextBannerId,
  resolvePermission,
} from '@profilehub/shared';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { Actor } from '../../http/policy.ts';
import { editorContentOf, isChild } from '../profiles/profile-content.ts';
import { entriesOf, type ProfileContext } from '../profiles/profiles.queries.ts';
import { saveProfile, visibleProfile } from '../profiles/profiles.service.ts';

type BannerDeps = Pick<Deps, 'db'>;
/** One change to a profile's banners: the new list, and the id of the banner the answer is about. */
type Change = (banners: Banner[]) => { banners: Banner[]; id: number | string };

/** The stale-version answer, shaped like PUT /profiles/{id}'s 409. */
export class StaleBanner extends AppError {
  readonly currentVersion: number;
  constructor(currentVersion: number) {
    super(409, 'stale_version', M.stale);
    this.currentVersion = currentVersion;
  }
}

/** Without a version the change is applied to the current version; a concurrent save makes it re-read and re-apply (never overwrite). */
const ATTEMPTS = 5;

const sameId = (banner: Banner, id: string) => banner.id !== undefined && String(banner.id) === id;

/** The profile's banners as its editor sees them, every one with an id. */
function bannersOf(content: EditorContent): Banner[] {
  const banners = (content.banners ?? []).map((b) => ({ ...b }));
  let next = nextBannerId(banners);
  for (const b of banners) if (b.id === undefined) b.id = next++;
  return banners;
}

/** A child may change its banners only when its template lets it (spec §6: hidden or locked keys keep the template's value). */
function requireEditableBanners(ctx: ProfileContext): void {
  if (!isChild(ctx)) return;
  const permission = resolvePermission(indexPermissions(entriesOf(ctx.childPermissions)), ['banners']);
  if (!permission.show || !permission.edit) throw forbidden(BANNER_MESSAGES.locked);
}

function found(banners: Banner[], id: string): Banner {
  const banner = banners.find((b) => sameId(b, id));
  if (!banner) throw notFound(BANNER_MESSAGES.notFound);
  return banner;
}

/** GET /profile-banners/{id}?profileId=. */
export async function getBanner(deps: BannerDeps, actor: Actor, profileId: number, id: string): Promise<BannerResponse> {
  const ctx = await visibleProfile(deps, actor, profileId);
  return { data: found(bannersOf(editorContentOf(ctx)), id), profileId, version: ctx.profile.version };
}

/**
 * Applies one change through the profile save path. With `version`, the change
 * is written only if that is still the stored version (409 otherwise); without
 * one it is applied to whatever is stored now, re-read and re-applied when a
 * concurrent save wins the race.
 */
async function change(deps: BannerDeps, actor: Actor, profileId: number, version: number | undefined, apply: Change): Promise<BannerResponse> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const ctx = await visibleProfile(deps, actor, profileId);
    requireEditableBanners(ctx);
    if (version !== undefined && version !== ctx.profile.version) throw new StaleBanner(ctx.profile.version);
    const content = editorContentOf(ctx);
    const { banners, id } = apply(bannersOf(content));
    if (banners.length > BANNER_LIMIT) throw badRequest(BANNER_MESSAGES.limit, 'data');
    const result = await saveProfile(deps, actor, profileId, { version: ctx.profile.version, content: { ...content, banners } });
    if (!result.ok) {
      if (version !== undefined) throw new StaleBanner(result.stale.currentVersion);
      continue;
    }
    const after = await visibleProfile(deps, actor, profileId);
    const saved = bannersOf(editorContentOf(after)).find((b) => b.id === id);
    return { data: saved ?? { id }, profileId, version: result.body.version };
  }
  throw new AppError(409, 'busy', BANNER_MESSAGES.busy);
}

const bannerOf = (input: BannerInput): Omit<Banner, 'id'> => ({
  ...(input.type !== undefined ? { type: input.type } : {}),
  ...(input.slider !== undefined ? { slider: input.slider } : {}),
});

/** POST /profile-banners: adds a banner (at most BANNER_LIMIT, spec §9). */
export function createBanner(deps: BannerDeps, actor: Actor, input: BannerInput): Promise<BannerResponse> {
  return change(deps, actor, input.profileId, input.version, (banners) => {
    const id = nextBannerId(banners);
    return { banners: [...banners, { id, ...bannerOf(input) }], id };
  });
}

/** PUT /profile-banners/{id}: replaces the banner's type and slides. */
export function updateBanner(deps: BannerDeps, actor: Actor, id: string, input: BannerInput): Promise<BannerResponse> {
  return change(deps, actor, input.profileId, input.version, (banners) => {
    const old = found(banners, id);
    return { banners: banners.map((b) => (b === old ? { id: old.id, ...bannerOf(input) } : b)), id: old.id! };
  });
}

/** DELETE /profile-banners/{id}?profileId=. */
export function deleteBanner(deps: BannerDeps, actor: Actor, profileId: number, id: string, version?: number): Promise<BannerResponse> {
  let removed: Banner | undefined;
  return change(deps, actor, profileId, version, (banners) => {
    removed = found(banners, id);
    return { banners: banners.filter((b) => b !== removed), id: removed.id! };
  }).then((res) => ({ ...res, data: removed! }));
}
