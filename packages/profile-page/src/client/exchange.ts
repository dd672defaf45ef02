/**
 * The "Share my details" form of the public page (issue #29 Contact exchange): a module the
 * page script imports only when a visitor opens it (the button, or the offer after "Save
 * contact"), so none of it is in the page's critical bytes. Served from the page's own host at
 * {@link EXCHANGE_SCRIPT_PATH} (CSP `script-src 'self'`); it asks the page's API what to show
 * (the owner's first name and the division's consent text), builds a `<dialog>` with DOM calls
 * (what it shows is set as text; only the consent, sanitised when the division saved it, is
 * HTML) and posts the details as JSON. Plain ES2020 in a string, no dependencies.
 */

export const EXCHANGE_SCRIPT = `const d = document;
let dialog = null;
const el = (tag, props, ...kids) => { const e = d.createElement(tag); Object.assign(e, props || {}); e.append(...kids.filter(Boolean)); return e; };
const CSS = '.ph-x{width:min(30rem,calc(100vw - 24px));max-height:calc(100dvh - 24px);padding:0;border:0;border-radius:var(--ph-radius,16px);background:var(--ph-bg-solid,#fff);color:var(--ph-text,#1b2230);font-family:var(--ph-font,system-ui,sans-serif);box-shadow:0 24px 60px -20px rgba(0,0,0,.55);overflow:auto}'
  + '.ph-x::backdrop{background:rgba(15,23,42,.55)}'
  + '.ph-x-in{position:relative;display:grid;gap:12px;padding:24px 20px 20px}'
  + '.ph-x h2{margin:0 40px 0 0;font-size:1.25rem;line-height:1.3}.ph-x-lede{margin:0;color:var(--ph-muted,#555)}'
  + '.ph-x-close{position:absolute;top:12px;right:12px;width:40px;height:40px;border:0;border-radius:50%;background:transparent;color:inherit;font:inherit;font-size:1.5rem;line-height:1;cursor:pointer}'
  + '.ph-x-close:focus-visible,.ph-x-ok input:focus-visible{outline:3px solid var(--ph-accent,#114b8a);outline-offset:2px}'
  + '.ph-x-two{display:grid;gap:12px}@media (min-width:560px){.ph-x-two{grid-template-columns:1fr 1fr}}'
  + '.ph-x-consent{font-size:.9rem;max-height:10rem;overflow:auto;padding:10px 12px;border:1px solid var(--ph-line,#ddd);border-radius:12px}.ph-x-consent>:first-child{margin-top:0}.ph-x-consent>:last-child{margin-bottom:0}'
  + '.ph-x-ok{display:flex;gap:10px;align-items:flex-start;font-weight:600}.ph-x-ok input{width:22px;height:22px;margin:1px 0 0;flex:none;accent-color:var(--ph-accent,#114b8a)}'
  + '.ph-x-done{margin:0;font-size:1.05rem;font-weight:600}';
const field = (name, label, o) => {
  const id = 'ph-x-' + name;
  const input = el(o.type === 'textarea' ? 'textarea' : 'input', { id, name, required: !!o.required, maxLength: o.max, autocomplete: o.auto || 'off' });
  if (o.type === 'textarea') input.rows = 3; else input.type = o.type || 'text';
  return el('div', { className: 'ph-field' }, el('label', { htmlFor: id }, label, o.required ? el('span', { className: 'ph-req', ariaHidden: 'true', textContent: ' *' }) : null), input);
};
const messageOf = async (res) => {
  try { const j = await res.json(); return (j.errors && j.errors[0] && j.errors[0].message) || j.message || ''; } catch (e) { return ''; }
};
async function build(api) {
  if (!d.getElementById('ph-x-css')) d.head.append(el('style', { id: 'ph-x-css', textContent: CSS }));
  const res = await fetch(api, { headers: { accept: 'application/json' }, credentials: 'omit' });
  if (!res.ok) throw new Error('unavailable');
  const info = await res.json();
  const who = info.firstName || '';
  const title = el('h2', { id: 'ph-x-title' });
  const lede = el('p', { className: 'ph-x-lede' });
  const err = el('p', { className: 'ph-err', role: 'alert', hidden: true });
  const send = el('button', { type: 'submit', className: 'ph-btn', textContent: 'Share my details' });
  let consent = null;
  if (info.consentHtml) {
    const text = el('div', { className: 'ph-x-consent', id: 'ph-x-consent-text' });
    text.innerHTML = info.consentHtml;
    consent = el('div', null, text, el('label', { className: 'ph-x-ok' }, el('input', { type: 'checkbox', name: 'consent', required: true }), el('span', { textContent: 'I agree' })));
    consent.querySelector('input').setAttribute('aria-describedby', 'ph-x-consent-text');
  }
  const form = el('form', { className: 'ph-form' },
    field('name', 'Name', { required: true, max: 100, auto: 'name' }),
    el('div', { className: 'ph-x-two' },
      field('email', 'Email', { type: 'email', required: true, max: 254, auto: 'email' }),
      field('phone', 'Phone', { type: 'tel', max: 40, auto: 'tel' })),
    el('div', { className: 'ph-x-two' },
      field('company', 'Company', { max: 100, auto: 'organization' }),
      field('jobTitle', 'Job title', { max: 100, auto: 'organization-title' })),
    field('note', 'Note', { type: 'textarea', max: 2000 }),
    consent,
    el('div', { className: 'ph-hp' }, el('label', { htmlFor: 'ph-x-website', textContent: 'Leave this empty' }), el('input', { id: 'ph-x-website', name: 'website', tabIndex: -1, autocomplete: 'off' })),
    err, send);
  form.querySelector('.ph-hp').setAttribute('aria-hidden', 'true');
  const done = el('p', { className: 'ph-x-done', role: 'status', tabIndex: -1, hidden: true });
  const closeBtn = el('button', { type: 'button', className: 'ph-x-close', textContent: '×' });
  closeBtn.setAttribute('aria-label', 'Close');
  const dlg = el('dialog', { className: 'ph-x' }, el('div', { className: 'ph-x-in' }, closeBtn, title, lede, form, done));
  dlg.setAttribute('aria-labelledby', 'ph-x-title');
  closeBtn.addEventListener('click', () => dlg.close());
  dlg.addEventListener('click', (e) => { if (e.target === dlg) dlg.close(); });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!form.reportValidity()) return;
    const body = {};
    new FormData(form).forEach((v, k) => { if (k !== 'consent') { const s = String(v).trim(); if (s || k === 'name' || k === 'email') body[k] = s; } });
    if (consent) body.consent = form.elements.consent.checked;
    err.hidden = true; send.disabled = true; form.setAttribute('aria-busy', 'true');
    try {
      const r = await fetch(api, { method: 'POST', credentials: 'omit', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
      if (!r.ok) throw new Error((await messageOf(r)) || 'Your details could not be sent. Please try again.');
      const ok = await r.json();
      form.hidden = true; lede.hidden = true;
      done.textContent = ok.message; done.hidden = false; done.focus();
    } catch (x) {
      err.textContent = x instanceof Error && x.message !== 'Failed to fetch' ? x.message : 'Your details could not be sent. Please try again.';
      err.hidden = false;
    } finally { send.disabled = false; form.removeAttribute('aria-busy'); }
  });
  d.body.append(dlg);
  return { dlg, who, title, lede, form, done };
}
export async function open(o) {
  if (!dialog) dialog = build(o.api).catch((e) => { dialog = null; throw e; });
  const x = await dialog;
  if (x.dlg.open) return;
  const who = x.who;
  x.title.textContent = who ? 'Share your details with ' + who : 'Share your details';
  x.lede.textContent = o.offer
    ? 'You saved ' + (who ? who + '’s' : 'the') + ' card. Leave yours too' + (who ? ' so ' + who + ' can get back to you.' : '.')
    : (who ? who : 'The owner of this page') + ' gets your details and can get back to you.';
  if (x.form.hidden && x.done.hidden === false) { x.form.reset(); x.form.hidden = false; x.lede.hidden = false; x.done.hidden = true; }
  x.dlg.showModal();
  const first = x.form.querySelector('input');
  if (first && !x.form.hidden) first.focus();
}
`;

/** Where the page's host serves {@link EXCHANGE_SCRIPT}. */
export const EXCHANGE_SCRIPT_PATH = '/_ph/exchange.js';

/** A short version of the script's text (FNV-1a): its address names it, so a browser may keep it for good. */
export const EXCHANGE_SCRIPT_VERSION = (() => {
  let h = 0x811c9dc5;
  for (let i = 0; i < EXCHANGE_SCRIPT.length; i++) h = Math.imul(h ^ EXCHANGE_SCRIPT.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
})();
