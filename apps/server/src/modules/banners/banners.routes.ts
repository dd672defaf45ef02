import {
  BannerBodySchema,
  BannerParamsSchema,
  BannerPopulateQuerySchema,
  BannerQuerySchema,
  BannerResponseSchema,
  StaleBannerBodySchema,
} from '@profilehub/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/auth.ts';
import { errorBody } from '../../http/errors.ts';
import { createBanner, deleteBanner, getBanner, StaleBanner, updateBanner } from './banners.service.ts';

const tags = ['banners'];
const description =
  'A banner lives in its profile’s document (content.banners); `id` is its id there. Changes go through the profile save: the same access rules, ' +
  'template permissions (a child cannot change locked banners: 403) and version check as PUT /profiles/{id}. With `version` a stale edit answers 409 ' +
  'with currentVersion; without it the change is applied to the current version.';

/** Answers a stale edit like PUT /profiles/{id} does: 409 with the current version. */
async function orStale<T>(reply: FastifyReply, run: () => Promise<T>) {
  try {
    return await run();
  } catch (err) {
    if (err instanceof StaleBanner) return reply.code(409).send({ ...errorBody(409, err.code, err.message), currentVersion: err.currentVersion });
    throw err;
  }
}

/** Spec §7: POST or PUT /profile-banners[/{id}]?populate[0]=banner.slider with {data}; DELETE /profile-banners/{id}. */
export async function bannersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const responses = { 200: BannerResponseSchema, 409: StaleBannerBodySchema };

  r.get(
    '/profile-banners/:id',
    {
      schema: {
        tags,
        summary: 'One banner of a profile (?profileId=)',
        description,
        params: BannerParamsSchema,
        querystring: BannerQuerySchema,
        response: { 200: BannerResponseSchema },
      },
    },
    async (req) => getBanner(deps, actorOf(req), req.query.profileId, req.params.id),
  );

  r.post(
    '/profile-banners',
    {
      schema: {
        tags,
        summary: 'Add a banner to a profile: {data:{profileId, version?, type, slider:[{url, id}]}}; at most 5 banners',
        description,
        querystring: BannerPopulateQuerySchema,
        body: BannerBodySchema,
        response: responses,
      },
    },
    (req, reply) => orStale(reply, () => createBanner(deps, actorOf(req), req.body.data)),
  );

  r.put(
    '/profile-banners/:id',
    {
      schema: {
        tags,
        summary: 'Replace a banner’s type and slides: {data:{profileId, version?, type, slider}}',
        description,
        params: BannerParamsSchema,
        querystring: BannerPopulateQuerySchema,
        body: BannerBodySchema,
        response: responses,
      },
    },
    (req, reply) => orStale(reply, () => updateBanner(deps, actorOf(req), req.params.id, req.body.data)),
  );

  r.delete(
    '/profile-banners/:id',
    {
      schema: {
        tags,
        summary: 'Remove a banner (?profileId=&version=)',
        description,
        params: BannerParamsSchema,
        querystring: BannerQuerySchema,
        response: responses,
      },
    },
    (req, reply) => orStale(reply, () => deleteBanner(deps, actorOf(req), req.query.profileId, req.params.id, req.query.version)),
  );
}
