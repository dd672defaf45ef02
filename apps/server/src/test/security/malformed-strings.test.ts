/**
 * Text PostgreSQL cannot store — a lone UTF-16 surrogate, a NUL — and bytes that are not
 * UTF-8, sent in every string the OpenAPI document describes (query, path, JSON body) of
 * every route, anonymously and as a superadmin: never a 5xx (the probe found 500s on a
 * profile save, the public lead-form submit and `GET /api/lead-forms?form_id=`).
 */
import { NUL_MESSAGE } from '@profilehub/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser, PASSWORD, signIn } from '../factories.ts';

/** The walk sets the password to whatever its body generator produced for /profiles/setup; it is refused (400), so it stays. */
const PASSWORD_AFTER_WALK = PASSWORD;

import { useTestApp } from '../harness.ts';

const t = useTestApp();
let admin: Record<string, string>;
let adminEmail: string;
let profileId: number;
beforeAll(async () => {
  const company = await createCompany(t.app.deps.db);
  const user = await createUser(t.app, { role: 'superadmin', companyId: company.id });
  adminEmail = user.email;
  admin = (await signIn(t.app, user.email)).headers;
  profileId = user.profileId!;
});

/** In a JSON body: a lone surrogate (an escape JSON allows), a NUL. */
const BAD = ['\ud800', 'a\u0000b', '\udfff tail'];
/** In a URL (already percent-encoded): a NUL, a surrogate's UTF-8 bytes (CESU), an overlong "/", a lone continuation byte. */
const BAD_IN_URL = ['a%00b', '%ED%A0%80', '%C0%AF', '%80x'];

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[] };
type Operation = { parameters?: { in: string; name: string; schema?: Schema }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };

/** A body where every string the schema names holds `bad` (numbers and flags get plausible values). */
function bodyFor(schema: Schema | undefined, bad: string, depth = 0): unknown {
  if (!schema || depth > 4) return bad;
  const pick = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (pick) return bodyFor(pick, bad, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties)
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, bodyFor(v, bad, depth + 1)]));
  if (type === 'array') return [bodyFor(schema.items, bad, depth + 1)];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  return bad;
}

/** Operations that end the session they are sent with: walked last, so every other one is walked signed in. */
const ENDS_SESSION = /\/auth\/logout$/;
/** Public operations whose own answer to a request they cannot use is 401, signed in or not (the OAuth callback without its state). */
const OWN_401 = new Set(['GET /api/auth/google/callback']);

describe('malformed text never answers 5xx', () => {
  it('every string of every route, anonymously and as a superadmin', async () => {
    await t.app.ready();
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    let sent = 0;
    /** Per operation: signed-in requests sent, and how many were still refused 401 with a fresh session. */
    const signedIn = new Map<string, { sent: number; refused: number }>();
    const operations = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })))
      .sort((a, b) => Number(ENDS_SESSION.test(a.path)) - Number(ENDS_SESSION.test(b.path)));
    for (const { path, method, op } of operations) {
      for (const [i, bad] of BAD.entries()) {
        const inUrl = BAD_IN_URL[i % BAD_IN_URL.length]!;
        const url = path.replace(/\{\w+\}/g, inUrl);
        const query = (op.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => `${encodeURIComponent(p.name)}=${inUrl}`)
          .join('&');
        const bodySchema = op.requestBody?.content?.['application/json']?.schema;
        const payload = ['post', 'put', 'patch'].includes(method) ? JSON.stringify(bodyFor(bodySchema, bad)) : undefined;
        for (const anonymous of [true, false]) {
          const send = () =>
            t.app.inject({
              method: method.toUpperCase() as 'GET',
              url: `/api${url}${query ? `?${query}` : ''}`.replace('/api/api/', '/api/'),
              headers: { ...(anonymous ? {} : admin), ...(payload ? { 'content-type': 'application/json' } : {}) },
              ...(payload ? { payload } : {}),
            });
          let res = await send();
          if (!anonymous && res.statusCode === 401) {
            // An earlier operation ended the session (or this one refuses it): a fresh one, and again.
            admin = (await signIn(t.app, adminEmail, PASSWORD_AFTER_WALK)).headers;
            res = await send();
          }
          if (!anonymous) {
            const key = `${method.toUpperCase()} ${path}`;
            const count = signedIn.get(key) ?? { sent: 0, refused: 0 };
            count.sent++;
            if (res.statusCode === 401) count.refused++;
            signedIn.set(key, count);
          }
          sent++;
          if (res.statusCode >= 500)
            failures.push(`${method.toUpperCase()} ${path} ${JSON.stringify(bad)} / ${inUrl} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
      // Bytes that are not UTF-8 at all (an overlong "/"): decoded to U+FFFD, a 4xx or a 2xx, never a 5xx.
      if (['post', 'put', 'patch'].includes(method)) {
        const send = () =>
          t.app.inject({
            method: method.toUpperCase() as 'POST',
            url: `/api${path.replace(/\{\w+\}/g, '1')}`.replace('/api/api/', '/api/'),
            headers: { ...admin, 'content-type': 'application/json' },
            payload: Buffer.concat([Buffer.from('{"x":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]),
          });
        let res = await send();
        if (res.statusCode === 401) {
          admin = (await signIn(t.app, adminEmail, PASSWORD_AFTER_WALK)).headers;
          res = await send();
        }
        const count = signedIn.get(`${method.toUpperCase()} ${path}`)!;
        count.sent++;
        if (res.statusCode === 401) count.refused++;
        sent++;
        if (res.statusCode >= 500) failures.push(`${method.toUpperCase()} ${path} overlong UTF-8 → ${res.statusCode}`);
      }
    }
    expect(sent).toBeGreaterThan(300);
    console.log(`malformed-string requests sent: ${sent}; answered 5xx: ${failures.length}`);
    console.log(
      `signed in as a superadmin, per operation (sent, 401 with a fresh session):\n${[...signedIn]
        .map(([key, c]) => `  ${key}: ${c.sent}${c.refused ? `, ${c.refused} × 401` : ''}`)
        .join('\n')}`,
    );
    // Every operation was walked signed in, and its signed-in requests got past sign-in.
    expect(signedIn.size).toBe(operations.length);
    expect([...signedIn].filter(([key, c]) => c.refused > 0 && !OWN_401.has(key)).map(([key]) => key)).toEqual([]);
    expect(failures).toEqual([]);
  }, 180_000);

  it('the three the probe found answer 400 with the message to act on', async () => {
    // The walk above signed out last (GET /auth/logout is a route too): a fresh session.
    admin = (await signIn(t.app, adminEmail, PASSWORD_AFTER_WALK)).headers;
    const save = await t.app.inject({
      method: 'PATCH',
      url: `/api/profiles/${profileId}`,
      headers: { ...admin, 'content-type': 'application/json' },
      payload: `{"version":1,"changes":{"jobTitle":"\\ud800"}}`,
    });
    const submit = await t.app.inject({
      method: 'POST',
      url: `/api/lead-forms/submit/${profileId}`,
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"\\udc00"}`,
    });
    const form = await t.app.inject({ method: 'GET', url: '/api/lead-forms?form_id=a%00b', headers: admin });
    for (const res of [save, submit, form]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(NUL_MESSAGE);
    }
  });
});
