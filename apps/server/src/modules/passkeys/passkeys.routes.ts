/**
 * Passkeys (WebAuthn). Settings → Passkeys: add one, name it, remove it, and whether a second
 * step (a passkey or an emailed code) follows the password. The sign-in page: a passkey signs
 * in on its own, or finishes a password sign-in that asked for a second step.
 */
import {
  AccountMessageSchema,
  AddPasskeySchema,
  AuthResponseSchema,
  PASSKEY_MESSAGES,
  PasskeyIdParamsSchema,
  PasskeySchema,
  PasskeySignInOptionsSchema,
  PasskeySignInSchema,
  PasskeysResponseSchema,
  RenamePasskeySchema,
  SecondFactorSettingSchema,
  WebAuthnOptionsSchema,
} from '@profilehub/shared';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { PublicSites } from '../public-pages/public-pages.service.ts';
import * as passkeys from './passkeys.service.ts';

export async function passkeysRoutes(app: FastifyInstance, opts: { sites: PublicSites }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['passkeys'];
  const open = { public: true };

  /**
   * The request's hub host is the passkey's relying party (a white-labelled hub has its own,
   * so its passkeys are its own), and the browser must report the page's origin on it.
   */
  const ctxOf = async (req: FastifyRequest) => {
    const rpID = PublicSites.hostOf(req.headers.host);
    if (!rpID || !(await opts.sites.isHubHost(rpID))) throw new AppError(400, 'passkey_wrong_host', PASSKEY_MESSAGES.wrongHost);
    const brand = deps.config.PUBLIC_URL ? new URL(deps.config.PUBLIC_URL).hostname : rpID;
    return {
      ip: req.ip,
      userAgent: req.headers['user-agent'],
      host: req.headers.host,
      site: { rpID, origin: `${req.protocol}://${req.headers.host}`, rpName: rpID === brand ? 'Profilehub' : rpID },
    };
  };

  r.get(
    '/account/passkeys',
    {
      schema: { tags, summary: 'The signed-in person’s passkeys, and whether a second step follows their password', response: { 200: PasskeysResponseSchema } },
    },
    (req) => passkeys.listPasskeys(deps, actorOf(req)),
  );

  r.post(
    '/account/passkeys/options',
    { schema: { tags, summary: 'WebAuthn options to add a passkey on this hub host', response: { 200: WebAuthnOptionsSchema } } },
    async (req) => ({ ...(await passkeys.registrationOptions(deps, actorOf(req), await ctxOf(req))) }),
  );

  r.post(
    '/account/passkeys',
    { schema: { tags, summary: 'Adds the passkey the browser made for the options', body: AddPasskeySchema, response: { 200: PasskeySchema } } },
    async (req) => passkeys.addPasskey(deps, actorOf(req), { response: req.body.response as RegistrationResponseJSON, name: req.body.name }, await ctxOf(req)),
  );

  r.patch(
    '/account/passkeys/:id',
    {
      schema: {
        tags,
        summary: 'Renames one of one’s own passkeys',
        params: PasskeyIdParamsSchema,
        body: RenamePasskeySchema,
        response: { 200: PasskeySchema },
      },
    },
    (req) => passkeys.renameOwnPasskey(deps, actorOf(req), req.params.id, req.body.name),
  );

  r.delete(
    '/account/passkeys/:id',
    {
      schema: {
        tags,
        summary: 'Removes one of one’s own passkeys (another’s answers 404)',
        params: PasskeyIdParamsSchema,
        response: { 200: AccountMessageSchema },
      },
    },
    (req) => passkeys.removeOwnPasskey(deps, actorOf(req), req.params.id),
  );

  r.put(
    '/account/second-factor',
    {
      schema: {
        tags,
        summary: 'Whether a passkey or an emailed code must follow the password',
        body: SecondFactorSettingSchema,
        response: { 200: AccountMessageSchema },
      },
    },
    (req) => passkeys.setOwnSecondFactor(deps, actorOf(req), req.body.required),
  );

  r.post(
    '/auth/passkey/options',
    {
      config: open,
      schema: {
        tags,
        summary: 'WebAuthn options to sign in with a passkey (any of this hub; with a ticket, that account’s)',
        body: PasskeySignInOptionsSchema,
        response: { 200: WebAuthnOptionsSchema },
      },
    },
    async (req) => ({ ...(await passkeys.signInOptions(deps, req.body ?? {}, await ctxOf(req))) }),
  );

  r.post(
    '/auth/passkey',
    { config: open, schema: { tags, summary: 'Signs in with the passkey’s answer', body: PasskeySignInSchema, response: { 200: AuthResponseSchema } } },
    async (req) => passkeys.signInWithPasskey(deps, { response: req.body.response as AuthenticationResponseJSON, ticket: req.body.ticket }, await ctxOf(req)),
  );
}
