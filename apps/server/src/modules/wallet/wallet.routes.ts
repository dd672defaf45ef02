import {
  WalletDeviceParamsSchema,
  WalletLogSchema,
  WalletPassParamsSchema,
  WalletPushTokenSchema,
  WalletRegistrationParamsSchema,
  WalletSerialNumbersSchema,
  WalletUpdatedQuerySchema,
} from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { latestPass, type PassOf, registerDevice, unregisterDevice, updatedPasses, type WalletEnv, walletLog } from './wallet.service.ts';

const tags = ['wallet'];
/** Apple's web service authenticates itself, not a signed-in person: a pass's token, or a phone's own identifier. */
const open = { public: true };
const done = z.object({});

/**
 * Apple Wallet's web service (issue #30): the five calls a phone makes about the passes it holds,
 * at `{PUBLIC_URL}/api/wallet/apple/v1/…`, the pass's `webServiceURL` plus Apple's paths.
 */
export async function walletRoutes(app: FastifyInstance, opts: { env: WalletEnv; passOf: PassOf }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { env, passOf } = opts;
  const base = '/wallet/apple/v1';

  r.post(
    `${base}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`,
    {
      config: open,
      schema: {
        tags,
        summary: 'A phone registers for updates of a pass it holds (Authorization: ApplePass {authenticationToken})',
        params: WalletRegistrationParamsSchema,
        body: WalletPushTokenSchema,
        response: { 200: done, 201: done },
      },
    },
    async (req, reply) => reply.code(await registerDevice(env, req.ip, req.params, req.body.pushToken, req.headers.authorization)).send({}),
  );
  r.delete(
    `${base}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`,
    {
      config: open,
      schema: { tags, summary: 'A phone no longer wants updates of a pass (it was removed)', params: WalletRegistrationParamsSchema, response: { 200: done } },
    },
    async (req) => {
      await unregisterDevice(env, req.ip, req.params, req.headers.authorization);
      return {};
    },
  );
  r.get(
    `${base}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier`,
    {
      config: open,
      schema: {
        tags,
        summary: "The serial numbers of a phone's passes updated since the tag it was given; 204 when none",
        params: WalletDeviceParamsSchema,
        querystring: WalletUpdatedQuerySchema,
        response: { 200: WalletSerialNumbersSchema, 204: z.null() },
      },
    },
    async (req, reply) => {
      const updated = await updatedPasses(env, req.ip, req.params, req.query.passesUpdatedSince);
      return updated ? updated : reply.code(204).send(null);
    },
  );
  r.get(
    `${base}/passes/:passTypeIdentifier/:serialNumber`,
    {
      config: open,
      schema: {
        tags,
        summary: 'The current version of a pass (application/vnd.apple.pkpass); 304 when the phone has it',
        params: WalletPassParamsSchema,
        response: { 200: z.any(), 304: z.null() },
      },
    },
    async (req, reply) => {
      const pass = await latestPass(env, passOf, req.ip, req.params, req.headers.authorization, req.headers['if-modified-since']);
      if ('notModified' in pass) return reply.code(304).send(null);
      return reply
        .type('application/vnd.apple.pkpass')
        .header('last-modified', pass.lastModified.toUTCString())
        .header('cache-control', 'no-cache')
        .send(pass.body);
    },
  );
  r.post(
    `${base}/log`,
    {
      config: open,
      schema: { tags, summary: "Wallet's messages about the hub's web service, for the operator's log", body: WalletLogSchema, response: { 200: done } },
    },
    async (req) => {
      await walletLog(env, req.ip, req.body.logs, req.log);
      return {};
    },
  );
}
