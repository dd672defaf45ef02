import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AUTH_MESSAGES, ErrorBodySchema } from '@profilehub/shared';
import createClient, { type Middleware } from 'openapi-fetch';
import openapiTS from 'openapi-typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser, PASSWORD } from './factories.ts';
import { useTestApp } from './harness.ts';
import type { paths } from './openapi-types.ts';

/**
 * A client generated from /api/docs/json calls the API over real HTTP (issue #29): the types
 * come from openapi-typescript (committed beside this file, so `npm run typecheck` checks the
 * calls below against the document), the calls go through openapi-fetch.
 */
const t = useTestApp();

const TYPES_FILE = path.join(import.meta.dirname, 'openapi-types.ts');
const HEADER = '// Generated from /api/docs/json by openapi-typescript: `UPDATE_OPENAPI_TYPES=1 npx vitest run apps/server/src/test/openapi-client.test.ts`.\n';

let baseUrl = '';
beforeAll(async () => {
  // Real HTTP on a free port; the app's afterAll closes the listener with the app.
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

describe('a client generated from the API document', () => {
  it('is generated from the document as it is now (the committed types are up to date)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const generated = HEADER + (await openapiTS(doc, { commentHeader: '', silent: true }));
    if (process.env.UPDATE_OPENAPI_TYPES) writeFileSync(TYPES_FILE, generated);
    expect(readFileSync(TYPES_FILE, 'utf8'), 'run the command at the top of openapi-types.ts').toBe(generated);
  });

  it('signs in, reads the signed-in user and lists the users, the token sent as the document’s bearer scheme says', async () => {
    const company = await createCompany(t.app.deps.db);
    const admin = await createUser(t.app, { role: 'supervisor', companyId: company.id, supervises: true });
    // 127.0.0.1 is one of the hub's own hosts (any other unknown Host would get 421).
    const client = createClient<paths>({ baseUrl });

    const signIn = await client.POST('/api/auth/local', { body: { identifier: admin.email, password: PASSWORD } });
    expect(signIn.response.status).toBe(200);
    const session = signIn.data;
    if (!session || !('jwt' in session)) throw new Error(`no session: ${JSON.stringify(signIn.error ?? session)}`);
    const bearer: Middleware = {
      onRequest({ request }) {
        request.headers.set('authorization', `Bearer ${session.jwt}`);
        return request;
      },
    };
    client.use(bearer);

    const me = await client.GET('/api/companies/users/me');
    expect(me.response.status).toBe(200);
    expect(me.data?.email).toBe(admin.email);

    const list = await client.GET('/api/users', { params: { query: { pageSize: 50 } } });
    expect(list.response.status).toBe(200);
    expect(list.data?.data.map((u) => u.email)).toContain(admin.email);
  });

  it('reads a refusal as the document’s error body: the shared {statusCode, code, message, errors[]}', async () => {
    const client = createClient<paths>({ baseUrl });

    const anonymous = await client.GET('/api/companies/users/me');
    expect(anonymous.response.status).toBe(401);
    const unauthorized = ErrorBodySchema.parse(anonymous.error);
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.errors[0]?.message).toBe(unauthorized.message);

    const refused = await client.POST('/api/auth/local', { body: { identifier: 'nobody@example.test', password: 'wrong-password' } });
    // A wrong sign-in is a 400 naming no field (AUTH_MESSAGES.incorrectLogin), in the same body.
    expect(refused.response.status).toBe(400);
    expect(ErrorBodySchema.parse(refused.error).message).toBe(AUTH_MESSAGES.incorrectLogin);

    const invalid = await client.POST('/api/auth/local', { body: { identifier: '', password: 'x' } });
    expect(invalid.response.status).toBe(400);
    // The generated type of a 400 is the document's ErrorBody: reading its fields type-checks.
    expect(invalid.error?.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(invalid.error).errors.length).toBeGreaterThan(0);
  });
});
