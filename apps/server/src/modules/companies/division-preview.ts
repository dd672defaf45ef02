/**
 * The divisions console's live preview (POST /api/companies/{id}/preview): how the division's
 * sign-in page and a sample public page will look with settings not saved yet. Both are
 * HTML documents for sandboxed frames (no script runs in them); every custom CSS goes through
 * the page renderer's `sanitizeCss`, exactly as publishing does, so none can close its
 * `<style>` element or load from elsewhere.
 */
import { contrastRatio, parseRgb, readableOn, sanitizeCss } from '@profilehub/profile-page';
import { type CompanyPreviewResult, DEFAULT_SUPPORT_LINK, hubName, supportHref, type WhiteLabel } from '@profilehub/shared';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Images are uploads (a root-relative path) or https URLs (the schema's rule); anything else is left out. */
const imageSrc = (src: string | null | undefined) => (src && /^(https:\/\/|\/(?!\/))/.test(src) ? escapeHtml(src) : null);
/** The product's colour (the sign-in button without a brand colour). */
const PRODUCT_COLOR = '#114b8a';

/**
 * The brand colour as the page renderer judges it (page-css.ts `colourDeclarations`): as text
 * and accents on the page's white background only at WCAG AA (4.5:1); below that the page
 * draws them in dark text instead, which the console says.
 */
export function brandContrast(brand: string | null | undefined): CompanyPreviewResult['contrast'] {
  const rgb = parseRgb(brand ?? undefined);
  const white = parseRgb('#fff');
  if (!rgb || !white) return null;
  const ratio = Math.round(contrastRatio(rgb, white) * 10) / 10;
  return { ratio, readable: contrastRatio(rgb, white) >= 4.5 };
}

/**
 * The sign-in page of the division's hub as it will look: its logo (else its name), 'Sign in
 * to {company} hub', the email step's button in the brand colour and the support link, with
 * the hub's custom CSS after ours (as the hub applies it).
 */
export function signInPreviewHtml(o: { whiteLabel: WhiteLabel | null; customSupportLink: string | null }): string {
  const wl = o.whiteLabel;
  const name = escapeHtml(hubName(wl));
  const brand = parseRgb(wl?.brand_color ?? undefined) ? wl!.brand_color! : PRODUCT_COLOR;
  const onBrand = readableOn(brand, undefined, '#fff');
  const logo = imageSrc(wl?.logo ?? wl?.light_logo);
  const support = escapeHtml(wl ? supportHref([{ customSupportLink: o.customSupportLink }]) : DEFAULT_SUPPORT_LINK);
  const css = `
    *{box-sizing:border-box}
    body{margin:0;min-height:100vh;font:15px/1.5 system-ui,-apple-system,Segoe UI,sans-serif;color:#1b1f24;
      background:radial-gradient(1200px 600px at 50% -10%, color-mix(in srgb, ${brand} 12%, transparent) 0%, transparent 60%), #f8f9fa}
    main{max-width:440px;margin:0 auto;padding:40px 16px;display:flex;flex-direction:column;gap:24px}
    .logo{display:flex;justify-content:center;min-height:40px}
    .logo img{height:40px;max-width:100%;object-fit:contain}
    .logo span{font-weight:700;font-size:22px}
    .ph-auth-card{background:#fff;border:1px solid #e9ecef;border-radius:16px;padding:32px 28px;box-shadow:0 12px 32px -8px rgb(16 24 40 / 12%)}
    h1{font-size:24px;line-height:1.2;margin:0 0 20px;letter-spacing:-0.02em}
    label{display:block;font-size:14px;font-weight:500;margin-bottom:4px}
    .input{border:1px solid #ced4da;border-radius:8px;height:38px;padding:0 12px;color:#868e96;display:flex;align-items:center}
    .button{margin-top:20px;border-radius:8px;height:40px;display:flex;align-items:center;justify-content:center;font-weight:600;background:${brand};color:${onBrand}}
    footer{text-align:center;font-size:14px;color:#868e96}
    footer a{color:${brand};font-weight:600}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sign in to ${name} hub</title><style>${sanitizeCss(css)}</style><style>${sanitizeCss(wl?.css)}</style></head><body><main><div class="logo">${
    logo ? `<img src="${logo}" alt="${name}">` : `<span>${name}</span>`
  }</div><div class="ph-auth-card"><h1>Sign in to ${name} hub</h1><label>Email</label><div class="input">you@company.com</div><div class="button">Continue</div></div><footer>Need help? <a href="${support}">Contact support</a></footer></main></body></html>`;
}
