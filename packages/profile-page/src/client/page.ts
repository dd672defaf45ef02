/**
 * The public page's only JavaScript, shipped inline as one `<script type="module">`
 * (deferred by nature, allowed by the page's CSP hash or nonce). Plain ES2020 in
 * a string — no bundler, no dependencies, under 5 KB gzip (a test checks).
 *
 * It reads its settings from `data-*` attributes on `<body>` and on elements:
 * - interaction tracking: `navigator.sendBeacon(eventsUrl, {profileId, action, type, label, value})`
 *   for the view on load (with where it came from: the URL's `src` and `utm_campaign`, the
 *   referrer's host — decision 032), clicks on `[data-track-action]` links, opening a
 *   `details[data-track-type]` (dropdown sections, modal buttons), playing a
 *   video, share, copy link, save to home screen, lead-form submit and scrolling
 *   past half of the page (once);
 * - copy link (clipboard + 'Copied!'), share (Web Share, falling back to copy),
 *   save to home screen (the browser's install prompt, or a hint);
 * - the YouTube facade: a click swaps the thumbnail for a youtube-nocookie player;
 * - the lead form: JSON to its action, then the thank-you message or the error;
 * - "Share my details" (and the offer after "Save contact"): imports the exchange form's
 *   module (client/exchange.ts, `data-exchange-js`) on first use and opens it;
 * - banner dots, gallery items that expired since publishing, and the service
 *   worker registration (when the page names one).
 */

