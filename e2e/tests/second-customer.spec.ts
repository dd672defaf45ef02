import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../apps/server/src/test/processes.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../bench/lib/chromium.mjs';
import { type Caddy, httpsGet, startCaddy } from '../caddy.ts';
import { openEditor, pngFile, uploadProfilePhoto } from '../editor-support.ts';
import { SHOTS_DIR } from '../env.ts';
import { type OwnServer, startOwnServer } from '../own-server.ts';
import { codeBoxes, expectToast, resize, shot, sideNav, signInAndWait } from '../support.ts';

/**
 * Issue #26, the whole story of a second customer in Chromium, from an empty production-mode
 * install (its own server: NODE_ENV=production, no seed, mail over a real SMTP server run
 * here): the printed setup link creates the superadmin; she creates "Initech" with a
 * white-label and a custom domain verified through Caddy, and invites its supervisor; the
 * supervisor registers on Initech's hub with the mailed code, imports 50 staff from a CSV
 * with 3 bad rows (shown, skipped, reported); one of the staff registers on Initech's hub,
 * completes her card and submits it; the supervisor approves; and her page is served on
 * Initech's own domain by Caddy over TLS (a certificate from Caddy's internal CA) with
 * Initech's brand, while plain HTTP there moves to HTTPS.
 */
test.describe.configure({ mode: 'serial' });

const DOMAIN = 'cards.initech.test';
const BRAND = '#0f766e';
const PASSWORD = { ada: 'Operator-Setup-42', sue: 'Initech-Super-42', peggy: 'Initech-Peggy-42' };
const ADA = 'ada@operator.example';
const SUE = { name: 'Sue Pervisor', email: 'sue@initech.test' };
const PEGGY = { name: 'Peggy Lambert', email: 'peggy@initech.test', alias: 'peggy-lambert', job: 'Account Manager' };

// The hub's own port (a free one, like Caddy's and the SMTP server's), set in beforeAll.
let base = '';
/** Initech's white-labelled hub; Chromium resolves every *.localhost name to loopback. */
let initechHub = '';

// The custom domain is not in any DNS: Chromium maps it to this machine, where Caddy listens.
test.use({ launchOptions: { executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS, `--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`] } });

// ─── Mail: a real SMTP server, as a mailbox receives the production server's mail ────────
type Received = { to: string; subject: string; text: string };
const mails: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  // Plain SMTP on loopback: nodemailer sends without STARTTLS when the server does not offer it.
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream).then(
      (mail) => {
        const to = mail.to && !Array.isArray(mail.to) ? (mail.to.value[0]?.address ?? '') : '';
        mails.push({ to: to.toLowerCase(), subject: mail.subject ?? '', text: mail.text ?? '' });
        callback();
      },
      (err: Error) => callback(err),
    );
  },
});

/** The first mail to `email` after the first `after` mails that `matches`. */
async function mailTo(email: string, after: number, matches: (m: Received) => boolean = () => true): Promise<Received> {
  let found: Received | undefined;
  await expect
    .poll(
      () => {
        found = mails.slice(after).find((m) => m.to === email && matches(m));
        return found !== undefined;
      },
      { message: `a mail to ${email}`, timeout: 30_000 },
    )
    .toBe(true)
    .catch((error: Error) => {
      const theirs = mails.slice(after).filter((m) => m.to === email);
      throw new Error(
        `${error.message}\nMails to ${email} since: ${JSON.stringify(theirs.map((m) => m.subject))}\nServer output:\n${server?.output().slice(-3000)}`,
      );
    });
  return found!;
}

/** The 4-digit code of the newest code mail to `email` after `after` (a code's mail names it in its subject). */
async function codeFor(email: string, after: number): Promise<string> {
  const mail = await mailTo(email, after, (m) => /\b\d{4}\b/.test(m.subject));
  return /\b(\d{4})\b/.exec(mail.subject)![1]!;
}

