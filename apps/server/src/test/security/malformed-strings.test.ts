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

describe('malformed text never answers 5xx', () => {
  it('every string of every route, anonymously and as a superadmin', async () => {
    await t.app.ready();
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    let sent = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const [i, bad] of BAD.entries()) {
          const inUrl = BAD_IN_URL[i % BAD_IN_URL.length]!;
          const url = path.replace(/\{\w+\}/g, inUrl);
          const query = (op.parameters ?? [])
            .filter((p) => p.in === 'query')
            .map((p) => `${encodeURIComponent(p.name)}=${inUrl}`)
            .join('&');
          const bodySchema = op.requestBody?.content?.['application/json']?.schema;
          const payload = ['post', 'put', 'patch'].includes(method) ? JSON.stringify(bodyFor(bodySchema, bad)) : undefined;
          for (const headers of [{}, admin]) {
            const res = await t.app.inject({
              method: method.toUpperCase() as 'GET',
              url: `/api${url}${query ? `?${query}` : ''}`.replace('/api/api/', '/api/'),
              headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
              ...(payload ? { payload } : {}),
            });
            sent++;
            if (res.statusCode >= 500)
              failures.push(`${method.toUpperCase()} ${path} ${JSON.stringify(bad)} / ${inUrl} → ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
        // Bytes that are not UTF-8 at all (an overlong "/"): decoded to U+FFFD, a 4xx or a 2xx, never a 5xx.
        if (['post', 'put', 'patch'].includes(method)) {
          const res = await t.app.inject({
            method: method.toUpperCase() as 'POST',
            url: `/api${path.replace(/\{\w+\}/g, '1')}`.replace('/api/api/', '/api/'),
            headers: { ...admin, 'content-type': 'application/json' },
            payload: Buffer.concat([Buffer.from('{"x":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]),
          });
          sent++;
          if (res.statusCode >= 500) failures.push(`${method.toUpperCase()} ${path} overlong UTF-8 → ${res.statusCode}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(300);
    console.log(`malformed-string requests sent: ${sent}; answered 5xx: ${failures.length}`);
    expect(failures).toEqual([]);
  });

  it('the three the probe found answer 400 with the message to act on', async () => {
    // The walk above signed out (GET /auth/logout is a route too): a fresh session.
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