export const PAGE_SCRIPT = `(() => {
const d = document, b = d.body, D = b.dataset, N = navigator;
const pid = Number(D.profileId) || 0, ev = D.eventsUrl, url = D.pageUrl || location.href.split('#')[0];
const cut = (v) => (v == null || v === '' ? undefined : String(v).slice(0, 300));
const track = (action, type, label, value, from) => {
  if (!ev || !pid) return;
  const body = JSON.stringify({ profileId: pid, action, type, label: cut(label), value: cut(value), ...from });
  try { if (N.sendBeacon && N.sendBeacon(ev, body)) return; } catch (e) {}
  fetch(ev, { method: 'POST', body, keepalive: true, credentials: 'omit', headers: { 'content-type': 'text/plain' } }).catch(() => {});
};
const $ = (s, r) => (r || d).querySelector(s);
const $$ = (s, r) => (r || d).querySelectorAll(s);
let toastTimer;
const toast = (text) => {
  const t = $('.ph-toast');
  if (!t) return;
  t.textContent = text;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.textContent = ''; }, 2500);
};
const copy = async () => {
  try { await N.clipboard.writeText(url); } catch (e) {
    const a = d.createElement('textarea');
    a.value = url; a.setAttribute('readonly', ''); a.className = 'ph-sr'; b.append(a); a.select();
    try { d.execCommand('copy'); } catch (e2) {}
    a.remove();
  }
  toast('Copied!');
  track('click', 'copy-link', 'Copy link', url);
};
let installPrompt;
addEventListener('beforeinstallprompt', (e) => { e.preventDefault(); installPrompt = e; });
const playVideo = (a) => {
  const id = a.dataset.yt;
  if (!/^[\\w-]{11}$/.test(id || '')) return false;
  const f = d.createElement('iframe');
  f.src = 'https://www.youtube-nocookie.com/embed/' + id + '?autoplay=1&rel=0&playsinline=1';
  f.title = a.dataset.title || 'YouTube video';
  f.allow = 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share';
  f.allowFullscreen = true;
  f.referrerPolicy = 'strict-origin-when-cross-origin';
  const box = d.createElement('div');
  box.className = 'ph-yt';
  box.append(f);
  a.replaceWith(box);
  f.focus();
  track('view-media', 'video', a.dataset.title, id);
  return true;
};
let xm;
const exchange = (offer) => {
  if (!D.exchangeJs || !D.exchangeUrl) return;
  (xm = xm || import(D.exchangeJs)).then((m) => m.open({ api: D.exchangeUrl, offer })).catch(() => { xm = null; toast('Please try again in a moment.'); });
};
d.addEventListener('click', (e) => {
  const t = e.target instanceof Element ? e.target : null;
  if (!t) return;
  if (t.closest('a.ph-save')) exchange(true);
  const yt = t.closest('a[data-yt]');
  if (yt) { if (playVideo(yt)) e.preventDefault(); return; }
  const tr = t.closest('[data-track-action]');
  if (tr) { const s = tr.dataset; track(s.trackAction, s.trackType, s.trackLabel, s.trackValue); }
  const act = t.closest('button[data-action]');
  if (!act) return;
  const a = act.dataset.action;
  if (a === 'copy') copy();
  else if (a === 'exchange') exchange(false);
  else if (a === 'share') {
    if (N.share) N.share({ title: d.title, text: D.shareText || undefined, url }).then(() => track('share', 'page', 'Share', url), () => {});
    else copy();
  } else if (a === 'install') {
    track('click', 'pwa-install', 'Add to home screen');
    if (installPrompt) { installPrompt.prompt(); installPrompt = null; }
    else toast(/iphone|ipad|ipod/i.test(N.userAgent) ? 'Tap Share, then "Add to Home Screen"' : 'Use your browser menu: "Add to Home screen"');
  }
});
d.addEventListener('toggle', (e) => {
  const t = e.target;
  if (t instanceof HTMLDetailsElement && t.open && t.dataset.trackType) track('open', t.dataset.trackType, t.dataset.trackLabel);
}, true);
const onScroll = () => {
  const h = d.documentElement.scrollHeight;
  if (h && (scrollY + innerHeight) / h >= 0.5) { removeEventListener('scroll', onScroll); track('scroll', 'page', '50%', '50'); }
};
addEventListener('scroll', onScroll, { passive: true });
$$('[data-expires]').forEach((el) => { if (Date.parse(el.dataset.expires) < Date.now()) el.remove(); });
$$('.ph-slides').forEach((s) => {
  const dots = $$('i', s.parentElement.querySelector('.ph-dots') || d.createElement('div'));
  if (!dots.length) return;
  s.addEventListener('scroll', () => {
    const i = Math.round(s.scrollLeft / (s.clientWidth || 1));
    dots.forEach((dot, n) => dot.classList.toggle('on', n === i));
  }, { passive: true });
});
$$('form.ph-form').forEach((form) => {
  const err = $('.ph-err', form), btn = $('button[type=submit]', form), thanks = $('.ph-thanks', form.parentElement);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!form.reportValidity()) return;
    const fields = {};
    new FormData(form).forEach((v, k) => { fields[k] = String(v).trim(); });
    err.hidden = true; btn.disabled = true; form.setAttribute('aria-busy', 'true');
    try {
      const res = await fetch(form.action, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ profileId: pid, formId: form.dataset.formId || '', fields }) });
      if (!res.ok) {
        let m = '';
        try { const j = await res.json(); m = j.message || (j.errors && j.errors[0] && j.errors[0].message) || ''; } catch (e2) {}
        throw new Error(m || 'Your message could not be sent. Please try again.');
      }
      form.hidden = true;
      if (thanks) { thanks.hidden = false; thanks.focus(); }
      track('submit', 'lead-form', form.dataset.formId);
    } catch (x) {
      err.textContent = x instanceof Error && x.message !== 'Failed to fetch' ? x.message : 'Your message could not be sent. Please try again.';
      err.hidden = false;
    } finally { btn.disabled = false; form.removeAttribute('aria-busy'); }
  });
});
if (D.swUrl && 'serviceWorker' in N) addEventListener('load', () => { N.serviceWorker.register(D.swUrl, D.swScope ? { scope: D.swScope } : undefined).catch(() => {}); });
// Where the view came from: the carrier's ?src= tag, the campaign, and the referring site's domain only.
const Q = new URLSearchParams(location.search);
let ref;
try { ref = new URL(d.referrer).hostname; } catch (e) {}
track('view', 'page', d.title, undefined, { source: cut(Q.get('src')), campaign: cut(Q.get('utm_campaign')), referrer: ref && ref !== location.hostname ? ref : undefined });
})();
`;