let server: OwnServer | undefined;
let caddy: Caddy | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const [port, httpPort, httpsPort] = [await freePort(), await freePort(), await freePort()];
  base = `http://localhost:${port}`;
  initechHub = `http://hub.initech.localhost:${port}`;
  // Caddy first (its ask endpoint points at the hub's port), then the hub that verifies through it.
  caddy = await startCaddy(port, httpPort, httpsPort);
  server = await startOwnServer('second-customer', port, {
    MAIL_OUTBOX: '',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    // Development and test settings (README): the domain's verification goes to Caddy's HTTP port, on loopback.
    DOMAIN_VERIFY_VIA: `127.0.0.1:${httpPort}`,
    DOMAIN_VERIFY_ALLOW_PRIVATE: 'true',
    TRUSTED_PROXIES: '127.0.0.1',
  });
});

test.afterAll(async () => {
  await server?.stop();
  await caddy?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function signedIn(browser: Browser, origin: string, email: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await signInAndWait(page, email, password);
  return { context, page };
}

const INVITED = /^You are invited to the Initech hub$/;

/** The "Activate your account" link of the invitation mailed to `email`. */
async function invitationLink(email: string): Promise<string> {
  const mail = await mailTo(email, 0, (m) => INVITED.test(m.subject));
  return /(https?:\/\/\S+\/register\?email=\S+)/.exec(mail.text)![1]!;
}

/** An invited person follows their invitation's link, activates the account with the code mailed to them, and sets a password. */
async function register(page: Page, link: string, hubTitle: string, email: string, password: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: `Activate ${hubTitle} hub` })).toBeVisible();
  const after = mails.length;
  await expect(page.getByLabel('Email address')).toHaveValue(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectToast(page, 'Email sent with your OTP!');
  const code = await codeFor(email, after);
  await expect(codeBoxes(page).first()).toBeFocused();
  await page.keyboard.type(code, { delay: 30 });
  await expectToast(page, 'Account verified!');
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'UPDATE PASSWORD' }).click();
  await expectToast(page, 'Password reset!');
}

test('the printed setup link creates the superadmin and the first division', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(server!.setupLink());
  await expect(page.getByRole('heading', { name: 'Set up your hub' })).toBeVisible();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Operator');
  await page.getByLabel('Email address').fill(ADA);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD.ada);
  await page.getByLabel('Name', { exact: true }).fill('Operator HQ');
  await expect(page.getByLabel('Address of its pages')).toHaveValue('operator-hq');
  await page.getByRole('button', { name: 'Create and sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(sideNav(page).getByRole('link', { name: 'Divisions' })).toBeVisible();
  await context.close();
});

