import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as xmllint from '@authenio/samlify-node-xmllint';
import { SSO_MESSAGES } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import * as samlify from 'samlify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { companyMembers, divisionSso, profiles, ssoLogins, users } from '../../db/schema.ts';
import { createCompany, createUser, PASSWORD, signedInUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { IssuerProblem } from './oidc-client.ts';
import { fetchIdpMetadata } from './saml-client.ts';

/**
 * SAML 2.0 sign-in against a real identity provider: samlify in the IdP role, signing with a test key
 * pair committed for this (`test/fixtures/saml-idp-test.*`, made for these tests, never a real secret).
 * samlify's schema validator (needed to parse our AuthnRequest) is node-xmllint: xmllint compiled to
 * JavaScript, no native build. node-saml does every check of the response; this file proves it.
 */
const PUBLIC_URL = 'http://hub.test';
const ACS_URL = `${PUBLIC_URL}/api/auth/saml/acs`;
const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url), 'utf8');
const KEY = fixture('saml-idp-test.key');
const CERT = fixture('saml-idp-test.crt');
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const IDP_ENTITY = 'https://idp.saml.test/metadata';
const IDP_SSO_URL = 'https://idp.saml.test/sso';

samlify.setSchemaValidator(xmllint);

function makeIdp(o: { generateID?: () => string } = {}) {
  return samlify.IdentityProvider({
    entityID: IDP_ENTITY,
    privateKey: KEY,
    signingCert: CERT,
    nameIDFormat: [EMAIL_FORMAT],
    wantAuthnRequestsSigned: false,
    singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: IDP_SSO_URL }],
    ...(o.generateID ? { generateID: o.generateID } : {}),
  });
}
const idp = makeIdp();

/** The metadata URL the tests save: the hub's calls go through ssoFetch. */
const METADATA_URL = 'https://idp.saml.test/federationmetadata.xml';
const ssoFetch: typeof fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  if (url === METADATA_URL) return new Response(idp.getMetadata(), { status: 200, headers: { 'content-type': 'application/samlmetadata+xml' } });
  return fetch(input, init);
};

const logLines: string[] = [];
const t = useTestApp(() => ({
  env: { PUBLIC_URL, SSO_ALLOW_PRIVATE_ISSUER: 'true', LOG_LEVEL: 'trace' },
  overrides: { ssoFetch },
  logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
}));

afterEach(() => {
  vi.useRealTimers();
});

const uid = () => randomBytes(4).toString('hex');

