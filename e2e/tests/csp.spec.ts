import { expect, test } from '@playwright/test';
import { openEditor, preview, section } from '../editor-support.ts';
import { signInAndWait, USERS } from '../support.ts';

/**
 * The hub runs under its Content-Security-Policy as served — no 'unsafe-eval', no remote
 * images but YouTube's thumbnails and its own page hosts — and its heaviest screen, the profile editor with its live preview, loads without
 * the browser refusing anything. A refusal would show as a `securitypolicyviolation` event.
 */
test('the profile editor loads under the hub’s CSP without unsafe-eval, and the browser reports no CSP violation', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const refusals: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refusals.push(m.text());
  });

  const shell = await page.request.get('/self-service');
  const csp = shell.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(csp).not.toContain('unsafe-eval');
  // Its own origin, YouTube's thumbnails and the hub's own page hosts (the preview's QR code); nothing a user picks.
  expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/i\.ytimg\.com http:\/\/\*\.localhost:\d+(;|$)/);

  await signInAndWait(page, USERS.jane);
  await openEditor(page);
  await expect(section(page, 'Personal details')).toBeVisible();
  await section(page, 'Personal details').click();
  await expect(preview(page).locator('body')).not.toBeEmpty();

  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  expect(refusals).toEqual([]);
});