test('the superadmin creates Initech with its own brand and hub, and its own domain verified through Caddy', async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await signedIn(browser, base, ADA, PASSWORD.ada);
  await sideNav(page).getByRole('link', { name: 'Divisions' }).click();
  await expect(page.getByRole('heading', { name: 'Divisions', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New division' }).click();
  const dialog = page.getByRole('dialog', { name: 'New division' });
  await dialog.getByLabel('Name').fill('Initech');
  await expect(dialog.getByLabel('Address of its pages')).toHaveValue('initech');
  await dialog.getByRole('button', { name: 'Create division' }).click();
  await expectToast(page, 'Initech was created');
  await expect(page).toHaveURL(/\/divisions\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Initech', level: 1 })).toBeVisible();

  // What the story needs: approvals, templates for its supervisor, and supervisors who may invite (the import).
  await page.getByLabel('Approvals: staff changes wait for a supervisor before they go live').check();
  await page.getByLabel('Templates: supervisors manage master templates').check();
  await page.getByLabel('Supervisors may invite users').check();
  await page.getByLabel('This division has its own brand and hub').check();
  await page.getByLabel('Hub title').fill('Initech');
  await page.getByLabel('Brand colour', { exact: true }).fill(BRAND);
  await page.getByLabel('Hub domain').fill('hub.initech.localhost');
  await expect(page.frameLocator('iframe[title="Sign-in page preview"]').getByText('Sign in to Initech hub')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Initech was saved');
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();

  // Its own domain: entered, then verified — the hub fetches the check URL through Caddy's HTTP port.
  const card = page.getByRole('region', { name: 'Custom domain' });
  await card.getByLabel('Domain').fill(DOMAIN);
  await card.getByLabel('Domain').press('Enter');
  await expect(card.getByText('Waiting for verification')).toBeVisible();
  await card.getByRole('button', { name: 'Verify now' }).click();
  await expect(card.getByText('Verified', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expectToast(page, `${DOMAIN} is verified: the division’s pages are served there.`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'second-customer-console-1440');
  await card.screenshot({ path: path.join(SHOTS_DIR, 'second-customer-domain-card-1440.png') });
  await resize(page, { width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: path.join(SHOTS_DIR, 'second-customer-domain-card-390.png') });
  await shot(page, 'second-customer-console-390');
  await context.close();
});

test('the superadmin invites Initech’s supervisor, who registers on Initech’s hub with the mailed code', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page } = await signedIn(browser, base, ADA, PASSWORD.ada);
  await page.goto('/users');
  await page.getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite new user' });
  await dialog.getByLabel('Full Name').fill(SUE.name);
  await dialog.getByLabel('Email Address').fill(SUE.email);
  // A superadmin types the division's name and picks it.
  await expect(async () => {
    await dialog.getByRole('combobox', { name: 'Division' }).fill('Initech');
    await page.getByRole('option', { name: 'Initech', exact: true }).click({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await dialog.getByText('Supervisor', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'Supervisor' })).toBeChecked();
  const after = mails.length;
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible();
  // The invitation arrives over SMTP and sends her to Initech's own hub.
  await mailTo(SUE.email, after, (m) => INVITED.test(m.subject));
  const link = await invitationLink(SUE.email);
  expect(link.startsWith(`${initechHub}/register?email=`)).toBe(true);
  await context.close();

  const hers = await browser.newContext({ baseURL: initechHub, viewport: { width: 1440, height: 900 } });
  const them = await hers.newPage();
  await register(them, link, 'Initech', SUE.email, PASSWORD.sue);
  await them.goto('/home');
  await expect(sideNav(them).getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(sideNav(them).getByRole('link', { name: 'Templates' })).toBeVisible();
  await hers.close();
});

test('the supervisor completes the template and imports 50 staff from a CSV with 3 bad rows: shown, skipped, reported', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await signedIn(browser, initechHub, SUE.email, PASSWORD.sue);
  // Node's resolver does not know *.localhost names: the API calls go to the hub's main host with her session.
  const headers = { authorization: `Bearer ${await page.evaluate(() => sessionStorage.getItem('jwt'))}` };

  // A new division's master template is nearly empty, and its desktop layout's checklist asks
  // each person for a logo, banners, contact numbers, colours and a call to action. The
  // supervisor gives them once for everyone, with the calls the template editor makes (the
  // uploads, then its autosave PATCH); the template editor's own screens are covered by the
  // editor and permissions specs.
  const templates = (await (await page.request.get(`${base}/api/templates`, { headers })).json()) as { data: { id: number }[] };
  expect(templates.data).toHaveLength(1);
  const masterId = templates.data[0]!.id;
  const image = await pngFile(page);
  const upload = async (purpose: string) => {
    const res = await page.request.post(`${base}/api/upload`, { headers, multipart: { purpose, profileId: String(masterId), files: image } });
    expect(res.status(), await res.text()).toBe(200);
    return { url: ((await res.json()) as { url: string }[])[0]!.url };
  };
  const solid = (color: string) => ({ color, css: color, mode: 'solid' });
  const view = (await (await page.request.get(`${base}/api/profiles/${masterId}?populate=self-service`, { headers })).json()) as {
    profile: { version: number };
  };
  const saved = await page.request.patch(`${base}/api/profiles/${masterId}`, {
    headers,
    data: {
      version: view.profile.version,
      changes: {
        mainContactNumber: '+1 512 555 0100',
        whatsappNumber: '+1 512 555 0101',
        officeNumber: '+1 512 555 0102',
        emailAddress: 'hello@initech.test',
        logo: await upload('logo'),
        mobileBanner: await upload('mobile-banner'),
        desktopBanner: await upload('desktop-banner'),
        mainActionButton: { key: 'main-action-button', title: 'Book a meeting', url: 'https://initech.test/book', icon: 'calendar' },
        cssVariables: {
          'background-color': solid('#f0fdfa'),
          'font-color': solid('#ffffff'),
          'main-action-button-background-color': solid(BRAND),
          'main-action-button-color': solid('#ffffff'),
        },
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const rows = ['Name,Email,Alias,Division,Job title', `${PEGGY.name},${PEGGY.email},${PEGGY.alias},Initech,${PEGGY.job}`];
  for (let n = 2; n <= 50; n++) rows.push(`Worker ${n},worker.${n}@initech.test,,Initech,Analyst`);
  rows.push('Bad Email,not-an-email,,Initech,', 'Other Division,other@initech.test,,Globex,', `Peggy Again,${PEGGY.email},,Initech,`);
  const csv = rows.join('\n');

  await page.goto('/users');
  await page.getByRole('button', { name: 'Import staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import staff' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByLabel('CSV or Excel (.xlsx) file').click();
  await (await chooser).setFiles({ name: 'initech-staff.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  // Shown: each bad row with what is wrong with it.
  await expect(dialog.getByText('50 rows are ready; 3 rows have errors and will be skipped.')).toBeVisible({ timeout: 20_000 });
  const table = dialog.getByRole('table', { name: 'Rows of the file' });
  await expect(table.getByRole('row', { name: /Bad Email/ })).toContainText('Please enter a valid email address');
  await expect(table.getByRole('row', { name: /Other Division/ })).toContainText('Unknown division: Globex');
  await expect(table.getByRole('row', { name: /Peggy Again/ })).toContainText('This email address is already on row 2 of the file.');
  await table.getByRole('row', { name: /Peggy Again/ }).scrollIntoViewIfNeeded();
  await shot(page, 'second-customer-import-preview-1440');
  await resize(page, { width: 390, height: 844 });
  await table.getByRole('row', { name: /Peggy Again/ }).scrollIntoViewIfNeeded();
  await shot(page, 'second-customer-import-preview-390');
  await resize(page, { width: 1440, height: 900 });

  // Skipped: the 50 good rows become people (each invited by mail); the 3 bad ones do not.
  await dialog.getByRole('button', { name: 'Import 50 rows' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText('50 created, 0 updated, 3 skipped.', { timeout: 90_000 });
  await expect(dialog.getByText('Imported 53 of 53 rows')).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');
  await shot(page, 'second-customer-import-result-1440');

  // Reported: the result file names each row's outcome and why a row was skipped.
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download result' }).click();
  const result = await readFile((await (await download).path())!, 'utf8');
  expect(result).toContain('"Row","Email","Outcome","Reason"');
  expect(result).toContain(`"2","${PEGGY.email}","created","Invited"`);
  expect(result).toContain('"52","not-an-email","skipped","Please enter a valid email address"');
  expect(result).toContain('"53","other@initech.test","skipped","Unknown division: Globex"');
  expect(result).toContain(`"54","${PEGGY.email}","skipped","This email address is already on row 2 of the file."`);
  expect(result.trim().split('\n')).toHaveLength(54);
  await dialog.getByRole('button', { name: 'Done' }).click();
  // Each of the 50 gets an invitation to Initech's hub; the skipped rows' addresses get none.
  const invited = () => new Set(mails.filter((m) => INVITED.test(m.subject) && m.to !== SUE.email).map((m) => m.to));
  await expect.poll(() => invited().size, { timeout: 60_000, message: 'the 50 invitations' }).toBe(50);
  expect([...invited()].filter((to) => !to.endsWith('@initech.test') || to === 'other@initech.test')).toEqual([]);
  await context.close();
});

test('an imported staff member registers on Initech’s hub, completes her card and submits it for approval', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: initechHub, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const link = await invitationLink(PEGGY.email);
  expect(link.startsWith(`${initechHub}/register?email=`)).toBe(true);
  await register(page, link, 'Initech', PEGGY.email, PASSWORD.peggy);
  await expect(page).toHaveURL(/\/self-service$/);
  await openEditor(page);
  // What the import gave her is there; the template gives the rest but her photo.
  await expect(page.getByLabel('Job title / subheading')).toHaveValue(PEGGY.job);
  await uploadProfilePhoto(page);
  await page.getByRole('button', { name: /submit for approval/i }).click();
  // Nothing is missing: no checklist, the request goes to her supervisor.
  await expectToast(page, 'Your digital profile data is being submitted for approval. You will be alerted via email once approved.');
  await expect(page.getByRole('dialog', { name: 'Profile Checklist' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Re-submit for approval' })).toBeVisible();
  await context.close();
});

test('the supervisor approves, and the page is served on Initech’s own domain through Caddy over TLS with Initech’s brand', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await signedIn(browser, initechHub, SUE.email, PASSWORD.sue);
  await page.goto('/approvals');
  await expect(page.getByRole('heading', { level: 1, name: 'Approvals (1)' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: PEGGY.name });
  const after = mails.length;
  await row.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog', { name: 'Approve changes' }).getByRole('button', { name: 'Approve' }).click();
  await expectToast(page, 'Profile Aproved!');
  await expect(page.getByRole('heading', { level: 1, name: 'Approvals (0)' })).toBeVisible();
  // She is told, with her page's address on Initech's own domain.
  const approved = await mailTo(PEGGY.email, after, (m) => m.subject === 'Your profile changes were approved');
  // (Its scheme and port are PUBLIC_URL's — here http://localhost:{port}; a production hub's https://hub.example.com gives https://cards…/alias.)
  expect(approved.text).toMatch(new RegExp(`://${DOMAIN.replaceAll('.', '\\.')}(:\\d+)?/${PEGGY.alias}\\b`));
  await context.close();

  // The certificate: Caddy gets one on the first visit, once the hub's ask endpoint says yes;
  // a client that trusts only Caddy's internal root accepts it.
  const root = await caddy!.root();
  let served: Awaited<ReturnType<typeof httpsGet>> | undefined;
  await expect
    .poll(
      async () => {
        served = await httpsGet(DOMAIN, caddy!.httpsPort, `/${PEGGY.alias}`, root).catch(() => undefined);
        return served?.status ?? 0;
      },
      { timeout: 60_000, message: 'her page over HTTPS on Initech’s domain' },
    )
    .toBe(200);
  expect(served!.issuer).toMatch(/Caddy Local Authority/);
  expect(served!.subjectAltName).toContain(`DNS:${DOMAIN}`);
  expect(served!.body).toContain(PEGGY.name);
  expect(served!.body).toContain(BRAND);

  // Plain HTTP on Caddy sends the visitor to HTTPS.
  const redirect = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: caddy!.httpPort, path: `/${PEGGY.alias}`, headers: { host: DOMAIN }, agent: false }, (res) => {
        res.resume();
        resolve(res);
      })
      .on('error', reject);
  });
  expect(redirect.statusCode).toBe(308);
  expect(redirect.headers.location).toBe(`https://${DOMAIN}/${PEGGY.alias}`);

  // In Chromium: the same address. The browser does not trust Caddy's internal root (it is not
  // installed in any trust store here), so it ignores certificate errors — the certificate
  // itself is proved just above, with a client that trusts only that root.
  const visitor = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1440, height: 900 } });
  const card = await visitor.newPage();
  const url = `https://${DOMAIN}:${caddy!.httpsPort}/${PEGGY.alias}`;
  const res = await card.goto(url);
  expect(res?.status()).toBe(200);
  await expect(card.getByRole('heading', { name: PEGGY.name })).toBeVisible();
  await expect(card.getByText(PEGGY.job).first()).toBeVisible();
  const cta = card.getByRole('link', { name: 'Book a meeting' });
  await expect(cta).toBeVisible();
  // Initech's brand colour on the call to action (#0f766e).
  expect(await cta.evaluate((el) => getComputedStyle(el).backgroundColor + getComputedStyle(el).backgroundImage)).toContain('rgb(15, 118, 110)');
  await shot(card, 'second-customer-page-1440');
  await resize(card, { width: 390, height: 844 });
  await shot(card, 'second-customer-page-390');
  await visitor.close();
});
