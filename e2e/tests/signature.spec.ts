import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type FrameLocator, type Locator, type Page, test } from '@playwright/test';
import { emailSignature } from '../../packages/profile-page/src/signature.ts';
import { type Auth, auth, editorView, openEditor, openSection, ownProfileId, pngFile } from '../editor-support.ts';
import { SHOTS_DIR } from '../env.ts';
import { BASE_URL, expectToast, resize, signInAndWait, toast, USERS } from '../support.ts';

/**
 * The email signature (issue #30): the editor's panel renders the published card's signature
 * in Chromium — no script, no stylesheet, every image and link absolute https — copies it to
 * the clipboard as HTML with its text twin, and shows the template's layout read-only when the
 * template locks it. A supervisor downloads the division's signatures as a zip.
 *
 * The template's child permissions are put back as they were at the end (other specs rely on them).
 */

type Entry = { key: string; show: boolean; edit: boolean; optional: boolean; sortable: boolean };
const panel = (page: Page) => page.getByTestId('signature-panel');
const signatureFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Email signature preview"]');

let templateId = 0;
let childRecordId: number | null = null;
let seededChild: Entry[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const headers = await auth(request, USERS.supervisor);
  const jane = await editorView(request, headers, await ownProfileId(request, await auth(request, USERS.jane)));
  templateId = jane.master?.id ?? 0;
  expect(templateId).toBeGreaterThan(0);
  const template = await editorView(request, headers, templateId);
  seededChild = template.permissions.childPermissions;
  childRecordId = template.permissions.childPermissionId;
  expect(childRecordId).not.toBeNull();
});

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: BASE_URL });
  const headers = await auth(request, USERS.supervisor);
  if (childRecordId) await request.put(`/api/permissions/${childRecordId}`, { headers, data: { data: { permissions: seededChild } } });
  await request.dispose();
});

/** The panel alone, for people to look at (.tmp/e2e-shots, not committed). */
async function panelShot(target: Locator, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  // Toasts and the sticky header would cover the panel's top.
  await target.page().addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
  await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await target.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), animations: 'disabled' });
}

/** What the preview's document holds, read in Chromium. */
async function renderedSignature(body: Locator) {
  await expect(body.locator('table').first()).toBeVisible();
  return body.evaluate((el) => {
    const doc = el.ownerDocument;
    return {
      scripts: doc.querySelectorAll('script').length,
      stylesheets: doc.querySelectorAll('style, link').length,
      eventHandlers: [...doc.querySelectorAll('*')].filter((n) => [...n.attributes].some((a) => a.name.startsWith('on'))).length,
      // The attribute as written (absolute or not), not the resolved property.
      links: [...doc.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? ''),
      images: [...doc.querySelectorAll('img')].map((i) => i.getAttribute('src') ?? ''),
      text: (el as HTMLElement).innerText,
    };
  });
}

async function setTemplateLayout(request: APIRequestContext, headers: Auth, layout: string) {
  const template = await editorView(request, headers, templateId);
  const res = await request.patch(`/api/profiles/${templateId}`, {
    headers,
    data: { version: template.profile.version, changes: { emailSignatureLayout: layout } },
  });
  expect(res.status()).toBe(200);
}

test('Jane’s signature renders in Chromium with no script or stylesheet, https links only, and copies as HTML', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  await signInAndWait(page, USERS.jane);
  await openEditor(page);
  const answer = page.waitForResponse((r) => /\/api\/profiles\/\d+\/signature/.test(r.url()));
  await openSection(page, 'Email signature');
  expect((await answer).status()).toBe(200);

  const shown = await renderedSignature(signatureFrame(page).locator('body'));
  expect(shown.text).toContain('Jane');
  expect(shown.scripts).toBe(0);
  expect(shown.stylesheets).toBe(0);
  expect(shown.eventHandlers).toBe(0);
  expect(shown.links.length).toBeGreaterThan(0);
  for (const href of shown.links) expect(href).toMatch(/^https:\/\//);
  for (const src of shown.images) expect(src).toMatch(/^https:\/\//);

  // Another layout is one click away while the template leaves it open.
  const card = page.waitForResponse((r) => r.url().includes('layout=card'));
  await panel(page).getByText('With QR code').click();
  expect((await card).status()).toBe(200);

  await panel(page).getByRole('button', { name: 'Copy signature' }).click();
  await expectToast(page, /Signature copied/);
  await toast(page, /Signature copied/)
    .getByRole('button')
    .click();
  await expect(toast(page, /Signature copied/)).toHaveCount(0);
  const clipboard = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    if (!item) return null;
    return { types: item.types, html: await (await item.getType('text/html')).text(), text: await (await item.getType('text/plain')).text() };
  });
  expect(clipboard?.types).toEqual(expect.arrayContaining(['text/html', 'text/plain']));
  expect(clipboard?.html).toContain('<table');
  expect(clipboard?.html).toContain('https://www.linkedin.com/in/jane-doe-demo');
  expect(clipboard?.text).toContain('Jane');

  // The install guides, one per mail client.
  for (const client of ['Gmail', 'Outlook', 'Apple Mail']) await expect(panel(page).getByRole('button', { name: client, exact: true })).toBeVisible();
  await panel(page).getByRole('button', { name: 'Gmail', exact: true }).click();
  await expect(panel(page).getByText(/See all settings/)).toBeVisible();

  for (const width of [1440, 375]) {
    await resize(page, { width, height: 900 });
    await panelShot(panel(page), `signature-panel-${width}`);
  }
});

