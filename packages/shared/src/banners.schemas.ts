/** Request and response shapes of spec §7 `/profile-banners` (a view over `content.banners` of one profile). */
import { z } from 'zod';
import { BANNER_MESSAGES, bannerMediaProblem } from './banners.ts';
import { MAX_ROW_ID } from './companies.ts';
import { ErrorBodySchema } from './errors.schemas.ts';
import { BannerSchema } from './profile/content.ts';

const rowId = z.number({ error: 'profileId is required: the profile the banner belongs to.' }).int().positive().max(MAX_ROW_ID);

/** A banner as sent: its type and slides, the profile it belongs to, and optionally the version the edit started from. */
export const BannerInputSchema = BannerSchema.omit({ id: true })
  .extend({
    profileId: rowId,
    /** Optimistic concurrency: a stale version answers 409; without it the current version is used (the change is applied to it). */
    version: z.number().int().min(1).max(MAX_ROW_ID).optional(),
  })
  .superRefine((banner, ctx) => {
    for (const [i, slide] of (banner.slider ?? []).entries()) {
      const problem = bannerMediaProblem(slide.url);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['slider', i, 'url'] });
    }
  });
export type BannerInput = z.output<typeof BannerInputSchema>;

/** POST or PUT /profile-banners[/{id}] body: `{data}` (spec §7). */
export const BannerBodySchema = z.object({ data: BannerInputSchema });

/** `/profile-banners/{id}`: the banner's id inside its profile's document. */
export const BannerParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_.:-]{1,128}$/, BANNER_MESSAGES.notFound),
});

/** `?profileId=` (and `version`) for GET and DELETE; `populate[0]=banner.slider` is accepted (slides are always included). */
export const BannerQuerySchema = z.object({
  profileId: z.coerce.number({ error: 'profileId is required: the profile the banner belongs to.' }).int().positive().max(MAX_ROW_ID),
  version: z.coerce.number().int().min(1).max(MAX_ROW_ID).optional(),
  'populate[0]': z.string().max(50).optional(),
});
export const BannerPopulateQuerySchema = BannerQuerySchema.pick({ 'populate[0]': true });

export const BannerResponseSchema = z.object({
  data: BannerSchema,
  profileId: z.number(),
  /** The profile's version after the change: send it with the next edit. */
  version: z.number().int(),
});
export type BannerResponse = z.infer<typeof BannerResponseSchema>;

/** 409 of a banner edit whose `version` is stale (as PUT /profiles/{id}): the error and the profile's current version. */
export const StaleBannerBodySchema = ErrorBodySchema.extend({ currentVersion: z.number().int() });
