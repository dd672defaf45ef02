import { type APIRequestContext, expect, test } from '@playwright/test';
import { auth, editorView, openEditor, openSection, ownProfileId } from '../editor-support.ts';
import { BASE_URL, shot, signInAndWait, USERS } from '../support.ts';

/**
 * Issue 13 §9: on a card with a phone (non-desktop) layout, the editor's "Request edits"
 * link opens a mail to the division's supervisors — it used to open one with no
 * recipient. Jane's card is switched to the phone layout by her supervisor for this spec
 * and put back afterwards (other specs expect the desktop layout).
 */

async function setLayout(request: APIRequestContext, layout: string): Promise<void> {
  const supervisor = await auth(request, USERS.supervisor);
  const id = await ownProfileId(request, await auth(request, USERS.jane));
  const view = await editorView(request, supervisor, id);
  const res = await request.patch(`/api/profiles/${id}`, { headers: supervisor, data: { version: view.profile.version, changes: { templateLayout: layout } } });
  expect(res.status(), await res.text()).toBe(200);
}

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: BASE_URL });
  await setLayout(request, 'desktop2');
  await request.dispose();
});

test('on a phone-layout card, "Request edits" opens a mail to the division’s supervisors', async ({ page, request }) => {
  await setLayout(request, 'mobile1');
  await signInAndWait(page, USERS.jane);
  await openEditor(page);
  await openSection(page, 'Personal details');
  const link = page.getByRole('link', { name: 'Request edits' });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  const mail = new URL(href);
  expect(mail.protocol).toBe('mailto:');
  // Every supervisor of Acme, the seeded one among them; nobody from another division.
  const recipients = decodeURIComponent(mail.pathname).split(',');
  expect(recipients).toContain(USERS.supervisor);
  for (const r of recipients) expect(r).toMatch(/@acme\.example$/);
  expect(mail.searchParams.get('subject')).toMatch(/^Edit request for profile \d+$/);
  await shot(page, 'editor-request-edits');
});