test('the layout is locked for Jane when the template locks it', async ({ page, request }) => {
  const headers = await auth(request, USERS.supervisor);
  await setTemplateLayout(request, headers, 'compact');
  const locked = [
    ...seededChild.filter((e) => e.key !== 'emailSignatureLayout'),
    { key: 'emailSignatureLayout', show: true, edit: false, optional: true, sortable: true },
  ];
  expect((await request.put(`/api/permissions/${childRecordId}`, { headers, data: { data: { permissions: locked } } })).status()).toBe(200);

  await signInAndWait(page, USERS.jane);
  await openEditor(page);
  const answer = page.waitForResponse((r) => /\/api\/profiles\/\d+\/signature/.test(r.url()));
  await openSection(page, 'Email signature');
  const body = await (await answer).json();
  expect(body).toMatchObject({ layout: 'compact', locked: true });
  await expect(panel(page).getByText('Your template sets the signature layout.')).toBeVisible();
  for (const option of ['Classic', 'Compact', 'With QR code']) await expect(panel(page).getByRole('radio', { name: option })).toBeDisabled();
  await expect(panel(page).getByRole('radio', { name: 'Compact' })).toBeChecked();
  // The compact layout has no picture.
  expect((await renderedSignature(signatureFrame(page).locator('body'))).images).toEqual([]);

  // Asking the API for another layout still gives the template's.
  const janeHeaders = await auth(request, USERS.jane);
  const id = await ownProfileId(request, janeHeaders);
  const crafted = await request.get(`/api/profiles/${id}/signature?layout=card`, { headers: janeHeaders });
  expect(await crafted.json()).toMatchObject({ layout: 'compact', locked: true });
  await resize(page, { width: 375, height: 900 });
  await panelShot(panel(page), 'signature-panel-locked-375');
});

test('a supervisor downloads every signature of the division as a zip from the template editor', async ({ page }) => {
  await signInAndWait(page, USERS.supervisor);
  await page.goto(`/manage-templates/${templateId}?mode=permissions`);
  const legend = page.getByRole('dialog', { name: 'Edit Template Permissions' });
  await legend.getByRole('button', { name: 'I Understand' }).click();
  await expect(legend).toBeHidden();
  await openSection(page, 'Email signature');
  // The template has no card of its own: it says so, and still offers the division's zip and the lock.
  await expect(panel(page).getByText(/A template has no card of its own/)).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Copy signature' })).toHaveCount(0);
  await expect(
    panel(page)
      .getByRole('button', { name: /permission of Signature layout/ })
      .first(),
  ).toBeVisible();
  const downloading = page.waitForEvent('download');
  await panel(page).getByRole('button', { name: 'Download all signatures (zip)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^signatures-[a-z0-9-]+\.zip$/);
  await resize(page, { width: 1440, height: 900 });
  await panelShot(panel(page), 'signature-panel-template-1440');
});

test('each layout, as an https hub makes it, renders in Chromium with its photo or QR code beside the details', async ({ page }) => {
  // The e2e hub is plain http, whose URLs a signature leaves out: here the renderer gets https ones,
  // and Chromium fetches the images from a stand-in for the page host.
  await page.goto('about:blank');
  const png = await pngFile(page);
  await page.route('https://acme.example.com/**', (route) => route.fulfill({ contentType: 'image/png', body: png.buffer }));
  const content = {
    fullName: 'Jane Doe',
    jobTitle: 'Head of Sales',
    mainContactNumber: '+27 82 555 0101',
    emailAddress: 'jane@acme.example',
    profilePhoto: { url: '/uploads/jane.png' },
    socialLinks: [{ key: 'linkedin' as const, url: 'https://www.linkedin.com/in/jane-doe-demo' }],
  };
  for (const layout of ['classic', 'compact', 'card'] as const) {
    const { html } = emailSignature(content, {
      layout,
      cardUrl: 'https://acme.example.com/jane-doe?src=signature',
      qrUrl: 'https://acme.example.com/jane-doe/qr.png',
      organization: 'Acme',
      brandColor: '#0f766e',
    });
    await page.setContent(`<!DOCTYPE html><html><body style="margin:16px">${html}</body></html>`);
    const shown = await renderedSignature(page.locator('body'));
    expect(shown.scripts + shown.stylesheets + shown.eventHandlers).toBe(0);
    expect(shown.links[0]).toBe('https://acme.example.com/jane-doe?src=signature');
    for (const url of [...shown.links, ...shown.images]) expect(url).toMatch(/^https:\/\//);
    const images = page.locator('img');
    expect(await images.count()).toBe(layout === 'compact' ? 0 : 1);
    if (layout !== 'compact') {
      // Loaded, and beside the details (left for the photo, right for the QR code), not above or below them.
      await expect(images).toHaveJSProperty('complete', true);
      expect(await images.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const picture = (await images.boundingBox())!;
      const name = (await page.getByText('Jane Doe').boundingBox())!;
      expect(layout === 'classic' ? picture.x + picture.width <= name.x : name.x + name.width <= picture.x).toBe(true);
      expect(picture.y).toBeLessThan(name.y + name.height);
    }
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 300 });
      mkdirSync(SHOTS_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS_DIR, `signature-${layout}-${width}.png`) });
    }
  }
});
