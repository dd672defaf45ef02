import { createHash, randomBytes } from 'node:crypto';
import {
  AUTH_MESSAGES,
  AuthResponseSchema,
  EmailQuerySchema,
  ForgotPasswordResponseSchema,
  ForgotPasswordSchema,
  GoogleCallbackQuerySchema,
  LinkQuerySchema,
  LoginResponseSchema,
  LoginSchema,
  MeSchema,
  RegisterCompletedQuerySchema,
  RegisterCompletedResponseSchema,
  RegistrationCodeResponseSchema,
  ResetPasswordSchema,
  SecondFactorCodeRequestSchema,
  SecondFactorCodeSchema,
  SecondFactorCodeSentSchema,
  SetupPasswordResponseSchema,
  SetupPasswordSchema,
  SuccessSchema,
  VerifyOtpQuerySchema,
  VerifyTokenResponseSchema,
} from '@profilehub/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/auth.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import * as auth from './auth.service.ts';
import { exchangeCode } from './google.ts';

const ctxOf = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'], host: req.headers.host });
const open = { public: true };

/**
 * Spec §7 sends emails, codes and passwords in the query string; the web app sends them
 * in the body, where no proxy or access log keeps them. Both are accepted: a request
 * without a body has its query validated as the body (and http/logging.ts never logs a query).
 */