/**
 * The per-profile service worker. On install it caches the page, its manifest
 * and its images; the page is then served network-first (the cached copy when
 * offline), images cache-first. `cacheName` should be `{prefix}:{version}`:
 * on activate, the worker deletes older caches with the same prefix.
 */
export function serviceWorkerScript(cacheName: string, urls: { page: string; manifest?: string | undefined; images?: readonly string[] | undefined }): string {
  const precache = [urls.page, urls.manifest, ...(urls.images ?? [])].filter((u): u is string => typeof u === 'string' && u.length > 0 && u.length <= 2048);
  const json = (v: unknown) =>
    JSON.stringify(v)
      .replace(/</g, '\\u003c')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029');
  return `'use strict';
const CACHE = ${json(String(cacheName))};
const PAGE = new URL(${json(urls.page)}, self.location).href;
const PRECACHE = ${json([...new Set(precache)])}.map((u) => new URL(u, self.location).href);
const PREFIX = CACHE.includes(':') ? CACHE.slice(0, CACHE.lastIndexOf(':') + 1) : null;
self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(PRECACHE.map(async (u) => {
      try {
        const sameOrigin = new URL(u).origin === self.location.origin;
        const res = await fetch(new Request(u, sameOrigin ? { cache: 'reload' } : { mode: 'no-cors' }));
        if (res.ok || res.type === 'opaque') await cache.put(u, res);
      } catch (e) {}
    }));
    await self.skipWaiting();
  })());
});
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    if (PREFIX) for (const key of await caches.keys()) if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});
const clean = (u) => { const x = new URL(u); x.search = ''; x.hash = ''; return x.href.replace(/\\/$/, ''); };
self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  if (req.mode === 'navigate' && clean(req.url) === clean(PAGE)) {
    event.respondWith((async () => {
      const cache = await caches.open(CACHE);
      try {
        const res = await fetch(req);
        if (res.ok) await cache.put(PAGE, res.clone());
        return res;
      } catch (e) {
        return (await cache.match(PAGE)) || Response.error();
      }
    })());
    return;
  }
  if (PRECACHE.includes(req.url)) {
    event.respondWith((async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(req.url);
      if (hit) return hit;
      const res = await fetch(req);
      if (res.ok || res.type === 'opaque') await cache.put(req.url, res.clone());
      return res;
    })());
  }
});
`;
}

export type ManifestIcon = { src: string; sizes: string; type?: string; purpose?: string };

/** The per-profile web app manifest (save to home screen), as JSON text. */
export function webManifest(options: {
  name: string;
  shortName?: string;
  startUrl: string;
  scope?: string;
  icons?: readonly ManifestIcon[];
  themeColor?: string;
  backgroundColor?: string;
}): string {
  const shortName = options.shortName ?? (Array.from(options.name).length > 12 ? (options.name.split(/\s+/)[0] ?? options.name) : options.name);
  return JSON.stringify({
    name: options.name,
    short_name: Array.from(shortName).slice(0, 30).join(''),
    id: options.startUrl,
    start_url: options.startUrl,
    scope: options.scope ?? options.startUrl,
    display: 'standalone',
    background_color: options.backgroundColor ?? '#ffffff',
    theme_color: options.themeColor ?? '#114b8a',
    icons: (options.icons ?? []).map((i) => ({
      src: i.src,
      sizes: i.sizes,
      ...(i.type ? { type: i.type } : {}),
      ...(i.purpose ? { purpose: i.purpose } : {}),
    })),
  });
}
