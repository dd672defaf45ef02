import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Auth, addButton, auth, editorView, openSection, saveStatus } from '../editor-support.ts';
import { PORT } from '../env.ts';
import { expectToast, shot, sideNav, signInAndWait, USERS } from '../support.ts';

/**
 * Issue #25 rows 2 and 4, as Acme's supervisor does them on Leo's card (seeded published,
 * with later edits waiting for approval): the editor says whose card it is, shows Leo's
 * declined request neutrally, and will not put the declined edits live in one click; and
 * an incomplete button no longer holds back — or silently loses — the edits beside it.
 */

const LEO_PAGE = `http://127.0.0.1:${PORT}/leo-lane`;
const leoPage = (request: APIRequestContext) => request.get(LEO_PAGE, { headers: { host: `acme.localhost:${PORT}` } });

async function leoId(request: APIRequestContext): Promise<number> {
  const html = await (await leoPage(request)).text();
  const id = Number(/data-profile-id="(\d+)"/.exec(html)?.[1]);
  expect(id, 'Leo’s page names his profile').toBeGreaterThan(0);
  return id;
}

async function openLeo(page: Page, id: number): Promise<void> {
  await page.goto(`/self-service/${id}`);
  // The editor loads its chunk and the profile first: give a busy machine time.
  await expect(page.getByRole('heading', { level: 1, name: "Editing Leo Lane's profile" })).toBeVisible({ timeout: 20_000 });
}

/** Publish, through the division's disclaimer when it has one, up to the question that follows it. */
async function clickPublish(page: Page, next: ReturnType<Page['getByRole']>): Promise<void> {
  await page.getByRole('button', { name: 'Publish changes' }).click();
  const consent = page.getByRole('dialog', { name: 'Disclaimer' });
  await expect(consent.or(next)).toBeVisible();
  if (await consent.isVisible()) await consent.getByRole('button', { name: 'I Agree' }).click();
  await expect(next).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('a supervisor on Leo’s declined card reads the decline neutrally and publishes the declined edits only after saying so', async ({ page, request }) => {
  const sup: Auth = await auth(request, USERS.supervisor);
  const id = await leoId(request);
  const queue = (await (await request.get('/api/approvals', { headers: sup })).json()) as { data: { id: number; profileId: number }[] };
  const leos = queue.data.find((a) => a.profileId === id);
  expect(leos, 'Leo’s seeded request waits in the queue').toBeDefined();
  const declined = await request.put(`/api/approvals/respond/${leos!.id}`, {
    headers: sup,
    data: { approved: false, message: 'No team quotes on cards yet, please.' },
  });
  expect(declined.status(), await declined.text()).toBe(200);

  await signInAndWait(page, USERS.supervisor);
  await openLeo(page, id);
  const banner = page.getByRole('status', { name: "Leo Lane's last changes were declined" });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Message sent to Leo Lane: No team quotes on cards yet, please.');
  await expect(page.getByText('Your last changes were not approved')).toHaveCount(0);
  await expect(page.getByText('Message from your supervisor')).toHaveCount(0);
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await shot(page, `editor-others-declined-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // One click on Publish does not put the declined edits live: it asks first.
  const ask = page.getByRole('dialog', { name: 'Publish declined changes?' });
  await clickPublish(page, ask);
  await expect(ask).toContainText("Leo Lane's last changes were declined on");
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  expect(await (await leoPage(request)).text()).not.toContain('Get a team quote');

  // Saying so publishes them.
  await clickPublish(page, ask);
  await ask.getByRole('button', { name: 'Publish anyway' }).click();
  await expectToast(page, 'Profile Published');
  expect(await (await leoPage(request)).text()).toContain('Get a team quote');
});

test('a supervisor’s job title on Leo’s card is saved while a new button waits for its URL; leaving asks, names the button, and takes them back to it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const sup = await auth(request, USERS.supervisor);
  const id = await leoId(request);
  await signInAndWait(page, USERS.supervisor);
  await openLeo(page, id);

  // A new link button without its URL…
  await openSection(page, 'Buttons');
  const rows = page.getByRole('list', { name: 'Buttons' }).getByRole('listitem');
  const n = (await rows.count()) + 1;
  await addButton(page, 'Link button');
  await expect(rows).toHaveCount(n);
  await page.getByLabel(`Button ${n} title`).fill('Book a review');

  // …does not hold back the job title typed beside it.
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/profiles/${id}`));
  await page.getByLabel('Job title / subheading').fill('Key Account Manager');
  const answer = await saved;
  expect(answer.status()).toBe(200);
  expect(Object.keys(answer.request().postDataJSON().changes)).toEqual(['jobTitle']);
  expect((await editorView(request, sup, id)).content.jobTitle).toBe('Key Account Manager');
  const waiting = saveStatus(page).getByRole('button', { name: `Button ${n} URL: Enter the address this button opens (https://…).` });
  await expect(waiting).toBeVisible();
  await shot(page, 'editor-others-waiting-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'editor-others-waiting-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Leaving through the side navigation asks, naming what is not saved.
  await sideNav(page).getByRole('link', { name: 'Users' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await expect(leave).toContainText(`Button ${n} URL: Enter the address this button opens (https://…).`);
  await shot(page, 'editor-others-leave-1280');
  await leave.getByRole('button', { name: 'Stay and fix it' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/self-service/${id}$`));
  // Taken to the field that waits.
  const url = page.getByLabel(`Button ${n} URL`);
  await expect(url).toBeFocused();
  await expect(url).toBeInViewport();

  // Completed, it is saved, and leaving no longer asks.
  const complete = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/profiles/${id}`));
  await url.fill('https://acme.example/leo/review');
  expect((await complete).status()).toBe(200);
  await expect(saveStatus(page)).toHaveAttribute('data-save-status', 'saved');
  const links = (await editorView(request, sup, id)).content.links as { title?: string; url?: string }[];
  expect(links.some((l) => l.title === 'Book a review' && l.url === 'https://acme.example/leo/review')).toBe(true);
  await sideNav(page).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Users/ })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toHaveCount(0);

  // The browser's back and forward buttons ask too; "Leave anyway" leaves.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: "Editing Leo Lane's profile" })).toBeVisible({ timeout: 20_000 });
  await openSection(page, 'Buttons');
  await addButton(page, 'Link button');
  await expect(saveStatus(page)).toHaveAttribute('data-save-status', 'invalid');
  await page.goForward();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Leave anyway' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Users/ })).toBeVisible();
});

test('closing the tab with a button still missing its URL asks the browser to stay', async ({ page, request }) => {
  const id = await leoId(request);
  await signInAndWait(page, USERS.supervisor);
  await openLeo(page, id);
  await openSection(page, 'Buttons');
  await addButton(page, 'Link button');
  await expect(saveStatus(page)).toHaveAttribute('data-save-status', 'invalid');
  const dialog = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const asked = await dialog;
  expect(asked.type()).toBe('beforeunload');
  await asked.accept();
});
