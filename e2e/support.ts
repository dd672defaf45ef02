import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { BASE_URL, SEED_PASSWORD, SHOTS_DIR } from './env.ts';

export { ACME_HUB_URL, BASE_URL, SEED_PASSWORD } from './env.ts';

/** The seeded accounts (apps/server/src/bootstrap/seed.ts); every registered one has SEED_PASSWORD. */
export const USERS = {
  superadmin: 'admin@example.com',
  supervisor: 'supervisor@acme.example',
  jane: 'jane@acme.example',
  bob: 'bob@globex.example',
  /** Invited to Acme, not registered yet: the register spec activates it. */
  invited: 'new@acme.example',
} as const;

export type Mail = { id: number; to: string; subject: string; text: string; createdAt: string };

/** The dev outbox (GET /dev/mail.json?to=), newest first. */
async function mailsTo(request: APIRequestContext, email: string): Promise<Mail[]> {
  const res = await request.get(`/dev/mail.json?to=${encodeURIComponent(email)}`);
  expect(res.ok(), `GET /dev/mail.json answered ${res.status()}`).toBe(true);
  const body = (await res.json()) as { mails: Mail[] };
  return body.mails;
}

/** The id of the newest mail to `email` (0 when there is none): pass it as `after` before triggering a mail. */
export async function lastMailId(request: APIRequestContext, email: string): Promise<number> {
  const [newest] = await mailsTo(request, email);
  return newest?.id ?? 0;
}

/** Polls the outbox until a mail to `email` newer than `after` arrives. */
export async function waitForMail(request: APIRequestContext, email: string, after: number, timeoutMs = 10_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await mailsTo(request, email)).find((m) => m.id > after);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail to ${email} newer than #${after} arrived within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The 4-digit code of the first mail to `email` newer than `after`. */
export async function readCode(request: APIRequestContext, email: string, after = 0): Promise<string> {
  const mail = await waitForMail(request, email, after);
  const code = /\b(\d{4})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`The mail "${mail.subject}" carries no 4-digit code:\n${mail.text}`);
  return code;
}

/** The reset link of the first mail to `email` newer than `after`, moved onto `baseURL`'s origin. */
export async function readResetLink(request: APIRequestContext, email: string, after = 0, baseURL = BASE_URL): Promise<string> {
  const mail = await waitForMail(request, email, after);
  const found = /https?:\/\/\S+\/reset-password\?\S+/.exec(mail.text)?.[0];
  if (!found) throw new Error(`The mail "${mail.subject}" carries no reset link:\n${mail.text}`);
  const link = new URL(found);
  const base = new URL(baseURL);
  link.protocol = base.protocol;
  link.host = base.host;
  return link.toString();
}

/** A success or error toast (Mantine notifications are role=alert). */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(toast(page, text).first()).toBeVisible();
}

/**
 * Signs in through the UI: the email view, then the password view. Stays on the
 * current page when it already is /sign-in (so a kept `params` target survives).
 */
export async function signIn(page: Page, email: string, password = SEED_PASSWORD): Promise<void> {
  if (new URL(page.url(), BASE_URL).pathname !== '/sign-in') await page.goto('/sign-in');
  await enterEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Signs in and waits until the app has left the sign-in page: the address changes at once,
 * while the sign-in form stays on screen until the next page's guards have answered
 * (app/route-runtime.tsx), so both are waited for.
 */
export async function signInAndWait(page: Page, email: string, password = SEED_PASSWORD): Promise<void> {
  await signIn(page, email, password);
  await expectToast(page, 'Logged in successfully!');
  await expect(page).not.toHaveURL(/\/sign-in/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
}

/** The first sign-in view: email, Continue. */
export async function enterEmail(page: Page, email: string): Promise<void> {
  await expect(page.getByRole('heading', { name: /^Sign in to .+ hub$/ })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Settings cog → Log Out → back on the sign-in page. */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
}

/** The side navigation of the shell (desktop). */
export function sideNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

/** The four code boxes of the one-time-code screen. */
export function codeBoxes(page: Page): Locator {
  return page.getByRole('group', { name: 'Verification code' }).getByRole('textbox');
}

/** Pastes `text` into `target` the way a person does: clipboard, then Ctrl+V. */
export async function paste(page: Page, target: Locator, text: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await target.focus();
  await page.keyboard.press('ControlOrMeta+V');
}

/** Resolves once no transition or finite animation runs (a fading dialog, the shell's padding after a resize). */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
}

/**
 * Resizes a page that is already showing a screen, then waits for the layout to follow:
 * the shell's sidebar padding animates for a moment, and a click in the middle of it can
 * land beside its target.
 */
export async function resize(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.waitForFunction((width) => window.innerWidth === width, size.width);
  await animationsDone(page);
}

/** A full-page screenshot for people to look at (.tmp/e2e-shots, not committed). */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** Signs in through the API (for setup and clean-up, not for what a spec is about). */
export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string | null> {
  const res = await request.post('/api/auth/local', { data: { identifier: email, password } });
  if (!res.ok()) return null;
  return ((await res.json()) as { jwt: string }).jwt;
}
