import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COMPANY_MESSAGES, SETUP_MESSAGES } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../bootstrap/startup.ts';
import { companies, profileStylings, profiles, users } from '../../db/schema.ts';
import { createCompany } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { issueSetupToken } from './setup.service.ts';

// Each test file starts on its own empty, migrated database: no superadmin, as a production install starts.
const t = useTestApp();

const owner = (token: string, over: Record<string, unknown> = {}) => ({
  token,
  firstName: 'Ada',
  lastName: 'Operator',
  email: 'ada@initech.example',
  password: 'Initech-Setup-42',
  division: { title: 'Initech', subdomain: 'initech' },
  ...over,
});
const post = (body: unknown, ip = '10.9.0.1') => t.app.inject({ method: 'POST', url: '/api/setup', payload: body as object, remoteAddress: ip });
const status = async () => (await t.app.inject({ method: 'GET', url: '/api/setup' })).json() as { needed: boolean };

describe('first run of an empty install', () => {
  let token = '';

  it('start-up makes one setup token; a second start makes none (the first link stays the one to use)', async () => {
    expect(await status()).toEqual({ needed: true });
    const first = await prepareDatabase(t.database, { ...t.config, SEED: false });
    expect(first.setup.token).toMatch(/^[\w-]{43}$/);
    expect(first.setup.pending).toBe(true);
    const again = await prepareDatabase(t.database, { ...t.config, SEED: false });
    expect(again.setup).toEqual({ token: null, pending: true });
    token = first.setup.token!;
  });

  it('refuses a wrong token, a reserved or malformed subdomain, and a taken one, creating nothing', async () => {
    const wrong = await post(owner(`${token.slice(0, -2)}xx`));
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(SETUP_MESSAGES.tokenInvalid);

    const reserved = await post(owner(token, { division: { title: 'Hub', subdomain: 'www' } }));
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().message).toContain(COMPANY_MESSAGES.subdomainReserved);
    const malformed = await post(owner(token, { division: { title: 'X', subdomain: '-bad-' } }));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain(COMPANY_MESSAGES.subdomainRule);

    const taken = await createCompany(t.db);
    const clash = await post(owner(token, { division: { title: 'Clash', subdomain: taken.subdomain } }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(COMPANY_MESSAGES.subdomainTaken);
    // The transaction took nothing with it: no superadmin, and the token still works.
    expect(await t.db.select().from(users).where(eq(users.role, 'superadmin'))).toHaveLength(0);
    expect(await status()).toEqual({ needed: true });
  });

  it('20 parallel submissions of the link make exactly one superadmin and one division', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(owner(token, { email: `ada${i}@initech.example`, division: { title: `Initech ${i}`, subdomain: `initech-${i}` } }), `10.9.1.${i}`),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect([403, 409]).toContain(a.statusCode);
      expect([SETUP_MESSAGES.alreadySetUp, SETUP_MESSAGES.tokenInvalid]).toContain(a.json().message);
    }
    const body = ok[0]!.json();
    expect(body.jwt).toBeTruthy();
    expect(body.user.role).toBe('superadmin');
    expect(await t.db.select().from(users).where(eq(users.role, 'superadmin'))).toHaveLength(1);
    const winner = /ada(\d+)@/.exec(body.user.email)![1];
    const made = await t.db
      .select()
      .from(companies)
      .where(eq(companies.subdomain, `initech-${winner}`));
    expect(made).toHaveLength(1);
    // The division the earlier test made for the clash, and this one: no other.
    expect(await t.db.select().from(companies)).toHaveLength(2);
    // Its first master template, in the hub's first default theme.
    const [master] = await t.db.select().from(profiles).where(eq(profiles.companyId, made[0]!.id));
    const [firstTheme] = await t.db.select().from(profileStylings).orderBy(profileStylings.id).limit(1);
    expect(master).toMatchObject({ isMaster: true, templateName: `${made[0]!.title} Standard`, stylingId: firstTheme!.id });

    // Signed in by the answer, and able to sign in again with the chosen password.
    const me = await t.app.inject({ method: 'GET', url: '/api/companies/users/me', headers: { authorization: `Bearer ${body.jwt}` } });
    expect(me.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/local', payload: { identifier: body.user.email, password: 'Initech-Setup-42' } });
    expect(login.statusCode).toBe(200);
  });

  it('once set up, the link is spent, the page says so, and no new link can be made', async () => {
    expect(await status()).toEqual({ needed: false });
    const reuse = await post(owner(token, { email: 'late@initech.example', division: { title: 'Late', subdomain: 'late' } }));
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json().message).toBe(SETUP_MESSAGES.alreadySetUp);
    expect(await issueSetupToken(t.db, { replace: true })).toBeNull();
    expect((await prepareDatabase(t.database, { ...t.config, SEED: false })).setup).toEqual({ token: null, pending: false });
  });
});

describe('npm run admin:create and admin:setup-link', () => {
  it('create a superadmin from the command line on a new embedded store, refuse a second with the same email, and then no setup link', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ph-admin-'));
    const cli = path.resolve(import.meta.dirname, '../../bootstrap/admin.ts');
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_PASSES: '1',
    };
    const run = (args: string[], input?: string) => spawnSync(process.execPath, [cli, ...args], { env, input, encoding: 'utf8', timeout: 120_000 });
    try {
      const bad = run(['create', '--email', 'not-an-email']);
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain('--email: Please enter a valid email address');

      const made = run(['create', '--email', 'ops@initech.example', '--password-stdin'], 'Initech-Ops-777\n');
      expect(made.stderr).toBe('');
      expect(made.status).toBe(0);
      expect(made.stdout).toContain('Superadmin ops@initech.example created');

      const twice = run(['create', '--email', 'ops@initech.example']);
      expect(twice.status).toBe(1);
      expect(twice.stderr).toContain('already exists');

      const link = run(['setup-link']);
      expect(link.status).toBe(1);
      expect(link.stderr).toContain('already has a superadmin');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
