import { OFFBOARDING_MESSAGES } from '@profilehub/shared';

const escapeHtml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The small self-contained page every one of these answers is: the same look, no script. */
const notice = (title: string, heading: string, text: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f6f7f9;color:#1b1f24}main{max-width:22rem;padding:2rem;text-align:center}h1{font-size:1.4rem;margin:0 0 .5rem}p{margin:0;color:#57606a}</style>
</head><body><main><h1>${heading}</h1><p>${text}</p></main></body></html>`;

/** The 410 of a deactivated person's page whose division chose "no longer with the company" (decision 022). */
export const PERSON_GONE_HTML = notice(OFFBOARDING_MESSAGES.goneTitle, OFFBOARDING_MESSAGES.goneTitle, OFFBOARDING_MESSAGES.goneText);

/** The division's card, shown on a deactivated person's page whose division chose "show the company card" (decision 022). */
export function companyCardHtml(companyTitle: string): string {
  const title = escapeHtml(companyTitle);
  return notice(title, title, `${OFFBOARDING_MESSAGES.goneText.replace('the company', title)}`);
}

/** The 404 a visitor sees for an unknown or unpublished profile: small, self-contained, no script. */
export const PROFILE_NOT_FOUND_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Profile not found</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f6f7f9;color:#1b1f24}main{max-width:22rem;padding:2rem;text-align:center}h1{font-size:1.4rem;margin:0 0 .5rem}p{margin:0;color:#57606a}</style>
</head><body><main><h1>Profile not found</h1><p>This digital profile does not exist or is not published any more. Check the link you were given.</p></main></body></html>`;

/** The 410 a visitor sees on any page of an archived division: the same look, no script. */
export const PROFILE_GONE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Profile no longer available</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f6f7f9;color:#1b1f24}main{max-width:22rem;padding:2rem;text-align:center}h1{font-size:1.4rem;margin:0 0 .5rem}p{margin:0;color:#57606a}</style>
</head><body><main><h1>Profile no longer available</h1><p>This digital profile is no longer available.</p></main></body></html>`;