async function queryAsBody(req: FastifyRequest): Promise<void> {
  if (req.body === undefined || req.body === null) req.body = { ...(req.query as Record<string, unknown>) };
}
const tags = ['auth'];

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  r.post(
    '/auth/local',
    {
      config: open,
      schema: {
        tags,
        summary: 'Password sign-in: a session, or {secondFactor: {ticket}} when the account asks for a passkey or an emailed code next',
        body: LoginSchema,
        response: { 200: LoginResponseSchema },
      },
    },
    (req) => auth.login(deps, req.body, ctxOf(req)),
  );
  r.post(
    '/auth/second-factor/code',
    {
      config: open,
      schema: { tags, summary: "Emails the second step's 4-digit code", body: SecondFactorCodeRequestSchema, response: { 200: SecondFactorCodeSentSchema } },
    },
    (req) => auth.issueSecondFactorCode(deps, req.body.ticket, ctxOf(req)),
  );
  r.post(
    '/auth/second-factor/verify',
    { config: open, schema: { tags, summary: 'The emailed code finishes the sign-in', body: SecondFactorCodeSchema, response: { 200: AuthResponseSchema } } },
    (req) => auth.verifySecondFactorCode(deps, req.body, ctxOf(req)),
  );

  // What an account that has not set its password yet may still call (http/auth.ts).
  const setUp = { allowUnconfirmed: true };
  r.get('/auth/logout', { config: setUp, schema: { tags, summary: 'Signs this session out', response: { 200: SuccessSchema } } }, async (req) => {
    await deps.sessions.revoke(actorOf(req).sessionId);
    return { success: true as const };
  });

  r.get(
    '/jwts/verify',
    {
      config: setUp,
      schema: { tags, summary: 'Whether the token is a live session, and whose', response: { 200: VerifyTokenResponseSchema } },
    },
    async (req) => ({
      valid: true as const,
      userId: actorOf(req).userId,
    }),
  );

  r.get(
    '/profiles/register-completed',
    {
      config: open,
      schema: {
        tags,
        summary: 'Registration check: 401 not invited, 402 incomplete, 403 needs an emailed code; with ?alias= a bare boolean',
        querystring: RegisterCompletedQuerySchema,
        response: { 200: RegisterCompletedResponseSchema },
      },
    },
    async (req) => {
      if (req.query.alias) return auth.aliasRegistered(deps, req.query.alias, ctxOf(req));
      return auth.registrationState(deps, req.query.email!, ctxOf(req));
    },
  );

  const inBody = { config: open, preValidation: queryAsBody };
  r.post(
    '/profiles/generate-otp',
    { ...inBody, schema: { tags, summary: 'Mails a registration code', body: EmailQuerySchema, response: { 200: RegistrationCodeResponseSchema } } },
    (req) => auth.issueRegistrationCode(deps, req.body.email, ctxOf(req)),
  );
  r.post(
    '/profiles/generate-login-otp',
    { ...inBody, schema: { tags, summary: 'Mails a sign-in code', body: EmailQuerySchema, response: { 200: SuccessSchema } } },
    (req) => auth.issueLoginCode(deps, req.body.email, ctxOf(req)),
  );
  r.post(
    '/profiles/verify-otp',
    { ...inBody, schema: { tags, summary: 'Signs in with a mailed code', body: VerifyOtpQuerySchema, response: { 200: SuccessSchema } } },
    (req) => auth.verifyLoginCode(deps, req.body.email, req.body.otp, ctxOf(req)),
  );

  r.post(
    '/profiles/link',
    { ...inBody, schema: { tags, summary: 'Signs in through a linked provider (Google)', body: LinkQuerySchema, response: { 200: AuthResponseSchema } } },
    async (req) => {
      const q = req.body;
      if (q.provider === 'google') {
        if (!q.id_token) throw new AppError(401, 'google_link_failed', AUTH_MESSAGES.googleLinkFailed);
        return auth.signInWithGoogle(deps, q.id_token, ctxOf(req), q.email);
      }
      if (!q.otp) throw badRequest(AUTH_MESSAGES.codeFormat, 'otp');
      return auth.linkWithCode(deps, { email: q.email, otp: q.otp, password: q.password }, ctxOf(req));
    },
  );

  r.post(
    '/profiles/setup',
    {
      config: setUp,
      schema: {
        tags,
        summary: 'Sets the first password of an invited account',
        body: SetupPasswordSchema,
        response: { 200: SetupPasswordResponseSchema },
      },
    },
    (req) => auth.setupPassword(deps, actorOf(req), req.body, ctxOf(req)),
  );

  r.post(
    '/auth/forgot-password',
    {
      config: open,
      schema: { tags, summary: 'Mails a password reset link', body: ForgotPasswordSchema, response: { 200: ForgotPasswordResponseSchema } },
    },
    (req) => auth.forgotPassword(deps, req.body.email, ctxOf(req)),
  );
  r.post(
    '/auth/reset-password',
    {
      config: open,
      schema: { tags, summary: 'Sets a new password with a reset link and signs in', body: ResetPasswordSchema, response: { 200: AuthResponseSchema } },
    },
    (req) => auth.resetPassword(deps, req.body, ctxOf(req)),
  );

  r.get('/companies/users/me', { config: setUp, schema: { tags, summary: 'The signed-in user, with their divisions', response: { 200: MeSchema } } }, (req) =>
    auth.buildMe(deps.db, actorOf(req).userId),
  );

  r.get(
    '/auth/google/callback',
    {
      config: open,
      schema: { tags, summary: 'Signs in with a Google ID token', querystring: GoogleCallbackQuerySchema, response: { 200: AuthResponseSchema } },
    },
    (req) => auth.signInWithGoogle(deps, req.query.id_token, ctxOf(req)),
  );
  r.post(
    '/auth/google/ticket',
    {
      config: open,
      schema: {
        tags,
        summary: "Trades the one-time ticket of the browser's Google sign-in (/authenticate/google?ticket=) for a session",
        body: z.strictObject({ ticket: z.string().min(1, AUTH_MESSAGES.googleNotRequested).max(200) }),
        response: { 200: AuthResponseSchema },
      },
    },
    (req) => auth.redeemGoogleTicket(deps, req.body.ticket, ctxOf(req)),
  );

  // The browser leg of Google sign-in: authorization-code flow with PKCE; state, nonce and
  // code verifier live in a short-lived cookie scoped to these two routes.
  const OIDC_COOKIE = 'ph_oidc';
  const OIDC_COOKIE_PATH = '/api/connect/google';
  const redirectUri = () => `${deps.config.PUBLIC_URL.replace(/\/+$/, '')}/api/connect/google/callback`;
  const browserLegConfigured = () => deps.google.configured && Boolean(deps.config.GOOGLE_CLIENT_SECRET);
  const toSpa = (reply: FastifyReply, query: Record<string, string>) => reply.redirect(`/authenticate/google?${new URLSearchParams(query)}`);

  r.get('/connect/google', { config: open, schema: { tags, summary: 'Starts Google sign-in (redirects to the provider)' } }, async (req, reply) => {
    if (!browserLegConfigured()) throw notFound('Google sign-in is not configured on this hub.');
    let authorizationEndpoint: string;
    try {
      authorizationEndpoint = (await deps.google.discovery()).authorization_endpoint;
    } catch (err) {
      req.log.warn({ err }, 'Google sign-in: the provider could not be reached');
      return toSpa(reply, { error: 'google_unavailable' });
    }
    const state = randomBytes(16).toString('base64url');
    const nonce = randomBytes(16).toString('base64url');
    const verifier = randomBytes(32).toString('base64url');
    reply.setCookie(OIDC_COOKIE, `${state}.${nonce}.${verifier}`, {
      path: OIDC_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      maxAge: 600,
      secure: deps.config.PUBLIC_URL.startsWith('https:'),
    });
    const url = new URL(authorizationEndpoint);
    url.search = new URLSearchParams({
      client_id: deps.google.clientId!,
      redirect_uri: redirectUri(),
      response_type: 'code',
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    return reply.redirect(url.toString());
  });

  r.get(
    '/connect/google/callback',
    {
      config: open,
      schema: {
        tags,
        summary: "The provider's redirect back; sends the browser on to /authenticate/google with a one-time ticket, or with an error",
        querystring: z
          .object({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional(), iss: z.string().optional() })
          .passthrough(),
      },
    },
    async (req, reply) => {
      const fail = () => toSpa(reply, { error: 'google_failed' });
      const [state, nonce, verifier] = (req.cookies[OIDC_COOKIE] ?? '').split('.');
      reply.clearCookie(OIDC_COOKIE, { path: OIDC_COOKIE_PATH });
      const q = req.query;
      if (q.error || !q.code || !state || !nonce || !verifier || q.state !== state || !browserLegConfigured()) return fail();
      try {
        const d = await deps.google.discovery();
        // RFC 9207: when the provider names itself in the response, it must be the one we sent the user to.
        if (q.iss !== undefined && q.iss !== d.issuer) return fail();
        const idToken = await exchangeCode(d, {
          clientId: deps.google.clientId!,
          clientSecret: deps.config.GOOGLE_CLIENT_SECRET!,
          code: q.code,
          redirectUri: redirectUri(),
          codeVerifier: verifier,
        });
        return toSpa(reply, { ticket: await auth.googleTicket(deps, idToken, nonce) });
      } catch (err) {
        if (err instanceof AppError && (err.code === 'google_link_failed' || err.code === 'sso_required')) return toSpa(reply, { error: err.code });
        req.log.warn({ err }, 'Google sign-in failed');
        return fail();
      }
    },
  );
}