/** A division on SAML, set up through the API by a superadmin with the IdP's metadata XML (or its URL). */
async function samlDivision(o: { required?: boolean; byUrl?: boolean } = {}) {
  const company = await createCompany(t.db);
  const domain = `saml-${uid()}.test`;
  const admin = await signedInUser(t.app, { role: 'superadmin' });
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/companies/${company.id}/sso`,
    headers: admin.headers,
    payload: {
      protocol: 'saml',
      ...(o.byUrl ? { samlMetadataUrl: METADATA_URL } : { samlMetadataXml: idp.getMetadata() }),
      allowedDomains: [domain],
      required: o.required ?? false,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const metadata = await t.app.inject({ method: 'GET', url: `/api/auth/saml/${company.id}/metadata` });
  expect(metadata.statusCode).toBe(200);
  const sp = samlify.ServiceProvider({ metadata: metadata.body });
  return { company, domain, admin, sp, spMetadata: metadata.body, config: res.json() };
}

/** The browser: our start route sends it to the IdP with an AuthnRequest (redirect binding), which the IdP parses. */
async function start(email: string, sp: samlify.ServiceProviderInstance) {
  const res = await t.app.inject({ method: 'GET', url: `/api/auth/sso/start?email=${encodeURIComponent(email)}` });
  expect(res.statusCode, res.body).toBe(302);
  const location = new URL(res.headers.location as string);
  expect(`${location.origin}${location.pathname}`).toBe(IDP_SSO_URL);
  const cookie = res.cookies.find((c) => c.name === 'ph_saml');
  const request = await idp.parseLoginRequest(sp, 'redirect', { query: Object.fromEntries(location.searchParams), octetString: '' } as never);
  const requestId = String(request.extract.request?.id ?? '');
  expect(requestId).toMatch(/^_/);
  return { request, requestId, cookie: cookie?.value, location };
}

/** The IdP's signed response for that request (assertion signed: our metadata asks for it). */
async function respond(request: unknown, sp: samlify.ServiceProviderInstance, email: string, from = idp) {
  const { context } = (await from.createLoginResponse(sp, request as never, 'post', { email })) as { context: string };
  return context;
}
const xmlOf = (response: string) => Buffer.from(response, 'base64').toString('utf8');
const b64 = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');

const acs = (samlResponse: string, cookie: string | undefined) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/saml/acs',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie: `ph_saml=${cookie}` } : {}) },
    payload: new URLSearchParams({ SAMLResponse: samlResponse }).toString(),
  });

function ticketOf(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode, res.body).toBe(302);
  const url = new URL(res.headers.location as string, PUBLIC_URL);
  expect(url.pathname).toBe('/authenticate/sso');
  expect(url.searchParams.get('error'), lastRefusal()).toBeNull();
  return url.searchParams.get('ticket')!;
}
function lastRefusal(): string | undefined {
  const line = logLines.findLast((l) => l.includes('SSO sign-in refused'));
  return line ? (JSON.parse(line) as { reason: string }).reason : undefined;
}
function expectRefused(res: { statusCode: number; headers: Record<string, unknown> }, why: string | RegExp) {
  expect(lastRefusal()).toMatch(why);
  expect(res.statusCode).toBe(302);
  const url = new URL(res.headers.location as string, PUBLIC_URL);
  expect(url.pathname).toBe('/authenticate/sso');
  expect(url.searchParams.get('error')).toBe('sso_failed');
  expect(url.searchParams.has('ticket')).toBe(false);
}
const redeem = (ticket: string) => t.app.inject({ method: 'POST', url: '/api/auth/sso/ticket', payload: { ticket } });
const userByEmail = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];

describe('SAML 2.0 sign-in against a local identity provider (samlify)', () => {
  it('signs in a new person: AuthnRequest by redirect, signed assertion posted to the ACS, account made and signed in', async () => {
    const { company, domain, sp, spMetadata, config } = await samlDivision({ byUrl: true });
    expect(config).toMatchObject({ protocol: 'saml', saml: { entityId: IDP_ENTITY, ssoUrl: IDP_SSO_URL, metadataUrl: METADATA_URL, certificates: 1 } });
    // Our metadata: entity ID and ACS from PUBLIC_URL, signed assertions wanted.
    expect(spMetadata).toContain(`entityID="${PUBLIC_URL}/api/auth/saml/${company.id}/metadata"`);
    expect(spMetadata).toContain(`Location="${ACS_URL}"`);
    expect(spMetadata).toContain('WantAssertionsSigned="true"');

    const email = `ada@${domain}`;
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sso/discover', payload: { email } })).json()).toEqual({ sso: true, required: false });
    const s = await start(email, sp);
    expect(s.cookie).toBe(s.requestId);
    const res = await acs(await respond(s.request, sp, email.toUpperCase()), s.cookie);
    const ticket = ticketOf(res);
    const signedIn = await redeem(ticket);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user).toMatchObject({ email, confirmed: true });
    const user = (await userByEmail(email))!;
    expect(user).toMatchObject({ registered: true, confirmed: true, passwordHash: null });
    const [member] = await t.db.select().from(companyMembers).where(eq(companyMembers.userId, user.id));
    expect(member).toMatchObject({ companyId: company.id, role: 'member' });
    expect(await t.db.select().from(profiles).where(eq(profiles.userId, user.id))).toHaveLength(1);
    expect(await t.db.select().from(ssoLogins).where(eq(ssoLogins.companyId, company.id))).toEqual([]);
    expect(logLines.join('').includes(ticket), 'the ticket in the log').toBe(false);
    // Only the ACS reads forms: a cross-site form cannot post to the JSON routes beside it.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/ticket',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'ticket=x',
    });
    expect(form.statusCode).toBe(415);
  });

  it('links the existing account of that email', async () => {
    const { company, domain, sp } = await samlDivision();
    const invited = await createUser(t.app, { companyId: company.id, registered: false, email: `inv-${uid()}@${domain}` });
    const s = await start(invited.email, sp);
    const signedIn = await redeem(ticketOf(await acs(await respond(s.request, sp, invited.email), s.cookie)));
    expect(signedIn.json().user.id).toBe(invited.id);
    expect(await userByEmail(invited.email)).toMatchObject({ registered: true, confirmed: true });
  });

  it('reads the email from an email attribute (Entra ID’s claim) when the NameID is not an email address', async () => {
    const { domain, sp, company } = await samlDivision();
    const email = `entra-${uid()}@${domain}`;
    const s = await start(email, sp);
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60_000).toISOString();
    const values: Record<string, string> = {
      ID: `_r${uid()}${uid()}`,
      AssertionID: `_a${uid()}${uid()}`,
      Destination: ACS_URL,
      Audience: `${PUBLIC_URL}/api/auth/saml/${company.id}/metadata`,
      SubjectRecipient: ACS_URL,
      Issuer: IDP_ENTITY,
      IssueInstant: now.toISOString(),
      StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
      ConditionsNotBefore: now.toISOString(),
      ConditionsNotOnOrAfter: later,
      SubjectConfirmationDataNotOnOrAfter: later,
      NameIDFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
      NameID: `opaque-${uid()}`,
      InResponseTo: s.requestId,
      AuthnStatement: '',
      AttributeStatement: `<saml:AttributeStatement><saml:Attribute Name="http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress"><saml:AttributeValue xsi:type="xs:string">${email}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement>`,
    };
    const { context } = (await idp.createLoginResponse(sp, s.request as never, 'post', { email: 'ignored' }, (template: string) => ({
      id: values.ID!,
      context: template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? ''),
    }))) as { context: string };
    const signedIn = await redeem(ticketOf(await acs(context, s.cookie)));
    expect(signedIn.json().user).toMatchObject({ email });
  });

  it('refuses an unsigned assertion, and a response signed only as a whole (the assertion must be signed)', async () => {
    const { domain, sp, spMetadata } = await samlDivision();
    const email = `u-${uid()}@${domain}`;
    const s = await start(email, sp);
    const unsigned = xmlOf(await respond(s.request, sp, email)).replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, '');
    expect(unsigned).not.toContain('Signature');
    expectRefused(await acs(b64(unsigned), s.cookie), /Invalid signature/);
    expect(await userByEmail(email)).toBeUndefined();

    // An SP that does not ask for signed assertions gets a response signed as a whole, assertion unsigned.
    const lax = samlify.ServiceProvider({ metadata: spMetadata.replace('WantAssertionsSigned="true"', 'WantAssertionsSigned="false"') });
    const s2 = await start(email, sp);
    const responseSigned = await respond(s2.request, lax, email);
    expect(xmlOf(responseSigned)).toContain('Signature');
    expectRefused(await acs(responseSigned, s2.cookie), /Invalid signature/);
  });

  it('refuses a tampered assertion (the email changed after signing)', async () => {
    const { domain, sp } = await samlDivision();
    const victim = await createUser(t.app, { email: `victim-${uid()}@${domain}` });
    const s = await start(`mallory-${uid()}@${domain}`, sp);
    const signed = xmlOf(await respond(s.request, sp, `mallory@${domain}`));
    const tampered = signed.replace(`mallory@${domain}`, victim.email);
    expect(tampered).not.toBe(signed);
    expectRefused(await acs(b64(tampered), s.cookie), /Invalid signature/);
  });

  it('refuses a replayed response (the request is spent) and a replayed assertion answering a new request', async () => {
    const { domain, sp } = await samlDivision();
    const email = `r-${uid()}@${domain}`;
    const s = await start(email, sp);
    const response = await respond(s.request, sp, email);
    ticketOf(await acs(response, s.cookie));
    expectRefused(await acs(response, s.cookie), 'unknown, expired or spent request');

    // The same assertion ID, signed again for a fresh request: remembered until its NotOnOrAfter.
    // samlify asks for the response's ID, then the assertion's: a fresh one, then always the same.
    const fixed = `_fixed_${uid()}`;
    let calls = 0;
    const sameIds = makeIdp({ generateID: () => (++calls % 2 ? `_r${uid()}` : fixed) });
    const a = await start(email, sp);
    ticketOf(await acs(await respond(a.request, sp, email, sameIds), a.cookie));
    const b = await start(email, sp);
    expectRefused(await acs(await respond(b.request, sp, email, sameIds), b.cookie), 'assertion already used');

    // A response for another browser's request.
    const c = await start(email, sp);
    expectRefused(await acs(await respond(c.request, sp, email), undefined), 'request not of this browser');
  });

  it('refuses an assertion for another audience', async () => {
    const { domain, sp, spMetadata } = await samlDivision();
    const email = `aud-${uid()}@${domain}`;
    const other = samlify.ServiceProvider({ metadata: spMetadata.replace(/entityID="[^"]+"/, 'entityID="https://elsewhere.test/sp"') });
    const s = await start(email, sp);
    expectRefused(await acs(await respond(s.request, other, email), s.cookie), /audience mismatch/);
  });

  it('refuses an expired assertion', async () => {
    const { domain, sp } = await samlDivision();
    const email = `exp-${uid()}@${domain}`;
    const s = await start(email, sp);
    const response = await respond(s.request, sp, email);
    // samlify's assertion lives 5 minutes; the hub allows 1 minute of clock skew; the request lives 10.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 7 * 60_000 });
    // node-saml drops the subject confirmation whose NotOnOrAfter has passed, so none is left.
    expectRefused(await acs(response, s.cookie), /No valid subject confirmation|expired/);
  });

  it('refuses an email outside the division’s domains', async () => {
    const { domain, sp } = await samlDivision();
    const s = await start(`in-${uid()}@${domain}`, sp);
    const outsider = `out-${uid()}@elsewhere.test`;
    expectRefused(await acs(await respond(s.request, sp, outsider), s.cookie), 'email domain not allowed');
    expect(await userByEmail(outsider)).toBeUndefined();
  });

  it('SSO required refuses the password of a person it governs, as for OpenID Connect', async () => {
    const { company, domain } = await samlDivision({ required: true });
    const person = await createUser(t.app, { companyId: company.id, email: `req-${uid()}@${domain}` });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sso/discover', payload: { email: person.email } })).json()).toEqual({
      sso: true,
      required: true,
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/local', payload: { identifier: person.email, password: PASSWORD } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'sso_required', message: SSO_MESSAGES.required });
  });
});

describe('a division’s SAML settings', () => {
  it('another division’s supervisor gets 404; its own supervisor reads the SP values to give the IdP', async () => {
    const { company, domain } = await samlDivision();
    const other = await createCompany(t.db);
    const outsider = await signedInUser(t.app, { role: 'supervisor', companyId: other.id });
    const payload = { protocol: 'saml', samlMetadataXml: idp.getMetadata(), allowedDomains: [domain], required: true };
    expect((await t.app.inject({ method: 'GET', url: `/api/companies/${company.id}/sso`, headers: outsider.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/companies/${company.id}/sso`, headers: outsider.headers, payload })).statusCode).toBe(404);
    const [row] = await t.db.select().from(divisionSso).where(eq(divisionSso.companyId, company.id));
    expect(row).toMatchObject({ protocol: 'saml', required: false });

    const own = await signedInUser(t.app, { role: 'supervisor', companyId: company.id });
    const read = await t.app.inject({ method: 'GET', url: `/api/companies/${company.id}/sso`, headers: own.headers });
    expect(read.statusCode).toBe(200);
    expect(read.json().samlSp).toEqual({
      entityId: `${PUBLIC_URL}/api/auth/saml/${company.id}/metadata`,
      acsUrl: ACS_URL,
      metadataUrl: `${PUBLIC_URL}/api/auth/saml/${company.id}/metadata`,
    });
    // Saved again without metadata: the stored metadata stays.
    const { samlMetadataXml: _, ...kept } = payload;
    const again = await t.app.inject({ method: 'PUT', url: `/api/companies/${company.id}/sso`, headers: own.headers, payload: kept });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().saml).toMatchObject({ entityId: IDP_ENTITY, certificates: 1 });
  });

  it('refuses metadata that is not an identity provider’s, and a SAML division with none', async () => {
    const company = await createCompany(t.db);
    const admin = await signedInUser(t.app, { role: 'superadmin' });
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/companies/${company.id}/sso`,
        headers: admin.headers,
        payload: { protocol: 'saml', allowedDomains: [`m-${uid()}.test`], required: false, ...payload },
      });
    const none = await put({});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(SSO_MESSAGES.samlMetadataRequired);
    for (const samlMetadataXml of [
      'not xml',
      '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>',
      idp.getMetadata().replace(/<ds:X509Certificate>[^<]+<\/ds:X509Certificate>/g, ''),
    ]) {
      const res = await put({ samlMetadataXml });
      expect(res.statusCode, samlMetadataXml.slice(0, 40)).toBe(400);
      expect(res.json().message).toBe(SSO_MESSAGES.samlMetadataInvalid);
    }
    const unreachable = await put({ samlMetadataUrl: 'https://idp.saml.test/missing.xml' });
    expect(unreachable.statusCode).toBe(400);
  });

  it('fetches a metadata URL only over https and never from a private address (unless allowed, as in these tests)', async () => {
    const never: typeof fetch = async () => {
      throw new Error('called');
    };
    const o = { allowPrivate: false, fetch: never };
    await expect(fetchIdpMetadata('http://idp.example.com/metadata', o)).rejects.toMatchObject({ kind: 'not_https' });
    for (const url of ['https://127.0.0.1/metadata', 'https://[::1]/metadata', 'https://10.1.2.3/metadata']) {
      const err = await fetchIdpMetadata(url, o).catch((e: unknown) => e);
      expect(err, url).toBeInstanceOf(IssuerProblem);
      expect((err as IssuerProblem).kind, url).toBe('private');
    }
  });
});
