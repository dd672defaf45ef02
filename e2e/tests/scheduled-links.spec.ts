import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { auth, editorView, openEditor, openSection, ownProfileId, savedAfter } from '../editor-support.ts';
import { PORT, SHOTS_DIR } from '../env.ts';
import { expectToast, resize, shot, signInAndWait, USERS } from '../support.ts';

/**
 * Links that keep time (issue #30): in the editor a button is switched off (kept, not shown)
 * and another is scheduled to show from tomorrow; the published page leaves both out. Sam's
 * card (the supervisor's, not published by the seed) is published here and taken down after.
 * The change at a boundary without a publish is the server's job (scheduled-links.test.ts).
 */

const SAM_PAGE = `http://acme.localhost:${PORT}/sam-super`;
const own = (key: string, title: string) => ({ key, title, url: `https://acme.example/${key}`, contactType: 'url', enabled: true, source: 'self' });

/** `YYYY-MM-DDTHH:mm` in the browser's local time, `days` from now (what a datetime-local input takes). */
const localInput = (page: Page, days: number) =>
  page.evaluate((d) => {
    const at = new Date(Date.now() + d * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  }, days);

// A zone away from UTC: the editor shows and takes local time, and names the zone; the content stores UTC.
test.use({ timezoneId: 'Europe/Berlin' });

test('a button switched off and another scheduled for tomorrow stay in the editor and are left off the published page', async ({ page, request }) => {
  test.setTimeout(90_000);
  const sam = await auth(request, USERS.supervisor);
  const id = await ownProfileId(request, sam);
  const view = await editorView(request, sam, id);
  const { variableChangeRecords: _records, ...content } = view.content;
  content.links = [...content.links, own('old-offer', 'Old offer'), own('spring-sale', 'Spring sale')];
  // What the checklist asks for before a publish.
  content.profilePhoto = { url: '/demo/jane-doe.svg' };
  const saved = await request.put(`/api/profiles/${id}`, { headers: sam, data: { version: view.profile.version, content } });
  expect(saved.status(), await saved.text()).toBe(200);

  try {
    await signInAndWait(page, USERS.supervisor);
    await resize(page, { width: 1440, height: 900 });
    await openEditor(page, `/self-service/${id}`);
    await openSection(page, 'Buttons');
    const rows = page.getByRole('list', { name: 'Buttons' }).getByRole('listitem');
    const oldOffer = rows.filter({ hasText: 'Old offer' });
    const spring = rows.filter({ hasText: 'Spring sale' });

    // Switched off: kept in the editor, marked Hidden.
    await savedAfter(page, () => oldOffer.getByLabel('Show Old offer').click({ force: true }));
    await expect(oldOffer.getByText('Hidden', { exact: true })).toBeVisible();

    // Scheduled: an until before the from is refused in place, then a window from tomorrow is kept.
    await spring.getByRole('button', { name: 'Edit Spring sale' }).click();
    await expect(spring.getByText(/Times are in your time zone, Europe\/Berlin \(UTC\+0[12]:00\)/)).toBeVisible();
    const from = await localInput(page, 1);
    await spring.getByLabel('Spring sale show from').fill(from);
    await spring.getByLabel('Spring sale show until').fill(await localInput(page, 0.5));
    await expect(spring.getByText('"Show until" must be later than "Show from".')).toBeVisible();
    await savedAfter(page, async () => spring.getByLabel('Spring sale show until').fill(await localInput(page, 8)));
    await expect(spring.getByText(/^Scheduled: from \d{4}-\d\d-\d\d @ \d\d:\d\d until \d{4}-\d\d-\d\d @ \d\d:\d\d$/)).toBeVisible();
    await shot(page, 'scheduled-links-1440');
    await page.getByRole('list', { name: 'Buttons' }).screenshot({ path: path.join(SHOTS_DIR, 'scheduled-links-buttons-1440.png') });
    await resize(page, { width: 375, height: 812 });
    await spring.getByLabel('Spring sale show from').scrollIntoViewIfNeeded();
    await shot(page, 'scheduled-links-375');
    await page.getByRole('list', { name: 'Buttons' }).screenshot({ path: path.join(SHOTS_DIR, 'scheduled-links-buttons-375.png') });
    // Nothing is wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await resize(page, { width: 1440, height: 900 });

    // Stored in UTC, as the editor sent it.
    const stored = (await editorView(request, sam, id)).content.links as { key: string; enabled?: boolean; showFrom?: string; showUntil?: string }[];
    expect(stored.find((l) => l.key === 'old-offer')?.enabled).toBe(false);
    expect(stored.find((l) => l.key === 'spring-sale')?.showFrom).toBe(await page.evaluate((local) => new Date(local).toISOString(), from));
    expect(stored.find((l) => l.key === 'spring-sale')?.showFrom).not.toContain(from);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const consent = page.getByRole('dialog', { name: 'Disclaimer' });
    if (await consent.isVisible().catch(() => false)) await consent.getByRole('button', { name: 'I Agree' }).click();
    await expectToast(page, 'Profile Published');

    await page.goto(SAM_PAGE);
    await expect(page.getByRole('heading', { name: 'Sam Super' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Visit our website' })).toBeVisible();
    await expect(page.getByText('Old offer')).toHaveCount(0);
    await expect(page.getByText('Spring sale')).toHaveCount(0);
    await resize(page, { width: 375, height: 812 });
    await shot(page, 'scheduled-links-page-375');
  } finally {
    // Sam's card as the seed left it: unpublished, without the two buttons and the photo.
    await request.put(`/api/profiles/${id}/unpublish`, { headers: sam });
    const now = await editorView(request, sam, id);
    const { variableChangeRecords: _r, ...after } = now.content;
    after.links = (after.links as { key: string }[]).filter((l) => l.key !== 'old-offer' && l.key !== 'spring-sale');
    delete after.profilePhoto;
    await request.put(`/api/profiles/${id}`, { headers: sam, data: { version: now.profile.version, content: after } });
  }
});
