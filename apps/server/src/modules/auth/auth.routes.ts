import { randomBytes } from 'node:crypto';
import {
  AUTH_MESSAGES,
  AuthResponseSchema,
  EmailQuerySchema,
  ForgotPasswordSchema,
  GoogleCallbackQuerySchema,
  LinkQuerySchema,
  LoginSchema,
  MeSchema,
  RegisterCompletedQuerySchema,
  ResetPasswordSchema,
  SetupPasswordSchema,
  VerifyOtpQuerySchema,
} from '@profilehub/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireAuth } from '../../http/auth.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import * as auth from './auth.service.ts';

const ctxOf = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
const tags = ['auth'];
const Success = z.object({ success: z.boolean(), message: z.string().optional() });

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  r.post('/auth/local', { schema: { tags, body: LoginSchema, response: { 200: AuthResponseSchema } } }, (req) => auth.login(deps, req.body, ctxOf(req)));

  r.get('/auth/logout', { onRequest: requireAuth, schema: { tags, response: { 200: Success } } }, async (req) => {
    await deps.sessions.revoke(actorOf(req).sessionId);
    return { success: true };
  });

  r.get('/jwts/verify', { onRequest: requireAuth, schema: { tags, response: { 200: z.object({ valid: z.literal(true), userId: z.number() }) } } }, async (req) => ({
    valid: true as const,
    userId: actorOf(req).userId,
  }));

  r.get(
    '/profiles/register-completed',
    {
      schema: {
        tags,
        summary: 'Registration check: 401 not invited, 402 incomplete, 403 needs an emailed code; with ?alias= a bare boolean',
        querystring: RegisterCompletedQuerySchema,
        response: { 200: z.union([z.boolean(), z.object({ success: z.literal(true), message: z.literal('registered') })]) },
      },
    },
    async (req) => {
      if (req.query.alias) return auth.aliasRegistered(deps, req.query.alias, ctxOf(req));
      return auth.registrationState(deps, req.query.email!, ctxOf(req));
    },
  );

  r.post('/profiles/generate-otp', { schema: { tags, querystring: EmailQuerySchema, response: { 200: Success } } }, (req) =>
    auth.issueRegistrationCode(deps, req.query.email, ctxOf(req)),
  );
  r.post('/profiles/generate-login-otp', { schema: { tags, querystring: EmailQuerySchema, response: { 200: Success } } }, (req) =>
    auth.issueLoginCode(deps, req.query.email, ctxOf(req)),
  );
  r.post('/profiles/verify-otp', { schema: { tags, querystring: VerifyOtpQuerySchema, response: { 200: Success } } }, (req) =>
    auth.verifyLoginCode(deps, req.query.email, req.query.otp, ctxOf(req)),
  );

  r.post('/profiles/link', { schema: { tags, querystring: LinkQuerySchema, response: { 200: AuthResponseSchema } } }, async (req) => {
    const q = req.query;
    if (q.provider === 'google') {
      if (!q.id_token) throw new AppError(401, 'google_link_failed', AUTH_MESSAGES.googleLinkFailed);
      return auth.signInWithGoogle(deps, q.id_token, ctxOf(req), q.email);
    }
    if (!q.otp) throw badRequest(AUTH_MESSAGES.codeFormat, 'otp');
    return auth.linkWithCode(deps, { email: q.email, otp: q.otp, password: q.password }, ctxOf(req));
  });

  r.post('/profiles/setup', { onRequest: requireAuth, schema: { tags, body: SetupPasswordSchema, response: { 200: z.object({ success: z.literal(true), user: MeSchema }) } } }, (req) =>
    auth.setupPassword(deps, actorOf(req), req.body.password),
  );

  r.post('/auth/forgot-password', { schema: { tags, body: ForgotPasswordSchema, response: { 200: z.object({ ok: z.literal(true) }) } } }, (req) =>
    auth.forgotPassword(deps, req.body.email, ctxOf(req)),
  );
  r.post('/auth/reset-password', { schema: { tags, body: ResetPasswordSchema, response: { 200: AuthResponseSchema } } }, (req) =>
    auth.resetPassword(deps, req.body, ctxOf(req)),
  );

  r.get('/companies/users/me', { onRequest: requireAuth, schema: { tags, response: { 200: MeSchema } } }, (req) => auth.buildMe(deps.db, actorOf(req).userId));

  r.get('/auth/google/callback', { schema: { tags, querystring: GoogleCallbackQuerySchema, response: { 200: AuthResponseSchema } } }, (req) =>
    auth.signInWithGoogle(deps, req.query.id_token, ctxOf(req)),
  );

  // The browser leg of Google sign-in: authorization-code flow with state and nonce in a short-lived cookie.
  const OIDC_COOKIE = 'ph_oidc';
  const redirectUri = () => `${deps.config.PUBLIC_URL}/api/connect/google/callback`;

  r.get('/connect/google', { schema: { tags, summary: 'Starts Google sign-in (redirects to the provider)' } }, async (_req, reply) => {
    if (!deps.google.configured) throw notFound('Google sign-in is not configured on this hub.');
    const d = await deps.google.discovery();
    const state = randomBytes(16).toString('base64url');
    const nonce = randomBytes(16).toString('base64url');
    reply.setCookie(OIDC_COOKIE, `${state}.${nonce}`, { path: '/api/connect', httpOnly: true, sameSite: 'lax', maxAge: 600, secure: deps.config.PUBLIC_URL.startsWith('https:') });
    const url = new URL(d.authorization_endpoint);
    url.search = new URLSearchParams({ client_id: deps.google.clientId!, redirect_uri: redirectUri(), response_type: 'code', scope: 'openid email profile', state, nonce }).toString();
    return reply.redirect(url.toString());
  });

  r.get(
    '/connect/google/callback',
    { schema: { tags, querystring: z.object({ code: z.string().max(2048).optional(), state: z.string().max(200).optional(), error: z.string().max(200).optional() }).passthrough() } },
    async (req, reply) => {
      const fail = () => reply.redirect('/authenticate/google?error=google_failed');
      const [state, nonce] = (req.cookies[OIDC_COOKIE] ?? '').split('.');
      reply.clearCookie(OIDC_COOKIE, { path: '/api/connect' });
      if (!req.query.code || !state || req.query.state !== state || !deps.google.configured) return fail();
      try {
        const d = await deps.google.discovery();
        const res = await fetch(d.token_endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            authorization: `Basic ${Buffer.from(`${encodeURIComponent(deps.google.clientId!)}:${encodeURIComponent(deps.config.GOOGLE_CLIENT_SECRET ?? '')}`).toString('base64')}`,
          },
          body: new URLSearchParams({ grant_type: 'authorization_code', code: req.query.code, redirect_uri: redirectUri() }),
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await res.json()) as { id_token?: string };
        if (!res.ok || !body.id_token) return fail();
        await deps.google.verify(body.id_token, nonce);
        return reply.redirect(`/authenticate/google?id_token=${encodeURIComponent(body.id_token)}`);
      } catch (err) {
        req.log.warn({ err }, 'Google sign-in failed');
        return fail();
      }
    },
  );
}
