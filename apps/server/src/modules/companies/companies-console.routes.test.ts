import { COMPANY_MESSAGES, type CompanyConsoleList, type CompanyConsoleRow, PROFILE_MESSAGES } from '@profilehub/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureDefaultThemes } from '../../bootstrap/seed.ts';
import { auditLog, companies, profiles } from '../../db/schema.ts';
import { childDetails, createCompany, createUser, signIn } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();
let admin: Record<string, string>;
let supervisor: Record<string, string>;
let user: Record<string, string>;
let supervised: Awaited<ReturnType<typeof createCompany>>;

beforeAll(async () => {
  supervised = await createCompany(t.db);
  admin = (await signIn(t.app, (await createUser(t.app, { role: 'superadmin' })).email)).headers;
  supervisor = (await signIn(t.app, (await createUser(t.app, { role: 'supervisor', companyId: supervised.id, supervises: true })).email)).headers;
  user = (await signIn(t.app, (await createUser(t.app, { companyId: supervised.id })).email)).headers;
});

const create = (headers: Record<string, string>, body: object) => t.app.inject({ method: 'POST', url: '/api/companies', headers, payload: body });
const patch = (headers: Record<string, string>, id: number, body: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/companies/${id}`, headers, payload: body });

describe('divisions console: create', () => {
  it('makes a live division with its first master template, and records who did', async () => {
    const res = await create(admin, { title: 'Initech', subdomain: 'Initech-EU' });
    expect(res.statusCode).toBe(200);
    const row = res.json() as CompanyConsoleRow;
    expect(row).toMatchObject({ title: 'Initech', subdomain: 'initech-eu', publicationState: 'live', members: 0, profiles: 0 });
    expect(row.masterProfiles).toHaveLength(1);
    const [master] = await t.db.select().from(profiles).where(eq(profiles.id, row.masterProfiles[0]!.id));
    expect(master).toMatchObject({ isMaster: true, templateName: 'Initech Standard', companyId: row.id });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `company:${row.id}`));
    expect(audits.map((a) => a.action)).toEqual(['company.created']);
  });

  it('gives the new template its theme, so its staff are never asked for a "Template" nobody can set', async () => {
    await ensureDefaultThemes(t.db); // what every install's start-up does
    const row = (await create(admin, { title: 'Themed', subdomain: 'themed-co' })).json() as CompanyConsoleRow;
    const [master] = await t.db.select().from(profiles).where(eq(profiles.id, row.masterProfiles[0]!.id));
    expect(master!.stylingId).toEqual(expect.any(Number));
    expect(master!.content).toEqual({ stylingId: master!.stylingId });
    const staff = await createUser(t.app, { companyId: row.id, masterProfileId: master!.id, content: childDetails('Ann Staff') });
    const { headers } = await signIn(t.app, staff.email);
    const res = await t.app.inject({ method: 'PUT', url: `/api/profiles/${staff.profileId}/publish`, headers });
    expect(res.statusCode).toBe(400);
    const missing = (res.json() as { missing: { key: string }[] }).missing.map((m) => m.key);
    expect(missing).not.toContain('stylingId');
    expect(missing.length).toBeGreaterThan(0);
  });

  it('refuses a taken, reserved or malformed subdomain with a message that says what to do', async () => {
    const taken = await create(admin, { title: 'Again', subdomain: 'initech-eu' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: COMPANY_MESSAGES.subdomainTaken, errors: [{ path: 'subdomain' }] });
    const reserved = await create(admin, { title: 'Hub', subdomain: 'api' });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().message).toBe(COMPANY_MESSAGES.subdomainReserved);
    const empty = await create(admin, { title: '  ', subdomain: 'ok-name' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(COMPANY_MESSAGES.titleRequired);
  });

  it('20 parallel creates of one subdomain make one division', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(admin, { title: 'Race', subdomain: 'race-co' })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    expect(await t.db.select().from(companies).where(eq(companies.subdomain, 'race-co'))).toHaveLength(1);
  });
});

describe('divisions console: settings', () => {
  let row: CompanyConsoleRow;
  beforeAll(async () => {
    row = (await create(admin, { title: 'Globodyne', subdomain: 'globodyne' })).json();
  });

  it('changes only what is sent: name, flags (merged), billing, limits and white-label with its hub domain', async () => {
    const res = await patch(admin, row.id, {
      updatedAt: row.updatedAt,
      title: 'Globodyne Europe',
      feature_flags: { approvals: true, templates: true },
      paymentStructure: 'individual',
      limits: { imageGallery: 12 },
      customSupportLink: 'help@globodyne.example',
      whiteLabel: { title: 'Globodyne', brand_color: '#0f766e', domain: 'Hub.Globodyne.Example' },
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json() as CompanyConsoleRow;
    expect(saved).toMatchObject({
      title: 'Globodyne Europe',
      name: 'Globodyne Europe',
      subdomain: 'globodyne',
      paymentStructure: 'individual',
      limits: { imageGallery: 12 },
      customSupportLink: 'help@globodyne.example',
      whiteLabel: { title: 'Globodyne', brand_color: '#0f766e', domain: 'Hub.Globodyne.Example' },
    });
    expect(saved.feature_flags).toMatchObject({ approvals: true, templates: true, permissions: false });
    expect(saved.updatedAt > row.updatedAt).toBe(true);
    const [stored] = await t.db.select().from(companies).where(eq(companies.id, row.id));
    expect(stored?.hubDomain).toBe('hub.globodyne.example');
    // The white-labelled hub answers on its domain at once.
    const wl = await t.app.inject({ method: 'GET', url: '/api/white-label', headers: { host: 'hub.globodyne.example' } });
    expect(wl.json()).toMatchObject({ whiteLabel: { title: 'Globodyne' }, supportHref: 'mailto:help@globodyne.example' });

    // A second change of flags keeps the first's.
    const again = await patch(admin, row.id, { updatedAt: saved.updatedAt, feature_flags: { rte: true } });
    expect(again.statusCode).toBe(200);
    expect(again.json().feature_flags).toMatchObject({ approvals: true, templates: true, rte: true });
    row = again.json();
  });

  it('a new name reaches the division’s published pages: a job queued with the save renders them again', async () => {
    const fresh = (await create(admin, { title: 'Rerendco', subdomain: 'rerendco' })).json() as CompanyConsoleRow;
    await t.db.insert(profiles).values({
      companyId: fresh.id,
      alias: 'pat-rerendco',
      publishedAt: new Date(),
      publishedHtml: '<p>the page before</p>',
      publishedEtag: 'before',
      publishedContent: { fullName: 'Pat Page', jobTitle: 'Engineer' },
      site: { siteId: 'pat', domainName: 'rerendco.localhost' },
    });
    const page = async () => (await t.app.inject({ method: 'GET', url: '/pat-rerendco', headers: { host: 'rerendco.localhost' } })).body;
    expect(await page()).toBe('<p>the page before</p>');
    expect((await patch(admin, fresh.id, { updatedAt: fresh.updatedAt, title: 'Rerendco Worldwide' })).statusCode).toBe(200);
    await expect.poll(page, { timeout: 15_000 }).toContain('Engineer at Rerendco Worldwide');
  });

  it('refuses a change made on a division someone changed since it was loaded (409), and 20 parallel saves of one version keep one', async () => {
    const stale = await patch(admin, row.id, { updatedAt: '2020-01-01T00:00:00.000Z', title: 'Overwrite' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(COMPANY_MESSAGES.changedMeanwhile);

    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => patch(admin, row.id, { updatedAt: row.updatedAt, description: `Edit ${i}` })));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    const [stored] = await t.db.select().from(companies).where(eq(companies.id, row.id));
    expect(stored?.description).toBe(ok[0]!.json().description);
  });

  it('refuses a hub domain another division has, bad colours, unknown flags and a gallery limit out of range', async () => {
    const fresh = (await t.app.inject({ method: 'GET', url: `/api/companies/console/${row.id}`, headers: admin })).json() as CompanyConsoleRow;
    const other = (await create(admin, { title: 'Other', subdomain: 'other-hub' })).json() as CompanyConsoleRow;
    const clash = await patch(admin, other.id, { updatedAt: other.updatedAt, whiteLabel: { title: 'Other', domain: 'hub.globodyne.example' } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ message: COMPANY_MESSAGES.hubDomainTaken, errors: [{ path: 'whiteLabel.domain' }] });
    // Nor a name that is a division's own domain for its pages, verified or waiting (its own included).
    await t.db.update(companies).set({ customDomain: 'cards.globex.example' }).where(eq(companies.id, row.id));
    await t.db.update(companies).set({ pendingDomain: 'cards.other.example' }).where(eq(companies.id, other.id));
    for (const domain of ['cards.globex.example', 'cards.other.example']) {
      const pages = await patch(admin, other.id, { updatedAt: other.updatedAt, whiteLabel: { title: 'Other', domain } });
      expect(pages.statusCode, domain).toBe(409);
      expect(pages.json(), domain).toMatchObject({ message: COMPANY_MESSAGES.hubDomainTaken, errors: [{ path: 'whiteLabel.domain' }] });
    }
    await t.db.update(companies).set({ customDomain: null }).where(eq(companies.id, row.id));
    for (const body of [
      { whiteLabel: { title: 'X', brand_color: 'red; background:url(x)' } },
      { feature_flags: { billing_override: true } },
      { limits: { imageGallery: 999 } },
      { customSupportLink: 'javascript:alert(1)' },
    ]) {
      const res = await patch(admin, fresh.id, { updatedAt: fresh.updatedAt, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('divisions console: settings: consent before publishing', () => {
  let row: CompanyConsoleRow;
  beforeAll(async () => {
    row = (await create(admin, { title: 'Cyberdyne', subdomain: 'cyberdyne' })).json();
  });

  it('is off with no text for a new division', () => {
    expect(row.consent).toEqual({ enable: false, text: '' });
  });

  it('refuses consent turned on without a text (400 on the text, with what to do), nothing stored', async () => {
    for (const text of ['', '<p>  </p>', '<p><br></p>']) {
      const res = await patch(admin, row.id, { updatedAt: row.updatedAt, consent: { enable: true, text } });
      expect(res.statusCode, text).toBe(400);
      expect(res.json(), text).toMatchObject({ message: PROFILE_MESSAGES.consentTextRequired, errors: [{ path: 'consent.text' }] });
    }
    // A text that is nothing once sanitised is no text either.
    const onlyScript = await patch(admin, row.id, { updatedAt: row.updatedAt, consent: { enable: true, text: '<script>alert(1)</script>' } });
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.json()).toMatchObject({ message: PROFILE_MESSAGES.consentTextRequired, errors: [{ path: 'consent.text' }] });
    const [stored] = await t.db.select().from(companies).where(eq(companies.id, row.id));
    expect(stored).toMatchObject({ consentEnabled: false, consentText: '' });
  });

  it('stores the text sanitised, returns it, audits it, and the editor of the division’s staff reads it', async () => {
    const res = await patch(admin, row.id, {
      updatedAt: row.updatedAt,
      consent: { enable: true, text: '<p>I confirm my card is <strong>correct</strong>.</p><script>alert(1)</script><img src=x onerror=alert(1)>' },
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json() as CompanyConsoleRow;
    expect(saved.consent).toEqual({ enable: true, text: '<p>I confirm my card is <strong>correct</strong>.</p>' });
    const [stored] = await t.db.select().from(companies).where(eq(companies.id, row.id));
    expect(stored).toMatchObject({ consentEnabled: true, consentText: '<p>I confirm my card is <strong>correct</strong>.</p>' });
    const [line] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `company:${row.id}`), eq(auditLog.action, 'company.updated')));
    // The audit line names changed settings by their path.
    expect(line?.meta).toMatchObject({
      before: { 'consent.enable': false, 'consent.text': '' },
      after: { 'consent.enable': true, 'consent.text': saved.consent.text },
    });

    const staff = await createUser(t.app, { companyId: row.id, masterProfileId: row.masterProfiles[0]!.id, content: childDetails('Sam Staff') });
    const { headers } = await signIn(t.app, staff.email);
    const view = await t.app.inject({ method: 'GET', url: `/api/profiles/${staff.profileId}?populate=self-service`, headers });
    expect(view.statusCode).toBe(200);
    expect(view.json().company.consent).toEqual(saved.consent);

    // Off again: the text stays for next time, and the editor reads it off.
    const off = await patch(admin, row.id, { updatedAt: saved.updatedAt, consent: { enable: false, text: saved.consent.text } });
    expect(off.json().consent).toEqual({ enable: false, text: saved.consent.text });
    const later = await t.app.inject({ method: 'GET', url: `/api/profiles/${staff.profileId}?populate=self-service`, headers });
    expect(later.json().company.consent.enable).toBe(false);
  });

  it('a supervisor of the division cannot change it (403)', async () => {
    const res = await patch(supervisor, supervised.id, { updatedAt: new Date().toISOString(), consent: { enable: true, text: '<p>Mine</p>' } });
    expect(res.statusCode).toBe(403);
    const [still] = await t.db.select().from(companies).where(eq(companies.id, supervised.id));
    expect(still).toMatchObject({ consentEnabled: false, consentText: '' });
  });
});

describe('divisions console: the sender of its mails', () => {
  let row: CompanyConsoleRow;
  beforeAll(async () => {
    row = (await create(admin, { title: 'Vandelay', subdomain: 'vandelay' })).json();
    // Its own domain, verified (as the domains module sets it once ownership is proven).
    await t.db.update(companies).set({ customDomain: 'cards.vandelay.example', customDomainVerifiedAt: new Date() }).where(eq(companies.id, row.id));
    row = (await t.app.inject({ method: 'GET', url: `/api/companies/console/${row.id}`, headers: admin })).json();
  });

  it('saves a display name and an address in the verified domain or the hub’s mail domain, and clears them with null', async () => {
    const res = await patch(admin, row.id, { updatedAt: row.updatedAt, mailFromName: 'Vandelay Industries', mailFromAddress: 'Hello@Cards.Vandelay.Example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mailFromName: 'Vandelay Industries', mailFromAddress: 'hello@cards.vandelay.example' });
    // testConfig's MAIL_FROM is no-reply@hub.test: the hub's own mail domain is allowed too.
    const hub = await patch(admin, row.id, { updatedAt: res.json().updatedAt, mailFromAddress: 'vandelay@hub.test' });
    expect(hub.statusCode).toBe(200);
    const cleared = await patch(admin, row.id, { updatedAt: hub.json().updatedAt, mailFromName: null, mailFromAddress: null });
    expect(cleared.json()).toMatchObject({ mailFromName: null, mailFromAddress: null });
    row = cleared.json();
  });

  it('refuses an address that is no email, one in another domain (its subdomains too), and a name that would break the header (400 naming the field)', async () => {
    for (const [body, path, message] of [
      [{ mailFromAddress: 'not-an-email' }, 'mailFromAddress', 'Enter a valid email address.'],
      [{ mailFromAddress: 'ceo@bank.example' }, 'mailFromAddress', COMPANY_MESSAGES.mailFromDomain(['cards.vandelay.example', 'hub.test'])],
      [{ mailFromAddress: 'x@mail.cards.vandelay.example' }, 'mailFromAddress', COMPANY_MESSAGES.mailFromDomain(['cards.vandelay.example', 'hub.test'])],
      [{ mailFromName: 'Vandelay\r\nBcc: all@example.com' }, 'mailFromName', 'A sender name cannot contain line breaks, quotes or angle brackets.'],
    ] as const) {
      const res = await patch(admin, row.id, { updatedAt: row.updatedAt, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ message, errors: [{ path }] });
    }
    const [stored] = await t.db.select().from(companies).where(eq(companies.id, row.id));
    expect(stored).toMatchObject({ mailFromName: null, mailFromAddress: null });
  });

  it('a division without a verified domain may send only from the hub’s mail domain', async () => {
    const plain = (await create(admin, { title: 'Kramerica', subdomain: 'kramerica' })).json() as CompanyConsoleRow;
    const res = await patch(admin, plain.id, { updatedAt: plain.updatedAt, mailFromAddress: 'hi@cards.vandelay.example' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(COMPANY_MESSAGES.mailFromDomain(['hub.test']));
  });

  it('refuses a sender change on a stale version (409) and from a supervisor of the division (403)', async () => {
    const stale = await patch(admin, row.id, { updatedAt: '2020-01-01T00:00:00.000Z', mailFromName: 'Late' });
    expect(stale.statusCode).toBe(409);
    const sup = await patch(supervisor, supervised.id, { updatedAt: new Date().toISOString(), mailFromName: 'Mine', mailFromAddress: 'me@hub.test' });
    expect(sup.statusCode).toBe(403);
    const [still] = await t.db.select().from(companies).where(eq(companies.id, supervised.id));
    expect(still).toMatchObject({ mailFromName: null, mailFromAddress: null });
  });
});

describe('divisions console: live preview', () => {
  const preview = (headers: Record<string, string>, id: number, body: object) =>
    t.app.inject({ method: 'POST', url: `/api/companies/${id}/preview`, headers, payload: body });

  it('renders the sign-in page and the template’s page with the unsaved brand, nothing stored', async () => {
    const row = (await create(admin, { title: 'Soylent', subdomain: 'soylent' })).json() as CompanyConsoleRow;
    const res = await preview(admin, row.id, {
      title: 'Soylent Green',
      whiteLabel: {
        title: 'Soylent Hub',
        brand_color: '#0f766e',
        logo: '/uploads/0123456789abcdef0123456789abcdef.png',
        css: '.ph-auth-card{border-width:3px}',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { signIn: string; page: string; contrast: { ratio: number; readable: boolean } };
    expect(body.signIn).toContain('Sign in to Soylent Hub hub');
    expect(body.signIn).toContain('src="/uploads/0123456789abcdef0123456789abcdef.png"');
    expect(body.signIn).toContain('.ph-auth-card{border-width:3px}');
    // The page renderer's output: the brand colour and the sample name.
    expect(body.page).toMatch(/^<!doctype html>/i);
    expect(body.page).toContain('#0f766e');
    expect(body.page).toContain('Jane');
    expect(body.contrast).toEqual({ ratio: expect.any(Number), readable: true });
    const [stored] = await t.db.select().from(companies).where(eq(companies.id, row.id));
    expect(stored).toMatchObject({ title: 'Soylent', whiteLabel: null });
  });

  it('sanitises custom CSS as publishing does: no </style> or <script> gets out of the style element', async () => {
    const row = (await create(admin, { title: 'Tyrell', subdomain: 'tyrell' })).json() as CompanyConsoleRow;
    const css = 'body{color:red}</style><script>alert(1)</script><style>';
    const res = await preview(admin, row.id, { whiteLabel: { title: 'Tyrell', css } });
    expect(res.statusCode).toBe(200);
    const { signIn, page } = res.json() as { signIn: string; page: string };
    for (const html of [signIn, page]) {
      expect(html).not.toContain('<script>alert(1)');
      expect(html).not.toContain('</style><script>');
      expect(html.toLowerCase().split('</style>').length).toBe(html.toLowerCase().split('<style').length);
    }
    expect(signIn).toContain('body{color:red}');
    // A low-contrast brand colour is flagged as the renderer judges it.
    const low = await preview(admin, row.id, { whiteLabel: { title: 'Tyrell', brand_color: '#f5c518' } });
    expect(low.json().contrast).toMatchObject({ readable: false });
  });

  it('refuses bad input (400), supervisors and users (403), and an unknown division (404)', async () => {
    const bad = await preview(admin, supervised.id, { whiteLabel: { title: 'X', brand_color: 'red;}' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('whiteLabel.brand_color');
    for (const headers of [supervisor, user]) expect((await preview(headers, supervised.id, { title: 'Mine' })).statusCode).toBe(403);
    expect((await preview(admin, 999_999, { title: 'Nobody' })).statusCode).toBe(404);
  });
});

describe('divisions console: who may use it', () => {
  it('refuses supervisors (even of the division) and users: list, read, create, change', async () => {
    for (const headers of [supervisor, user]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/companies/console', headers })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/companies/console/${supervised.id}`, headers })).statusCode).toBe(403);
      expect((await create(headers, { title: 'Mine', subdomain: 'mine-now' })).statusCode).toBe(403);
      const change = await patch(headers, supervised.id, { updatedAt: new Date().toISOString(), feature_flags: { approvals: true } });
      expect(change.statusCode).toBe(403);
    }
    const [still] = await t.db.select().from(companies).where(eq(companies.id, supervised.id));
    expect(still?.featureFlags).toEqual({});
  });

  it('lists every division for a superadmin, searched by name or subdomain and paged', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/companies/console?search=globodyne&pageSize=10', headers: admin });
    expect(res.statusCode).toBe(200);
    const list = res.json() as CompanyConsoleList;
    expect(list.data.map((c) => c.subdomain)).toEqual(['globodyne']);
    expect(list.meta.pagination).toEqual({ page: 1, pageSize: 10, pageCount: 1, total: 1 });
    const all = (await t.app.inject({ method: 'GET', url: '/api/companies/console?pageSize=10&page=1', headers: admin })).json() as CompanyConsoleList;
    expect(all.meta.pagination.total).toBeGreaterThanOrEqual(5);
    expect(all.data.length).toBeLessThanOrEqual(10);
    const bad = await t.app.inject({ method: 'GET', url: '/api/companies/console?pageSize=7', headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Page size is 10, 25, 50 or 100.');
  });

  it('counts each row’s people (platform staff not), profiles (templates not) and master templates, and keeps the total on a page past the end', async () => {
    const d = await createCompany(t.db);
    await createUser(t.app, { companyId: d.id });
    await createUser(t.app, { role: 'supervisor', companyId: d.id, supervises: true });
    await createUser(t.app, { role: 'superadmin', companyId: d.id });
    const [row] = await t.db.select({ subdomain: companies.subdomain }).from(companies).where(eq(companies.id, d.id));
    const res = await t.app.inject({ method: 'GET', url: `/api/companies/console?search=${row!.subdomain}`, headers: admin });
    const list = res.json() as CompanyConsoleList;
    expect(list.data).toHaveLength(1);
    const profileCount = await t.db.select({ id: profiles.id, isMaster: profiles.isMaster }).from(profiles).where(eq(profiles.companyId, d.id));
    expect(list.data[0]).toMatchObject({ id: d.id, members: 2, profiles: profileCount.filter((p) => !p.isMaster).length });
    expect(list.data[0]!.masterProfiles).toEqual(profileCount.filter((p) => p.isMaster).map((p) => ({ id: p.id })));
    const past = (await t.app.inject({ method: 'GET', url: '/api/companies/console?pageSize=10&page=999', headers: admin })).json() as CompanyConsoleList;
    const first = (await t.app.inject({ method: 'GET', url: '/api/companies/console?pageSize=10', headers: admin })).json() as CompanyConsoleList;
    expect(past.data).toEqual([]);
    expect(past.meta.pagination.total).toBe(first.meta.pagination.total);
  });
});
